"""How the command line words a parameter or a sheet field: an option's help line, a prompt's
label, the values a choice allows. The words come from `FieldMeta`, the one reader of field
metadata; only the CLI's own layout is decided here."""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum
from typing import Any, Literal, get_args, get_origin

from pydantic.fields import FieldInfo

from ecran.cli.names import english_value_names, label_name, value_names
from ecran.cli.words import catalogue
from ecran.rules import FieldMeta, Text
from ecran.rules.option import KIND_LABELS
from ecran.rules.text import Source

#: How a bound reads after the help text: `[≥ 0, ≤ 30]`.
_BOUNDS = {"ge": "≥", "gt": ">", "le": "≤", "lt": "<"}


def declared_label(meta: FieldMeta) -> Text | None:
    """The label the field declares, None for a plain field (the CLI words that one its own way:
    the description, the bare name)."""
    return meta.label if meta.label_declared else None


def kebab(name: str) -> str:
    """An id as the command line shows it: `test_xp` → `test-xp` (options, commands, choices)."""
    return name.replace("_", "-")


def option_help(name: str, info: FieldInfo, lang: str) -> str:
    """`règle maison : help (source) [≥ 0, ≤ 30] [par défaut : 5]`: what `--help` says of one
    option, its kind in words (`KIND_LABELS`), never its id."""
    _ = catalogue(lang).gettext
    meta = FieldMeta.of(name, info)
    text = meta.help or declared_label(meta)
    line = text(lang) if text is not None else (info.description or "")
    if meta.option:
        kind = KIND_LABELS[meta.option](lang) if meta.option in KIND_LABELS else meta.option
        source = f" ({source_label(meta.source, lang)})" if meta.source else ""
        line = f"{kind}{_(': ')}{line}{source}"
    bounds = [f"{_BOUNDS[attr]} {value}" for attr, value in meta.bounds.items()]
    if bounds:
        line += " [" + ", ".join(bounds) + "]"
    if info.is_required():
        line += " [" + _("required") + "]"
    elif getattr(info.default, "value", info.default) is not None and (
        info.annotation is not bool or info.default is True
    ):
        default = typed_default(meta, info.default, lang)
        line += " [" + _("default: {default}").format(default=default) + "]"
    return line


def typed_default(meta: FieldMeta, value: Any, lang: str) -> str:
    """A default as one types it: a choice by the name its option lists (`de-garde` in French,
    `kept-die` in English: `choice_names`), never its label; anything else as
    `shown`."""
    default_id = str(getattr(value, "value", value))
    listed = [str(c) for c in meta.choices] or list(meta.choice_labels)
    if default_id not in listed:
        return shown(value, lang)
    english = {c: meta.choice_label(c).en for c in listed}
    return choice_names({c: meta.choice_label(c).fr for c in listed}, lang, english)[default_id]


def choice_names(
    words: dict[str, str], lang: str, english: Mapping[str, str] | None = None
) -> dict[str, str]:
    """id -> a choice's name to type in the reader's language: its French name (its label,
    folded) in French where it has one, else its id in kebab-case; in English, a French id
    by its `english` label folded (`immanquable` → `cannot-miss`, `english_value_names`); an
    empty id (« aucun ») by its `english` label in English (`none`), which is typed as well,
    never as nothing."""
    if lang == "fr":
        own = value_names(words)
    else:
        own = english_value_names(words, english) if english else {}
    named = {c: own.get(c, kebab(c)) for c in words}
    if "" in named and not named[""] and english and english.get(""):
        named[""] = label_name(english[""])
    return named


def source_label(source: str, lang: str) -> str:
    """`000_….txt L46-53` (how a field's schema carries it) as its book: "Espace Artémis,
    l. 46-53"; left as it is when it is not a seed and lines."""
    found = re.match(r"^(\S+) L(\d+)(?:-(\d+))?", source)
    if found is None:
        return source
    first = int(found[2])
    last = int(found[3]) if found[3] else first
    return Source(seed=found[1], lines=(first, last)).label(lang)


def shown(value: Any, lang: str) -> str:
    """A default as typed on the command line: an enum's value, an id in kebab-case, a number
    as is (a decimal in the reader's notation is `ecran.cli.render.number`'s job)."""
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, bool):
        return catalogue(lang).gettext("yes" if value else "no")
    return kebab(value) if isinstance(value, str) else str(value)


#: Words for the fields every sheet has (`CharacterSheet`), which declare none of their own.
BASE_FIELDS = {
    "kind": Text(fr="Type de personnage", en="Character type"),
    "player": Text(fr="Joueur ou joueuse", en="Player"),
    "notes": Text(fr="Notes", en="Notes"),
    "name": Text(fr="Nom", en="Name"),
}

#: The kinds of character, as the books write them.
KIND_CHOICES = {"pc": Text(fr="PJ", en="PC"), "npc": Text(fr="PNJ", en="NPC")}


def prompt_label(name: str, info: FieldInfo, lang: str) -> str:
    """What a prompt asks for: the field's declared label, else the words of a base sheet
    field, else its title or (last resort) its name as people read it."""
    label = declared_label(FieldMeta.of(name, info)) or BASE_FIELDS.get(name)
    if label is not None:
        return label(lang)
    return info.title or name.replace("_", " ").capitalize()


def choice_words(name: str, info: FieldInfo, lang: str) -> dict[str, str]:
    """id -> how the reader names a choice of the field (its declared label, else the id)."""
    meta = FieldMeta.of(name, info)
    labels = KIND_CHOICES if name == "kind" else meta.choice_labels
    return {
        c: labels[c](lang) if c in labels else (c.replace("_", " ") if c else "—")
        for c in choices_of(info.annotation)
    }


def choices_of(annotation: Any) -> list[str]:
    """The allowed values of a Literal or Enum annotation (empty for anything else, an optional
    one included: the CLI asks for those as plain values)."""
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [str(m.value) for m in annotation]
    return []


def union_choices(annotation: Any) -> list[str]:
    """The named choices of a union that takes other values too (`Literal["central", …] | int`:
    a trait by its name or an acquired one's index), empty for anything else."""
    if choices_of(annotation):
        return []
    named = [choices_of(arg) for arg in get_args(annotation)]
    return [c for found in named for c in found]
