"""French names to type (issue #29): every command, check, operation, option and choice value
has a French name beside its English id, from data: `names.toml` for the commands, the command
line's own options and the words the books use for a parameter or a check, else the French
label the rules already carry (a check's title, a parameter's label, a choice's label),
ASCII-folded and hyphenated (`Dé gardé` → `de-garde`).

The English ids stay valid everywhere (CONTRACTS.md); the French ones are aliases. What a
person types is folded before it is looked up, so accents typed or not are accepted
(`--compétence`, `ecran dés`). Only the standard library loads here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ecran.toml_cache import load as load_toml

NAMES_FILE = Path(__file__).with_name("names.toml")

#: What a derived name drops: a label's parenthesised precision, a leading "Score de".
_PARENTHESES = re.compile(r"\([^)]*\)")
_LEADING = re.compile(r"^(score-(de|du|d)-|(l|la|le|les)-)")
#: A French name of more words than this is accepted but not listed (the id is).
MAX_SHOWN_WORDS = 3
#: A derived option name longer than this many words is no name to type (the id serves).
MAX_WORDS = 5


@cache
def data() -> dict[str, Any]:
    return load_toml(NAMES_FILE)


def fold(text: str) -> str:
    """A word as a name to type: no accents, no case, words joined by `-` (`Dé gardé` →
    `de-garde`, `test_xp` → `test-xp`, `Œuvre` → `oeuvre`)."""
    text = text.replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def typed(name: str) -> str:
    """A name as typed, folded for lookup; an empty fold (`?`) keeps the text."""
    return fold(name) or name


def label_name(label: str) -> str:
    """A name derived from a French label: its parentheses and a leading "Score de" off."""
    return _LEADING.sub("", fold(_PARENTHESES.sub(" ", label)))


def command_names() -> dict[str, str]:
    """English command -> its French name."""
    names: dict[str, str] = data()["commands"]
    return names


def subcommand_names(group: str) -> dict[str, str]:
    names: dict[str, str] = data().get("subcommands", {}).get(group, {})
    return names


def flag_name(flag: str) -> str | None:
    """The French name of one of the command line's own options (`--seed` → `--graine`)."""
    name: str | None = data()["flags"].get(flag)
    return name


class Aliases:
    """One group's names: English name -> French name, and every typed name (folded) -> the
    English name. A French name that folds like another's English name is dropped: the id wins."""

    def __init__(self, english: Iterable[str], french: Mapping[str, Iterable[str]]) -> None:
        self.english = list(english)
        self.primary: dict[str, str] = {}
        self.lookup: dict[str, str] = {typed(e): e for e in self.english}
        taken: dict[str, str | None] = {}
        for name in self.english:
            for alias in french.get(name, ()):
                key = typed(alias)
                if key in self.lookup and self.lookup[key] != name:
                    continue  # the id of another: never hidden
                taken[key] = None if taken.get(key, name) != name else name
        for key, owner in taken.items():
            if owner is None:  # two items fold to the same French name: neither gets it
                continue
            self.lookup.setdefault(key, owner)
            if key.count("-") < MAX_SHOWN_WORDS:  # a title too long to list is typed only
                self.primary.setdefault(owner, key)

    def english_of(self, name: str) -> str | None:
        return self.lookup.get(typed(name))

    def shown(self, name: str, lang: str) -> str:
        """The name the reader's language lists (French where there is one)."""
        return self.primary.get(name, name) if lang == "fr" else name

    def all_names(self) -> list[str]:
        return [*self.english, *self.primary.values()]


def commands() -> Aliases:
    return Aliases(command_names(), {e: [f] for e, f in command_names().items()})


def item_names(system: str, table: str, items: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """A game's checks (`table` "checks") or operations ("operations"), (id, French title)
    each: kebab-case id -> the book's word from the data, then its title's names."""
    listed: dict[str, str] = data().get(table, {}).get(system, {})
    return {
        name.replace("_", "-"): [n for n in (listed.get(name), label_name(title), fold(title)) if n]
        for name, title in items
    }


def listed_id(system: str, table: str, name: str) -> str | None:
    """The id whose French name in the data is `name` (typed), without walking the game's
    list (so `ecran chances artemis attaque` imports that check alone)."""
    listed: dict[str, str] = data().get(table, {}).get(system, {})
    key = typed(name)
    return next((i for i, french in listed.items() if french == key), None)


def option_name(field: str, label: str | None) -> str | None:
    """A parameter's French option name (no `--`): the book's word from the data, else its
    label's, when short enough to type."""
    listed: str | None = data()["options"].get(field)
    if listed is not None:
        return listed
    if label is None:
        return None
    name = label_name(label)
    return name if name and name.count("-") < MAX_WORDS else None


def value_names(choices: Mapping[str, str]) -> dict[str, str]:
    """id -> the French name to type for each choice (its folded label), where that name is
    neither another choice's id nor shared with another choice."""
    ids = {c.replace("_", "-") for c in choices}
    named: dict[str, str] = {}
    seen: dict[str, int] = {}
    for choice, label in choices.items():
        name = label_name(label)
        seen[name] = seen.get(name, 0) + 1
        if name and (name not in ids or name == choice.replace("_", "-")):
            named[choice] = name
    return {c: n for c, n in named.items() if seen[n] == 1}


def english_value_names(french: Mapping[str, str], english: Mapping[str, str]) -> dict[str, str]:
    """id -> the English name to type for each choice whose id is no English word (Fluid's
    `immanquable`, labelled « Immanquable » / "Cannot miss": `cannot-miss`): an id holding more
    words of its French label than of its English one (`grand-secret`, "Great secret"; not
    `disease-contraction`, « Contraction d'une maladie »). The name is the English label folded,
    kept where it is no other choice's id or French name, nor shared with another choice."""
    ids = {kebab_id(c) for c in french}
    taken = ids | set(value_names(french).values())
    named: dict[str, str] = {}
    seen: dict[str, int] = {}
    for choice, label in english.items():
        words, ours = set(kebab_id(choice).split("-")), label_name(label)
        theirs = set(label_name(french.get(choice, "")).split("-"))
        if len(words & theirs) <= len(words & set(ours.split("-"))):
            continue
        seen[ours] = seen.get(ours, 0) + 1
        if ours and ours not in taken:
            named[choice] = ours
    return {c: n for c, n in named.items() if seen[n] == 1}


def kebab_id(choice: str) -> str:
    """A choice's id folded as a name (`tres_facile` → `tres-facile`)."""
    return fold(choice) or choice


def fold_option(token: str) -> str:
    """`--compétence=5` as `--competence=5`: an option typed with accents or capitals is the
    option without them (the value after `=` is left as typed)."""
    if not token.startswith("--") or (token.isascii() and token.islower()):
        return token
    name, equals, value = token.partition("=")
    folded = "--" + fold(name[2:])
    return f"{folded}{equals}{value}" if folded != "--" else token
