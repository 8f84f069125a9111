"""Pydantic models of the data files, each file read and validated on first use, then kept.

The models are built lazily too (`defer_build`): pydantic makes a model's validator when it first
validates, so importing the game for one check does not pay for every table's (#16, start-up)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Literal, TypeVar

from pydantic import BaseModel

from ecran.rules import Source, cite, load_fields
from ecran.rules.data import DataRow, Worded, load_model
from ecran.rules.text import book, tr

PACKAGE = "ecran.systems.artemis"
SEED = "000_98594f78af1b43da.txt"
SITE = "artemis-site.md"
book(SEED, tr("Espace Artémis", "Espace Artémis"))
book(SITE, tr("site d'Espace Artémis", "Espace Artémis website"))
#: The whole seed, the book every rule of the package cites.
SOURCE = cite(SEED, 1, 834)

LevelId = Literal["debutant", "amateur", "confirme", "professionnel", "expert", "maitre"]
LEVELS: tuple[LevelId, ...] = (
    "debutant",
    "amateur",
    "confirme",
    "professionnel",
    "expert",
    "maitre",
)


#: `seed(first, last, note)`: the book's lines `first`..`last`.
seed = partial(cite, SEED)


def site(first: int, last: int, page: str) -> Source:
    """A rule recovered from the game's website: the lines of rules/artemis-site.md that report
    it, and the site page (refget code) they come from."""
    return cite(SITE, first, last, note=f"artemis.jdr.free.fr refget {page}")


Row = DataRow


class Named(Worded):
    id: str
    source: str


# -- core.toml --------------------------------------------------------------------------------


class Zones(Row):
    source: str
    success_margin: int
    failure_margin: int


class Criticals(Row):
    source: str
    high_face: int
    high_value: int
    low_face: int
    low_value: int


class ExperienceForce(Row):
    source: str
    forced_face: int
    per_scenario: int


class Privilege(Row):
    source: str
    min_level: LevelId
    serious_fatigue: int


class Difficulty(Worded):
    value: int
    source: str


class Fixed(Row):
    nifimo: int
    resistance: int
    defenceless: int
    source: str


class Level(Named):
    id: LevelId
    npc_score: int | None = None


class NpcRandom(Row):
    source: str
    dice: int
    add: int


class Core(Row):
    zones: Zones
    criticals: Criticals
    experience_force: ExperienceForce
    privilege: Privilege
    difficulty: list[Difficulty]
    fixed: Fixed
    level: list[Level]
    npc_random: NpcRandom


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


# -- loading ----------------------------------------------------------------------------------

#: The words of every check and operation parameter (data/fields.toml).
FIELDS = load_fields(PACKAGE)


M = TypeVar("M", bound=BaseModel)


def _loaded(filename: str, model: type[M]) -> Callable[[], M]:
    """The reader of one data file, parsed into its model on first use, then kept."""
    return cache(lambda: load_model(PACKAGE, filename, model))


core = _loaded("core.toml", Core)
combat = _loaded("combat.toml", Combat)
skills = _loaded("skills.toml", Skills)
nifimo = _loaded("nifimo.toml", Nifimo)
psy = _loaded("psy.toml", Psy)
advancement = _loaded("advancement.toml", Advancement)


def level(level_id: str) -> Level:
    return next(lv for lv in core().level if lv.id == level_id)


def level_rank(level_id: str | None) -> int:
    """0 for no level, then 1 (Débutant) to 6 (Maître)."""
    ids: list[str] = [lv.id for lv in core().level]
    return 0 if level_id is None else ids.index(level_id) + 1


def category(index: int) -> Category:
    return combat().category[index]


@cache
def armour(armour_id: str) -> Armour:
    """The armour row by id (a frozen row of the loaded data: kept by id, read for every
    malus and every blow)."""
    return next(a for a in combat().armour if a.id == armour_id)


def space(space_id: str) -> Space:
    return next(s for s in combat().space if s.id == space_id)


def opponents_add(count: int) -> int:
    """What the number of opponents able to attack adds to the dodge difficulty."""
    return max((o for o in combat().opponents if count >= o.min), key=lambda o: o.min).add


def aggravation_time(force: int) -> int:
    return next(a.time for a in nifimo().aggravation if a.force == force)
