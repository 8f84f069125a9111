"""Pydantic models of the data files (`data/*.toml`), loaded once at import.

Every row carries `source`, the seed lines it comes from, so a wrong number can be traced back.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from ecran.rules import Text
from ecran.rules.data import load_model
from ecran.systems.organique.common import PACKAGE

CHARACTERISTICS = ("AGI", "PER", "CHA", "END", "INT", "VIT", "FOR", "VOL")


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str


class Labelled(Row):
    label_fr: str
    label_en: str

    @property
    def label(self) -> Text:
        return Text(fr=self.label_fr, en=self.label_en)


class Difficulty(Labelled):
    value: int
    example_fr: str
    example_en: str


class SaveKind(Labelled):
    kind: str
    stats: list[str]


class SkillLevel(Row):
    level: int
    name_fr: str
    name_en: str

    @property
    def bonus(self) -> int:
        return 4 * (self.level - 1)


class CoreTables(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    difficulty: list[Difficulty]
    save: list[SaveKind]
    skill_level: list[SkillLevel]

    def save_kind(self, kind: str) -> SaveKind:
        return next(s for s in self.save if s.kind == kind)


@cache
def core() -> CoreTables:
    return load_model(PACKAGE, "core.toml", CoreTables)


CORE = core()
SAVE_KINDS = tuple(s.kind for s in CORE.save)
