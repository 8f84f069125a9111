"""Issue #12, "the CLI in French": every `--help` of every command of every system reads in one
language — French by default, English with `--lang en` — with no word of the other language
(the words only one side of the CLI's catalogue uses), no snake_case id, no Python repr and no
seed file name.

The word lists come from the catalogue itself (`ecran/cli/locale/fr/LC_MESSAGES/ecran-cli.po`):
a word of a msgid that no translation uses is English, a word of a translation no msgid uses
is French."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from ecran.cli.app import COMMANDS
from ecran.cli.fields import kebab
from ecran.cli.words import LOCALE_DIR
from ecran.engine import all_systems

PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / "ecran-cli.po"
WORD = re.compile(r"[^\W\d_]{4,}")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
REPRS = ("{'", "True", "None", "False", "precise=", "=False", "=True")
CHOICES = re.compile(r"\[[\w-]*(?:\|[\w-]*)+\]")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
#: Words both languages write alike though only one side of the catalogue has them.
SHARED = {"json", "bash", "fish", "fastapi", "roll20", "floor", "options", "port", "test", "tests"}
SHARED |= {"standard", "plus", "explosion", "explosions", "expr", "arguments", "version"}
SHARED |= {"combat", "code", "chances", "round", "rounds", "force"}  # the games' French too


@cache
def words() -> dict[str, set[str]]:
    """lang -> the words that betray the *other* language in an output in `lang`."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    english: set[str] = set()
    french: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strs = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english |= {w.lower() for w in WORD.findall(re.sub(r"\{\w+\S*?\}", "", text))}
        for text in strs:
            french |= {w.lower() for w in WORD.findall(re.sub(r"\{\w+\S*?\}", "", text))}
    return {"fr": english - french - SHARED, "en": french - english - SHARED}


def own_commands() -> Iterator[list[str]]:
    """The commands whose every word is the CLI's own (its catalogue, click's words)."""
    yield []
    for name in COMMANDS:
        yield [name]
    yield ["character", "new"]
    yield ["character", "validate"]
    yield from (["encounter", sub] for sub in ("attack", "simulate"))
    yield from (["table", sub] for sub in ("export", "import"))
    for system in all_systems().values():
        for group in ("odds", "roll", "op"):
            yield [group, system.id]


def help_commands() -> Iterator[list[str]]:
    """Every command and group of the CLI, down to each check and operation of each system."""
    yield from own_commands()
    for system in all_systems().values():
        yield ["npc", system.id]
        for check in system.checks:
            for group in ("odds", "roll"):
                yield [group, system.id, kebab(check.name)]
        for operation in system.operations:
            yield ["op", system.id, kebab(operation.name)]


def prose(help_text: str) -> str:
    """The help as read, not typed: without its usage line, its option flags and the names of
    the commands it lists (`odds`, `--seed` are what one types, in any language)."""
    kept = []
    listing = False
    # a choice's default as one types it (`[par défaut : de-garde]`, `[default: normale]`,
    # issue #29), maybe wrapped
    help_text = re.sub(
        r"\[(?:par\s+défaut|default)\s*:\s*[a-z0-9]+(?:-\s*[a-z0-9]+)*\]", "", help_text
    )
    for line in help_text.splitlines():
        if line.strip().startswith(("Usage", "Utilisation")):
            # what the usage line names is read: its metavars (`COMMANDE [ARGUMENTS]`, `FILE`)
            kept.append(" ".join(re.findall(r"\b[A-Z][A-Z_]{2,}\b", line)))
            continue
        if line.strip().rstrip(":") in ("Commands", "Commandes"):
            listing = True
            continue
        if listing and re.match(r"^  \S", line):
            line = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
        if "Commandes" in line or "Commands" in line:  # the root's boxed listing
            listing = True
        elif listing and line.startswith("│ "):
            line = re.sub(r"^│ \S+", "│", line)
        line = CHOICES.sub("", line)  # `[kept-die|each-die]`: the values one types
        line = re.sub(r"\bECRAN_[A-Z0-9_]+", "", line)  # a variable's name is typed, not read
        kept.append(re.sub(r"(?<![\w-])--?[\w-]+(?:/--?[\w-]+)?", "", line))
    return "\n".join(kept)


def problems(help_text: str, lang: str) -> list[str]:
    text = prose(help_text)
    found = [
        f"word of the other language: {w}"
        for w in sorted(set(WORD.findall(text)))
        if w.lower() in words()[lang]
    ]
    found += [f"snake_case id: {m}" for m in sorted(set(SNAKE.findall(text)))]
    found += [f"repr: {r}" for r in REPRS if r in text]
    found += [f"seed file: {m}" for m in sorted(set(SEED_FILE.findall(text)))]
    # a flag's off switch is typed in the reader's language (`--sans-precise`, `--no-precise`)
    other = "--no-" if lang == "fr" else "--sans-"
    found += [f"off switch: {m}" for m in sorted(set(re.findall(rf"{other}[\w-]+", help_text)))]
    return found


def unreadable(cli: Callable[..., Any], lang: str, commands: Iterator[list[str]]) -> dict[str, Any]:
    failures = {}
    for command in commands:
        result = cli("--lang", lang, *command, "--help")
        assert result.code == 0, (command, result.err)
        found = problems(result.out, lang)
        if found:
            failures[" ".join(command)] = found
    return failures


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_cli_own_help_reads_in_one_language(cli: Callable[..., Any], lang: str) -> None:
    failures = unreadable(cli, lang, own_commands())
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_help_reads_in_one_language(cli: Callable[..., Any], lang: str) -> None:
    failures = unreadable(cli, lang, help_commands())
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


def test_the_word_lists_are_not_empty() -> None:
    assert {"show", "message", "command"} <= words()["fr"]
    assert {"afficher", "commande", "victoire"} <= words()["en"]


def test_help_headings_follow_the_readers_typography(cli: Callable[..., Any]) -> None:
    """French puts a space before a colon ("Options :"), English does not ("Options:")."""
    french = cli("--lang", "fr", "odds", "artemis", "--help").out.splitlines()
    english = cli("--lang", "en", "odds", "artemis", "--help").out.splitlines()
    assert "Options\u202f:" in french and "Commandes\u202f:" in french
    assert "Options:" in english and "Commands:" in english


def test_a_missing_argument_is_named_in_french_quotes(cli: Callable[..., Any]) -> None:
    """Click quotes the missing argument as Python does ('EXPR'); a French line quotes it
    « EXPR », with the encounter's file named as every other file is (FICHIER.json)."""
    assert cli("--lang", "fr", "dice").err.strip() == "ecran: Argument manquant « EXPR »."
    assert "« FICHIER.json »" in cli("--lang", "fr", "encounter", "simulate").err
    assert "'FILE.json'" in cli("--lang", "en", "encounter", "simulate").err


def test_a_flag_named_alike_in_both_languages_is_switched_off_in_each(
    cli: Callable[..., Any],
) -> None:
    """Artémis's `--precise` is the same word in French: off, it is `--sans-precise` there
    (and still `--no-precise`, the English id), with the same answer."""
    french = cli("--lang", "fr", "odds", "artemis", "attack", "--sans-precise", "--json")
    english = cli("--lang", "en", "odds", "artemis", "attack", "--no-precise", "--json")
    assert french.code == english.code == 0
    assert json.loads(french.out) == json.loads(english.out)
