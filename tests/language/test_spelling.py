"""Issue 29's spell-check pass: every French word the product says from its data (the games'
`{fr, en}` labels and helps, the labels their code declares) and its catalogues (web, CLI) is a
word of the French dictionary (pyspellchecker's) or an accepted term (`spelling.toml`, each
group with why). Names (a capital first letter) and acronyms are not checked; placeholders,
options and elided articles are taken out first."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import ecran.cli
import ecran.web
from language.finder import SYSTEMS, _catalogue, _declared, data_texts

spellchecker = pytest.importorskip("spellchecker")

ACCEPTED = tomllib.loads((Path(__file__).parent / "spelling.toml").read_text("utf-8"))
#: A word, with its elided article or pronoun (l', d', qu') split off below.
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
#: What is no word: a placeholder ({name}, %(num)s), an option (--seed).
NOT_WORDS = re.compile(r"\{[^}]*\}|%\(\w+\)\w|--[\w-]+")


def french_texts() -> Iterator[str]:
    for system_id in SYSTEMS:
        yield from (text.fr for text in data_texts(system_id))
        yield from (text.fr for text in _declared(system_id))
    web = Path(ecran.web.__file__).parent / "locale/fr/LC_MESSAGES/messages.po"
    cli = Path(ecran.cli.__file__).parent / "locale/fr/LC_MESSAGES/ecran-cli.po"
    for catalogue in (web, cli):
        yield from (text.fr for text in _catalogue(catalogue))


@cache
def unknown_words() -> frozenset[str]:
    checker = spellchecker.SpellChecker(language="fr", case_sensitive=False)
    found: set[str] = set()
    for text in french_texts():
        for word in WORD.findall(NOT_WORDS.sub(" ", text)):
            word = re.split(r"['’]", word)[-1]
            if len(word) < 3 or word[0].isupper():
                continue  # a name, an acronym, a short word
            if word.lower() not in checker:
                found.add(word.lower())
    return frozenset(found)


def accepted() -> set[str]:
    return {w for group in ACCEPTED.values() for w in group["words"]}


def test_every_french_word_is_spelt_as_the_dictionary_or_the_games_spell_it() -> None:
    wrong = sorted(unknown_words() - accepted())
    assert not wrong, f"misspelt, or a term to accept in spelling.toml: {wrong}"


def test_every_accepted_word_is_still_used() -> None:
    assert sorted(accepted() - unknown_words()) == []


def test_the_dictionary_catches_the_issue_s_misspellings() -> None:
    """ "extrêmiste" (issue 29) is caught; "extrémiste" passes."""
    checker = spellchecker.SpellChecker(language="fr", case_sensitive=False)
    assert checker.unknown(["extrêmiste", "extrémiste"]) == {"extrêmiste"}
