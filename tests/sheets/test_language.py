"""A sheet reads in one language: the PDF text of each game's random NPC, in French and in
English, read back with poppler's `pdftotext` (installed by `make printing`), and the terminal
sheet `ecran --lang LANG npc SYSTEM --seed N` prints.

It fails on a word of the other language (the words only that language's labels use: the web
catalogues, every {fr, en} label of the games' data files, the sheet's own section, row and
roll labels, the printed frame's words), on snake_case ids, on Python reprs, on seed file names,
on a word printed twice in a row ("Nephilim Nephilim"), on a decimal point in French or a
needless ".0", and on English sheets on the French abbreviations the issue found ("PNJ",
"m/tour", "niv."). French typography (thin no-break space before `: ; ! ? %`, elision) is read
on the HTML of the same sheet: pdftotext does not tell a thin space from a space.

Each NPC is drawn by a reader of that language (`random_npc(roller, lang)`: its name, notes and
traits in that language). What a game still prints in the other language would be listed in
language_leftovers.toml (empty now): a case fails on any finding not listed there, and on a
listed one that went away (the list only shrinks).
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from sheets_fixtures import REAL_SYSTEMS

import ecran.web
from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import FieldMeta, System, Text
from ecran.rules.text import book_title
from ecran.sheets import labels, render_sheet_html
from language.finder import data_texts

LANGS = ("fr", "en")
OTHER = {"fr": "en", "en": "fr"}
#: Shorter words ("the", "de", "et") are too often shared or proper names to tell a language.
MIN_WORD = 4

LEFTOVERS = tomllib.loads((Path(__file__).parent / "language_leftovers.toml").read_text("utf-8"))

SNAKE = re.compile(r"\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b")
REPRS = re.compile(r"\{'|\bTrue\b|\bFalse\b|\bNone\b|precise=|Text\(|\bfr=|\ben=")
SEED_FILES = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b|\b[\w-]+\.(?:md|toml|txt)\b")
#: On one line and not after an apostrophe: a grid's column "Score d'apaiser" above its row
#: "Apaiser" is no repeat.
REPEATED = re.compile(r"(?<!['’])\b([^\W\d_]{3,})[ \t]+\1\b", re.IGNORECASE)
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
EN_ONLY_FRENCH = re.compile(r"\bPNJ\b|\bm/tour\b|\bniv\.|\bl\. \d")
#: Words issue 12 saw leak into French sheets that are too short or too rare for the labels
#: to list ("valide / fit", "Armure none", "+2 creation", "penalty 1").
ENGLISH_SEEN = re.compile(r"\b(?:fit|none|creation|penalty|sum)\b", re.IGNORECASE)
DECIMAL_POINT = re.compile(r"\b\d+\.\d+\b")
NEEDLESS_ZERO = re.compile(r"\b\d+[.,]0\b")


def _catalogue_texts() -> Iterator[Text]:
    po = Path(ecran.web.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as handle:
        for message in read_po(handle):
            if isinstance(message.id, str) and isinstance(message.string, str) and message.string:
                yield Text(fr=message.string, en=message.id)


def _sheet_texts(system: System[Any], sheet: Any) -> Iterator[Text]:
    for section in system.sections(sheet):
        yield section.title
        for row in section.rows:
            yield row.label
    for action in system.actions(sheet):
        yield action.label
        if action.group is not None:
            yield action.group
        for meta in FieldMeta.of_model(system.check(action.check).params).values():
            yield meta.label
    for value in vars(labels).values():
        if isinstance(value, Text):
            yield value
    yield from labels.KINDS.values()


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text) if len(word) >= MIN_WORD}


@cache
def _vocabulary() -> dict[str, set[str]]:
    """Each language's words that no label of the other language uses."""
    texts = list(_catalogue_texts())
    for system_id in REAL_SYSTEMS:
        texts.extend(data_texts(system_id))
    return _split(texts)


def _split(texts: list[Text]) -> dict[str, set[str]]:
    words = {lang: set().union(*(_words(t(lang)) for t in texts)) for lang in LANGS}
    return {lang: words[lang] - words[OTHER[lang]] for lang in LANGS}


def other_language_words(text: str, lang: str, system: System[Any], sheet: Any) -> set[str]:
    own = _split(list(_sheet_texts(system, sheet)))
    foreign = (_vocabulary()[OTHER[lang]] | own[OTHER[lang]]) - own[lang]
    return _words(text) & foreign


def findings(text: str, lang: str, system: System[Any], sheet: Any) -> list[str]:
    """Everything on a printed sheet that a reader of `lang` should not read."""
    # The game's, the book's and the program's names are names, whatever their words.
    for name in (system.name(lang), book_title(system.seed)(lang), "ecran"):
        text = text.replace(name, " ")
    foreign = sorted(other_language_words(text, lang, system, sheet))
    found = [f"other language: {word}" for word in foreign]
    found += [f"id: {m}" for m in SNAKE.findall(text)]
    found += [f"repr: {m}" for m in REPRS.findall(text)]
    found += [f"seed file: {m}" for m in SEED_FILES.findall(text)]
    found += [f"repeated: {m}" for m in REPEATED.findall(text)]
    found += [f"needless zero: {m}" for m in NEEDLESS_ZERO.findall(text)]
    if lang == "fr":
        found += [f"decimal point: {m}" for m in DECIMAL_POINT.findall(text)]
        found += [f"other language: {m.lower()}" for m in ENGLISH_SEEN.findall(text)]
    else:
        found += [f"French abbreviation: {m}" for m in EN_ONLY_FRENCH.findall(text)]
    return found


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: `make printing` installs Debian's poppler-utils")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, check=True
    )
    return done.stdout.decode("utf-8")


@pytest.fixture(scope="module")
def printed(npcs_in, tmp_path_factory) -> dict[tuple[str, str], str]:
    """The PDF text of each game's NPC in each language, laid out once for the module."""
    from ecran.sheets import render_sheet_pdf  # WeasyPrint: imported when the test runs

    folder = tmp_path_factory.mktemp("pdf")
    return {
        (sid, lang): pdf_text(render_sheet_pdf(*npcs_in[sid, lang], lang), folder)
        for sid in REAL_SYSTEMS
        for lang in LANGS
    }


def _assert_listed(found: set[str], case: str) -> None:
    known = set(LEFTOVERS.get(case, {}).get("findings", []))
    assert sorted(found - known) == [], "new words a reader of this language should not read"
    assert sorted(known - found) == [], "fixed: delete them from language_leftovers.toml"


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_pdf_reads_in_one_language(printed, npcs_in, system_id: str, lang: str):
    system, sheet = npcs_in[system_id, lang]
    _assert_listed(
        set(findings(printed[system_id, lang], lang, system, sheet)), f"{system_id}-{lang}"
    )


#: A few draws each, so more than one NPC's words (skills, traits, languages) are read.
TERMINAL_SEEDS = (1, 2, 3, 4, 5)


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_sheet_reads_in_one_language(cli, monkeypatch, system_id: str, lang: str):
    """`ecran --lang LANG npc SYSTEM --seed N`: the sheet as the terminal prints it (wide, so
    no word is cut by the table's wrapping)."""
    monkeypatch.setenv("COLUMNS", "200")
    system = all_systems()[system_id]
    for seed in TERMINAL_SEEDS:
        shown = cli("--lang", lang, "npc", system_id, "--seed", str(seed))
        assert shown.code == 0, shown.err
        sheet = system.random_npc(Roller(seed), lang)
        assert sheet.name in shown.out  # the NPC the command drew, named in this language
        found = set(findings(shown.out, lang, system, sheet))
        assert sorted(found) == [], f"seed {seed}"


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_pdf_text_copies_as_printed(printed, npcs_in, system_id: str, lang: str):
    """Real small caps: the game's name and the frame's words copy letter for letter (faked
    small caps split them: "E spacE a rtémis"); the footer names the book, not its file."""
    system, _ = npcs_in[system_id, lang]
    text = " ".join(printed[system_id, lang].split())
    assert system.name(lang) in text
    assert labels.SHEET(lang) in text
    assert labels.RULES_FROM(lang).format(book=book_title(system.seed)(lang)) in text


def test_the_finder_sees_what_the_issue_saw(npcs):
    """The checks catch the words issue 12 found on the sheets of the day."""
    system, sheet = npcs["nephilim"]
    seen = findings(
        "Indemne Unhurt GRAND_OEUVRE Nephilim Nephilim 3.0 / 3 {'a': None} "
        "Règles : 003_f1fb14c3cd618c96.txt",
        "fr",
        system,
        sheet,
    )
    assert "other language: unhurt" in seen
    assert "id: GRAND_OEUVRE" in seen
    assert "repeated: Nephilim" in seen
    assert "decimal point: 3.0" in seen and "needless zero: 3.0" in seen
    assert "repr: {'" in seen and "repr: None" in seen
    assert "seed file: 003_f1fb14c3cd618c96.txt" in seen
    english = findings("PNJ 1 · 17 m/tour · niv. 4", "en", system, sheet)
    assert {
        "French abbreviation: PNJ",
        "French abbreviation: m/tour",
        "French abbreviation: niv.",
    } <= set(english)


NNBSP = "\u202f"
LOOSE_PUNCTUATION = re.compile(r"(?:[^\W\d_]| )[:;!?%]")
UNELIDED = re.compile(r"\b(?:[DdLl]e|[Qq]ue) [AEIOUÉÈÊÂÎÔaeiouéèêâîôû]")


def _html_words(page: str) -> str:
    """The text a reader sees on the HTML page (style and tags out, entities read)."""
    page = re.sub(r"<style>.*?</style>|<title>.*?</title>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
def test_french_typography(npcs, system_id: str):
    page = _html_words(render_sheet_html(*npcs[system_id], "fr"))
    assert LOOSE_PUNCTUATION.findall(page) == []
    assert UNELIDED.findall(page) == []
    assert f"{NNBSP}:" in page  # the footer's "Règles : …" at least
