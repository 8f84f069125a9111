"""The models of WaRP's data files (`data/*.toml`), defined when a table is first read
(`tables.CORE`, `tables.WEAPONS`…): a check's odds that read no table define none of them
(#32: a pydantic model costs ~0.3 ms to define)."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, Field

from ecran.rules.data import Worded
from ecran.rules.text import Text


class Row(Worded):
    key: str
    source: str


class Difficulty(Row):
    factor: int
    gm_dice: list[int]


class Category(Row):
    superior: int
    good: int
    average: int
    technical: bool
    optional: bool


class HitPointRules(BaseModel):
    per_die: int
    without_trait: int
    technical_extra_dice: int
    random_dice_per_trait_die: int
    source: str


class PsychicPoolRules(BaseModel):
    starting_charges: int
    rolled_die: int
    first_power_in_play: int
    experience_dice_per_charge: int
    recharge_hours: int
    source: str


class ExperienceRules(BaseModel):
    starting_dice: int
    per_roll: int
    source: str


class DefaultDice(BaseModel):
    no_trait: int
    initiative: int
    resistance: int
    dodge: int
    clumsy_dodge: int
    source: str


class Pace(Row):
    kmh: float
    m_per_round: float


class CoreTables(BaseModel):
    difficulty: list[Difficulty]
    category: list[Category]
    hit_points: HitPointRules
    psychic_pool: PsychicPoolRules
    experience: ExperienceRules
    default_dice: DefaultDice
    pace: list[Pace]


class MeleeWeapon(Row):
    factor: int


class RangeRow(Row):
    limits: list[int]


class RangedWeapon(Row):
    factor: int
    range: str | None = None  # None: the range row is lost, the GM gives the range dice
    firearm: bool
    shots: int
    burst: bool = False
    full_auto: bool = False
    divide_by_range: bool = False
    taser: bool = False


class Burst(Row):
    full_auto: bool
    rounds: int
    bonus: list[int]
    penalty: list[int]
    factor: list[int]


class WeaponTables(BaseModel):
    melee: list[MeleeWeapon]
    range: list[RangeRow]
    ranged: list[RangedWeapon]
    burst: list[Burst]


class NormalArmour(Row):
    dice: int
    points: int
    penalty_die: bool


class BulletproofArmour(Row):
    points: int
    divide_dice: int
    ap_points: int
    penalty_die: bool


class ArmourTables(BaseModel):
    normal: list[NormalArmour]
    bulletproof: list[BulletproofArmour]


Rate = Literal["loss", "none", "0", "1/2", "1", "2"]


class HealingRow(BaseModel):
    activity: str
    fr: str
    en: str
    ambulatory: Rate
    bedridden: Rate
    critical: Rate
    source: str


class RecoveryRules(BaseModel):
    fraction: str
    minutes: int
    source: str

    @property
    def share(self) -> Fraction:
        return Fraction(self.fraction)


class SeriousWoundRules(BaseModel):
    threshold: int
    source: str


class HealthState(Row):
    """A state reached by losing hit points, and what it does to the character's rolls."""

    effect: Text


class Words(Worded):
    """A rule's words (its `label`), with the lines they stand on."""

    source: str


class HealthTables(BaseModel):
    healing: list[HealingRow]
    recovery: RecoveryRules
    serious_wound: SeriousWoundRules
    state: list[HealthState]
    tasered: Words


class Power(Row):
    effect: Text
    resisted: bool


class Disease(Row):
    difficulty: int


class Spell(Row):
    level: int
    resisted: bool = False


class SpellLearning(BaseModel):
    experience_dice_per_week: int
    hours_per_day: int
    charge_if_no_pool: int
    source: str


class MagicTables(BaseModel):
    power: list[Power]
    disease: list[Disease]
    spell: list[Spell]
    spell_learning: SpellLearning


class NewTrait(BaseModel):
    cost: int
    technical_score: int
    standard_score: int
    source: str


class Raise(BaseModel):
    to: int
    cost: int
    training_fr: str
    training_en: str
    source: str


class Multiplier(BaseModel):
    multiplier: int
    source: str


class HpIncrease(BaseModel):
    cap: int
    per_die: int
    source: str


class AdvancementTables(BaseModel):
    new_trait: NewTrait
    raises: list[Raise] = Field(alias="raise")
    central_trait: Multiplier
    hp_increase: HpIncrease
