"""Pydantic models of Fluid's data files (`data/*.toml`), loaded once at import (the models are
built on first validation, `defer_build`, so the first check pays only for the tables it reads)."""

from __future__ import annotations

from ecran.rules import cite, tr
from ecran.rules.data import DataRow, Worded, load_fields, load_model
from ecran.rules.text import book

PACKAGE = "ecran.systems.fluid"
SEED = "002_865f6a3dca48f38d.txt"
book(SEED, tr("Fluid", "Fluid"))
#: The whole seed: the rule book this package reads.
SOURCE = cite(SEED, 1, 1957)


_Row = DataRow


class Rank(Worded):
    id: str
    min: int | None = None
    max: int | None = None
    help_fr: str
    help_en: str
    source: str


class RankTable(_Row):
    source: str
    success_above: int
    rank: list[Rank]

    def of(self, score: int) -> str:
        for r in self.rank:
            if (r.min is None or score >= r.min) and (r.max is None or score <= r.max):
                return r.id
        raise AssertionError(f"score {score} outside the Results Table")

    def ids(self) -> list[str]:
        return [r.id for r in self.rank]


class TimeStep(Worded):
    rank: int
    seconds: int


class VariableDelay(_Row):
    source: str
    crit_fail: int
    major_fail: int
    fail: int
    marginal_fail: int
    marginal_success: int
    success: int
    major_success: int
    crit_success: int


class TimeTable(_Row):
    source: str
    step: list[TimeStep]
    variable_delay: VariableDelay

    def at(self, rank: int) -> TimeStep:
        """Rank clamped to the table (1 round .. 1 year); the seed says nothing beyond."""
        return self.step[min(max(rank, 1), len(self.step)) - 1]


class Difficulty(Worded):
    id: str
    net: int
    source: str


class DifficultyTable(_Row):
    level: list[Difficulty]


class Gear(Worded):
    score: int
    source: str
    names: list[str] = []  # the weapons the seed lists at this score


class CombatTraits(_Row):
    bare_hands: list[str]
    two_weapons: list[str]
    shield: list[str]
    dodge: list[str]
    source: str


class ShieldRange(_Row):
    min: int
    max: int
    source: str


class RangeBand(Worded):
    dis: int
    metres: int
    source: str


class EquipmentTables(_Row):
    weapon: list[Gear]
    armour: list[Gear]
    shield: ShieldRange
    range_band: list[RangeBand]
    combat_traits: CombatTraits


class Complexity(Worded):
    dis: int
    source: str


class SpellParameter(_Row):
    dis: int
    range_fr: str
    range_en: str
    area_fr: str
    area_en: str
    source: str


class RankEffect(Worded):
    rank: str
    outcome: str
    source: str


class MagicTables(_Row):
    complexity: list[Complexity]
    parameter: list[SpellParameter]
    result: list[RankEffect]


class Critical(_Row):
    grave_above: int
    destroyed_above: int
    source: str


class Medicine(_Row):
    source: str
    marginal_success: int
    success: int
    major_success: int
    crit_success: int

    def healed(self, rank: str) -> int:
        return int(getattr(self, rank, 0) or 0)


class Location(Worded):
    faces: list[int]
    id: str


class HealthTables(_Row):
    critical: Critical
    survival: list[RankEffect]
    medicine: Medicine
    location: list[Location]

    def location_of(self, face: int) -> Location:
        return next(loc for loc in self.location if face in loc.faces)


class Creation(_Row):
    characteristic_points: int
    characteristic_min: int
    characteristic_max: int
    trait_points: int
    trait_max: int
    source: str


class CharacteristicRow(Worded):
    code: str
    field: str
    source: str
    optional: bool = False


class AttributeRow(Worded):
    code: str
    sum: list[str]
    source: str


class TraitExamples(_Row):
    source: str
    positive: list[str]
    negative: list[str]
    positive_en: list[str]
    negative_en: list[str]

    def words(self, lang: str) -> tuple[list[str], list[str]]:
        """(positive, negative) examples in `lang`, in the same order in both languages."""
        if lang == "en":
            return self.positive_en, self.negative_en
        return self.positive, self.negative


class CharacterTables(_Row):
    creation: Creation
    characteristic: list[CharacteristicRow]
    attribute: list[AttributeRow]
    examples: TraitExamples


RANKS = load_model(PACKAGE, "ranks.toml", RankTable)
TIME = load_model(PACKAGE, "time.toml", TimeTable)
DIFFICULTY = load_model(PACKAGE, "difficulty.toml", DifficultyTable)
EQUIPMENT = load_model(PACKAGE, "equipment.toml", EquipmentTables)
MAGIC = load_model(PACKAGE, "magic.toml", MagicTables)
HEALTH = load_model(PACKAGE, "health.toml", HealthTables)
CHARACTER = load_model(PACKAGE, "character.toml", CharacterTables)
#: The words (label, help) of every check and operation parameter, from `data/fields.toml`.
FIELDS = load_fields(PACKAGE)
