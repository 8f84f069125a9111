"""The data files (`data/*.toml`): the core table's models, loaded at import; the other tables'
models in `rows`, each table read and validated on its first use.

Every row carries `source`, the seed lines it comes from, so a wrong number can be traced back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from ecran.rules import EcranError, Text, cite
from ecran.rules.data import DataRow, LazyTables, load_fields, load_model, load_toml
from ecran.rules.text import book, tr
from ecran.systems.organique.row_types import Labelled, Row

if TYPE_CHECKING:
    from ecran.systems.organique.rows import (
        CombatTables,
        HackingTables,
        HealthTables,
        NetworkTables,
    )

SEED = "004_409f81671409d3a6.txt"
book(SEED, tr("Systèmes de règles organiques", "Organic Rule Components"))
PACKAGE = "ecran.systems.organique"
#: The whole seed: the chapter "Systèmes de règles organiques" (L1-4180).
SOURCE = cite(SEED, 1, 4180)


#: `src(first, last, note)`: the seed's lines `first`..`last`, how every rule of this package
#: cites its text.
src = partial(cite, SEED)


#: The words of every parameter declared in one line (`data/fields.toml`).
FIELDS = load_fields(PACKAGE)


def given_or_known(
    given: Mapping[str, int | None], known: object, missing: EcranError
) -> dict[str, int]:
    """The GM's value of each field, or else the data row's (`known`, None for a name the data
    does not hold); a field neither gives is the one-line error `missing`."""
    values = {k: v if v is not None else getattr(known, k, None) for k, v in given.items()}
    if any(v is None for v in values.values()):
        raise missing
    return {k: int(v or 0) for k, v in values.items()}


CHARACTERISTICS = ("AGI", "PER", "CHA", "END", "INT", "VIT", "FOR", "VOL")


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


class CoreTables(DataRow):
    difficulty: list[Difficulty]
    save: list[SaveKind]
    skill_level: list[SkillLevel]


@cache
def core() -> CoreTables:
    return load_model(PACKAGE, "core.toml", CoreTables)


def words(rows: Iterable[Labelled], key: str = "name", **more: Text) -> dict[str, Text]:
    """People's words for the choices a table defines (`x-choices`: a parameter then takes the
    French or English name in any case, accents or not), and any extra choice (`none`…)."""
    return {**{str(getattr(r, key)): r.label for r in rows}, **more}


NONE = Text(fr="aucune", en="none")

CORE = core()
SAVE_KINDS = tuple(s.kind for s in CORE.save)


def _names(filename: str, table: str) -> tuple[str, ...]:
    """The `name` of each row of a data file's table, read from its parsed rows: the choices a
    check's parameters offer, without defining the file's models (#32; `combat()`… validate the
    same rows where the rules read them, and a test holds the two equal)."""
    return tuple(str(row["name"]) for row in load_toml(PACKAGE, filename)[table])


ACTIONS = _names("combat.toml", "action")
REACTIONS = _names("combat.toml", "reaction")
SIZES = _names("combat.toml", "size")
WEAPON_LABELS = _names("combat.toml", "weapon_label")
IMPROVISED = _names("combat.toml", "improvised")
HOLE_SKILLS = _names("hacking.toml", "hole_skill")
PSYCHIC_TARGETS = _names("hacking.toml", "psychic_target")
POISONS = _names("health.toml", "poison")
HACK_SKILLS = _names("hacking.toml", "skill")


#: The tables but the core one, each read and validated on first use (a module attribute
#: asked of `__getattr__`, or its function below): a test's odds read none of them, nor define
#: their models (#32).
COMBAT: CombatTables
HACKING: HackingTables
HEALTH: HealthTables
NETWORKS: NetworkTables
table = LazyTables(
    PACKAGE,
    {
        "COMBAT": ("combat.toml", "CombatTables"),
        "HACKING": ("hacking.toml", "HackingTables"),
        "HEALTH": ("health.toml", "HealthTables"),
        "NETWORKS": ("network.toml", "NetworkTables"),
    },
)


def __getattr__(name: str) -> Any:
    return table.module_attribute(globals(), name)


def hacking() -> HackingTables:
    found: HackingTables = table("HACKING")
    return found


def combat() -> CombatTables:
    found: CombatTables = table("COMBAT")
    return found


def health() -> HealthTables:
    found: HealthTables = table("HEALTH")
    return found


def networks() -> NetworkTables:
    found: NetworkTables = table("NETWORKS")
    return found
