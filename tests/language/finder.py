"""What a reader of one language should not read (issue 12): words of the other language, ids,
Python reprs, seed file names.

"Words of the other language" are built from everything the project says in both languages:
the web and CLI catalogues (msgid English, msgstr French), every `{fr, en}` label in the games'
data files, and the labels their code declares (checks, parameters, operations, options). A word
that only one language's side uses betrays that language; a word both sides use (or that
`words.toml` lists, each with its reason) counts for neither.
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Iterable, Iterator
from functools import cache
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import ecran.cli
import ecran.web
from ecran.engine import all_systems
from ecran.rules import FieldMeta, Text
from ecran.rules.option import KIND_LABELS
from ecran.rules.text import book_title

LANGS = ("fr", "en")
OTHER = {"fr": "en", "en": "fr"}
SYSTEMS = ("artemis", "warp", "fluid", "nephilim", "organique")
#: Shorter words ("the", "de", "et") are too often shared or names to tell a language.
WORD = re.compile(r"[^\W\d_]{4,}")
SNAKE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")
REPRS = re.compile(r"\{'|\bTrue\b|\bFalse\b|\bNone\b|precise=|Text\(|\bfr='|\ben='")
SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
ALLOWED = tomllib.loads((Path(__file__).parent / "words.toml").read_text("utf-8"))
#: The placeholders of a catalogue message (`{name}`, `%(name)s`) are no words.
PLACEHOLDER = re.compile(r"\{[^}]*\}|%\(\w+\)\w")


def allowed() -> set[str]:
    return {w.lower() for group in ALLOWED.values() for w in group["words"]}


def _catalogue(path: Path) -> Iterator[Text]:
    with path.open("rb") as handle:
        for message in read_po(handle):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            for en, fr in zip(ids, strs, strict=False):
                if en and fr:
                    yield Text(fr=PLACEHOLDER.sub(" ", fr), en=PLACEHOLDER.sub(" ", en))


def _pairs(node: Any) -> Iterator[Text]:
    """Every {fr, en} pair inside a parsed data file."""
    if isinstance(node, dict):
        if isinstance(node.get("fr"), str) and isinstance(node.get("en"), str):
            yield Text(fr=node["fr"], en=node["en"])
        for value in node.values():
            yield from _pairs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _pairs(value)


def data_texts(system_id: str) -> Iterator[Text]:
    """Every {fr, en} pair in a game's data files."""
    folder = resources.files(f"ecran.systems.{system_id}") / "data"
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            yield from _pairs(tomllib.loads(entry.read_text(encoding="utf-8")))


def _declared(system_id: str) -> Iterator[Text]:
    """The labels the game's code declares: checks, their parameters, operations."""
    system = all_systems()[system_id]
    for check in system.checks:
        yield check.title
        yield from (m.label for m in FieldMeta.of_model(check.params).values())
    for operation in system.operations:
        yield operation.title
        yield from (m.label for m in FieldMeta.of_model(operation.params).values())


def texts() -> Iterator[Text]:
    yield from _catalogue(Path(ecran.web.__file__).parent / "locale/fr/LC_MESSAGES/messages.po")
    yield from _catalogue(Path(ecran.cli.__file__).parent / "locale/fr/LC_MESSAGES/ecran-cli.po")
    yield from KIND_LABELS.values()
    for system_id in SYSTEMS:
        yield from data_texts(system_id)
        yield from _declared(system_id)


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


@cache
def foreign() -> dict[str, frozenset[str]]:
    """lang -> the words that betray the other language in a text in `lang`."""
    every = list(texts())
    side = {lang: set().union(*(words(t(lang)) for t in every)) for lang in LANGS}
    shared = allowed()
    return {lang: frozenset(side[OTHER[lang]] - side[lang] - shared) for lang in LANGS}


def book_names(lang: str) -> list[str]:
    """The games' and books' names ("WaRP (moteur d'Over the Edge)"): names, not words."""
    systems = [all_systems()[s] for s in SYSTEMS]
    return [n for s in systems for n in (book_title(s.seed)(lang), s.name(lang))]


def findings(text: str, lang: str, names: Iterable[str] = ()) -> list[str]:
    """Everything in `text` that a reader of `lang` should not read. `names` (a table's, a
    character's), the books' names and what one types (`words.toml`) are taken out first: a
    name is no word of either language."""
    text = " ".join(text.split())  # a name wrapped over two lines of a help is still a name
    kept = [*ALLOWED["typed"]["words"], *ALLOWED["book_terms"]["words"]]
    for name in [*names, *book_names(lang), *kept]:
        text = text.replace(name, " ")
    found = [f"other language: {w}" for w in sorted(words(text) & foreign()[lang])]
    found += [f"id: {m}" for m in sorted(set(SNAKE.findall(text)))]
    found += [f"repr: {m}" for m in sorted(set(REPRS.findall(text)))]
    found += [f"seed file: {m}" for m in sorted(set(SEED_FILE.findall(text)))]
    return found


class _Visible(HTMLParser):
    """The text a reader sees on a page: its text nodes and the attributes read aloud or shown
    (title, placeholder, aria-label, alt, a button's value); no script, style or head."""

    SHOWN = ("title", "placeholder", "aria-label", "alt")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head", "template"):
            self.hidden += 1
        for name, value in attrs:
            if value and name in self.SHOWN:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head", "template"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible(page: str) -> str:
    parser = _Visible()
    parser.feed(page)
    return html.unescape("\n".join(parser.parts))
