"""Fluid's data files (`data/*.toml`): the ranks and the times, which every test reads, loaded
at import; the other tables read and validated on first use into their models (`rows`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecran.rules import cite, tr
from ecran.rules.data import DataRow, LazyTables, Worded, load_fields, load_model
from ecran.rules.text import book

if TYPE_CHECKING:
    from ecran.systems.fluid.rows import (
        CharacterTables,
        DifficultyTable,
        EquipmentTables,
        HealthTables,
        MagicTables,
    )

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


RANKS = load_model(PACKAGE, "ranks.toml", RankTable)
TIME = load_model(PACKAGE, "time.toml", TimeTable)
#: The other tables, each read and validated on first use (a module attribute asked of
#: `__getattr__`): a test's odds read none of them, nor define their models (#32).
DIFFICULTY: DifficultyTable
EQUIPMENT: EquipmentTables
MAGIC: MagicTables
HEALTH: HealthTables
CHARACTER: CharacterTables
#: Each of those tables' name -> its data file and its model (in `rows`), read on first use.
table = LazyTables(
    PACKAGE,
    {
        "DIFFICULTY": ("difficulty.toml", "DifficultyTable"),
        "EQUIPMENT": ("equipment.toml", "EquipmentTables"),
        "MAGIC": ("magic.toml", "MagicTables"),
        "HEALTH": ("health.toml", "HealthTables"),
        "CHARACTER": ("character.toml", "CharacterTables"),
    },
)


def __getattr__(name: str) -> Any:
    return table.module_attribute(globals(), name)


#: The words (label, help) of every check and operation parameter, from `data/fields.toml`.
FIELDS = load_fields(PACKAGE)
