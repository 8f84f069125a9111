"""Pydantic models of the data files, each file read and validated on first use, then kept.

The models are built lazily too (`defer_build`): pydantic makes a model's validator when it first
validates, so importing the game for one check does not pay for every table's (#16, start-up)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel

from ecran.rules import Source, cite, load_fields
from ecran.rules.data import LazyTables, Worded, load_model
from ecran.rules.text import book, tr
from ecran.systems.artemis.row_types import LevelId, Named, Row

if TYPE_CHECKING:
    from ecran.systems.artemis.rows import (
        Advancement,
        Armour,
        Category,
        Combat,
        Nifimo,
        Psy,
        Skills,
        Space,
    )

PACKAGE = "ecran.systems.artemis"
SEED = "000_98594f78af1b43da.txt"
SITE = "artemis-site.md"
book(SEED, tr("Espace Artémis", "Espace Artémis"))
book(SITE, tr("site d'Espace Artémis", "Espace Artémis website"))
#: The whole seed, the book every rule of the package cites.
SOURCE = cite(SEED, 1, 834)

#: `seed(first, last, note)`: the book's lines `first`..`last`.
seed = partial(cite, SEED)


def site(first: int, last: int, page: str) -> Source:
    """A rule recovered from the game's website: the lines of rules/artemis-site.md that report
    it, and the site page (refget code) they come from."""
    return cite(SITE, first, last, note=f"artemis.jdr.free.fr refget {page}")


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


# -- loading ----------------------------------------------------------------------------------

#: The words of every check and operation parameter (data/fields.toml).
FIELDS = load_fields(PACKAGE)


M = TypeVar("M", bound=BaseModel)


def _loaded(filename: str, model: type[M]) -> Callable[[], M]:
    """The reader of one data file, parsed into its model on first use, then kept."""
    return cache(lambda: load_model(PACKAGE, filename, model))


core = _loaded("core.toml", Core)


# the other files' models are defined on their first read (`rows`)
table = LazyTables(
    PACKAGE,
    {
        "COMBAT": ("combat.toml", "Combat"),
        "SKILLS": ("skills.toml", "Skills"),
        "NIFIMO": ("nifimo.toml", "Nifimo"),
        "PSY": ("psy.toml", "Psy"),
        "ADVANCEMENT": ("advancement.toml", "Advancement"),
    },
)


def combat() -> Combat:
    found: Combat = table("COMBAT")
    return found


def skills() -> Skills:
    found: Skills = table("SKILLS")
    return found


def nifimo() -> Nifimo:
    found: Nifimo = table("NIFIMO")
    return found


def psy() -> Psy:
    found: Psy = table("PSY")
    return found


def advancement() -> Advancement:
    found: Advancement = table("ADVANCEMENT")
    return found


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
