"""The models of Artémis's data files that no skill test reads (combat, skills, NIFIMO, psy,
advancement): defined when one of those files is first read (`tables.combat()`…), so a check's
odds define only the core table's models (#32: a pydantic model costs ~0.3 ms to define)."""

from __future__ import annotations

from typing import Literal

from ecran.systems.artemis.row_types import LevelId, Named, Row

# -- combat.toml ------------------------------------------------------------------------------


class Category(Named):
    index: int
    serious: int = 0
    light: int = 0
    weapon: str | None = None
    lethal: bool = False


class WeaponCategory(Named):
    category: int


class Armour(Named):
    protection: int
    gene: int
    exoskeleton: bool = False


class Pressurised(Row):
    extra_gene: int
    source: str


class Space(Named):
    difficulty: int


class Opponents(Row):
    min: int
    add: int
    source: str


class OptionalCombat(Row):
    too_big_parry: int
    precise_attack: int
    total_attack_categories: int
    defenceless_categories: int
    head_categories: int
    force_fatigue_light: int
    source: str


class Combat(Row):
    category: list[Category]
    weapon_category: list[WeaponCategory]
    armour: list[Armour]
    pressurised: Pressurised
    space: list[Space]
    opponents: list[Opponents]
    optional: OptionalCombat


# -- skills.toml ------------------------------------------------------------------------------


class Characteristic(Named):
    code: str


class SkillDef(Named):
    char: str
    group: str | None = None


class Skills(Row):
    characteristic: list[Characteristic]
    innate: list[SkillDef]
    group: list[Named]
    acquired: list[SkillDef]
    equipment: list[Named]
    milieu: list[Named]


# -- nifimo.toml ------------------------------------------------------------------------------


class Block(Row):
    malus_columns: list[int]
    source: str


class NifimoTest(Row):
    track: Literal["fatigue", "stress", "peur"]
    skill: str
    source: str


class Rest(Row):
    minutes: int
    light: int
    source: str


class Sleep(Row):
    hours: int
    serious: int
    source: str


class SleepLockout(Row):
    after_hours: int
    wait_hours: int
    source: str


class Holiday(Row):
    hours_per_permanent: int
    source: str


class Aggravation(Row):
    force: int
    time: int
    source: str


class Healing(Row):
    natural_days_per_wound: int
    pod_hours_per_wound: int
    source: str


class Fear(Row):
    light_fades_days: int
    serious_min_days: int
    source: str


class NaturalFatigue(Row):
    first_after_hours: int
    second_after_hours: int
    then_every_hours: int
    source: str


class Nifimo(Row):
    block: Block
    line: list[Named]
    test: list[NifimoTest]
    rest: list[Rest]
    sleep: list[Sleep]
    sleep_lockout: SleepLockout
    holiday: Holiday
    aggravation: list[Aggravation]
    healing: Healing
    fear: Fear
    natural_fatigue: NaturalFatigue


# -- psy.toml ---------------------------------------------------------------------------------


class SketchTrace(Row):
    difficulty: int
    permanent_fatigue: int
    source: str


class Cost(Row):
    light: int
    permanent: int


class SketchAttract(Row):
    base: int
    per_unwilling: int
    strong_will: int
    source: str
    cost: dict[Literal["success", "uncertainty", "failure"], Cost]


class Power(Row):
    """Métamorphose or Invocation (L263-312): difficulty `base` + `per_item` per item; the
    fatigue it marks, `success_per_item` per item on a success, `failure` on a failure."""

    base: int
    per_item: int
    source: str
    fatigue: Literal["light", "permanent"]
    success_per_item: int
    failure: int


class Rendezvous(Row):
    base: int
    per_non_empath: int
    per_empath: int
    per_good_description: int
    empath_voyage: int
    source: str


class Apaiser(Row):
    base: int
    not_adjacent: int
    success_removes: int
    uncertain_low_die_max: int
    uncertain_low_removes: int
    uncertain_high_removes: int
    source: str


class Scope(Row):
    level: LevelId
    metamorphosis_fr: str
    metamorphosis_en: str
    invocation_fr: str
    invocation_en: str
    source: str


class Psy(Row):
    sketch_trace: SketchTrace
    sketch_attract: SketchAttract
    metamorphosis: Power
    invocation: Power
    rendezvous: Rendezvous
    apaiser: Apaiser
    scope: list[Scope]


# -- advancement.toml -------------------------------------------------------------------------


class Award(Row):
    min: int
    max: int
    source: str


class ScenarioAward(Named):
    min: int
    max: int


class BalanceEvent(Named):
    points: int


class Crisis(Row):
    balance: int
    percent: int
    source: str


class Advancement(Row):
    session_award: Award
    scenario_award: list[ScenarioAward]
    balance_event: list[BalanceEvent]
    crisis: list[Crisis]
