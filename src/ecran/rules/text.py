"""Player-facing text in French (default) and English, and the source lines a rule comes from."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Lang = Literal["fr", "en"]
LANGS: tuple[Lang, ...] = ("fr", "en")
DEFAULT_LANG: Lang = "fr"


class Text(BaseModel):
    """One sentence or label in both languages. Rule text lives beside its rule, in data files,
    so a translation cannot drift away from the rule it translates."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    fr: str
    en: str

    def __call__(self, lang: str = DEFAULT_LANG) -> str:
        return self.en if lang == "en" else self.fr

    def format(self, **values: object) -> Text:
        return Text(fr=self.fr.format(**values), en=self.en.format(**values))


def tr(fr: str, en: str) -> Text:
    return Text(fr=fr, en=en)


#: The book each seed file holds, by file name. A game names its book once, in its tables.py
#: (`book(SEED, tr(...))`), at import; people then read the book's title, never the file's name.
_BOOKS: dict[str, Text] = {}


def book(seed: str, title: Text) -> None:
    """Name the book a seed file holds (its own title, as a reader would cite it)."""
    known = _BOOKS.setdefault(seed, title)
    if known != title:
        raise ValueError(f"{seed} is already the book {known.fr!r}, not {title.fr!r}")


def book_title(seed: str) -> Text:
    """The title of the book a seed holds; the file's name only for a seed no game named."""
    return _BOOKS.get(seed, Text(fr=seed, en=seed))


class Source(BaseModel):
    """Where a rule or a number comes from: a seed file and a line range (inclusive).

    `str(source)` is the file and lines (for JSON and logs); `source.label` is what a person
    reads: the book's title and its lines ("Espace Artémis, l. 46-53")."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    seed: str
    lines: tuple[int, int]
    note: str = ""

    def __str__(self) -> str:
        first, last = self.lines
        span = f"L{first}" if first == last else f"L{first}-{last}"
        return f"{self.seed} {span}" + (f" ({self.note})" if self.note else "")

    @property
    def label(self) -> Text:
        """The book and its lines, in each language. The note stays out: it is a reader's
        remark for maintainers, in English, not a place in the book."""
        title = book_title(self.seed)
        first, last = self.lines
        if first == last:
            return Text(fr=f"{title.fr}, l. {first}", en=f"{title.en}, line {first}")
        return Text(
            fr=f"{title.fr}, l. {first}-{last}", en=f"{title.en}, lines {first}\u2013{last}"
        )


def cite(seed: str, first: int, last: int | None = None, note: str = "") -> Source:
    return Source(seed=seed, lines=(first, last if last is not None else first), note=note)
