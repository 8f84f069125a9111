"""The models of Fluid's data files but the ranks' and the times' (`data/*.toml`), defined when
one of those tables is first read (`tables.DIFFICULTY`…): a test's odds read only the ranks and
the times, and define no other model (#32: a pydantic model costs ~0.3 ms to define)."""

from __future__ import annotations

from ecran.rules.data import DataRow, Worded

_Row = DataRow


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
