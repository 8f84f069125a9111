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

    model_config = ConfigDict(frozen=True)

    fr: str
    en: str

    def __call__(self, lang: str = DEFAULT_LANG) -> str:
        return self.en if lang == "en" else self.fr

    def format(self, **values: object) -> Text:
        return Text(fr=self.fr.format(**values), en=self.en.format(**values))


def tr(fr: str, en: str) -> Text:
    return Text(fr=fr, en=en)


class Source(BaseModel):
    """Where a rule or a number comes from: a seed file and a line range (inclusive)."""

    model_config = ConfigDict(frozen=True)

    seed: str
    lines: tuple[int, int]
    note: str = ""

    def __str__(self) -> str:
        first, last = self.lines
        span = f"L{first}" if first == last else f"L{first}-{last}"
        return f"{self.seed} {span}" + (f" ({self.note})" if self.note else "")


def cite(seed: str, first: int, last: int | None = None, note: str = "") -> Source:
    return Source(seed=seed, lines=(first, last if last is not None else first), note=note)
