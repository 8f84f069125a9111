"""The WaRP seed and its data files: the seed's name and how to cite its lines, and the tables
of `data/*.toml`, each read and validated on its first use into its model (`rows`)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ecran.rules import EcranError, Text, cite, tr
from ecran.rules.data import LazyTables, SheetRules, load_fields, load_toml
from ecran.rules.errors import unknown_adjective
from ecran.rules.text import book

if TYPE_CHECKING:
    from ecran.systems.warp.rows import (
        AdvancementTables,
        ArmourTables,
        Category,
        CoreTables,
        HealthTables,
        MagicTables,
        RangeRow,
        Row,
        WeaponTables,
    )

SEED = "001_28b97aa83a1ddfc6.txt"
book(SEED, tr("WaRP (moteur d'Over the Edge)", "WaRP (Over the Edge engine)"))
PACKAGE = "ecran.systems.warp"
#: The whole seed, lines 1 to its last.
SOURCE = cite(SEED, 1, 6239)


#: `src(first, last, note)`: a citation of the WaRP seed (line numbers of the OCR text).
src = partial(cite, SEED)


#: The words of check and operation parameters (data/fields.toml).
FIELDS = load_fields(PACKAGE)

#: The tables, each read and validated on first use (a module attribute asked of
#: `__getattr__`): a check's odds that read none load none, nor define their models (#32).
CORE: CoreTables
WEAPONS: WeaponTables
ARMOUR: ArmourTables
HEALTH: HealthTables
MAGIC: MagicTables
ADVANCEMENT: AdvancementTables
#: Each table's name -> its data file and its model (in `rows`), read on first use.
table = LazyTables(
    PACKAGE,
    {
        "CORE": ("core.toml", "CoreTables"),
        "WEAPONS": ("weapons.toml", "WeaponTables"),
        "ARMOUR": ("armour.toml", "ArmourTables"),
        "HEALTH": ("health.toml", "HealthTables"),
        "MAGIC": ("magic.toml", "MagicTables"),
        "ADVANCEMENT": ("advancement.toml", "AdvancementTables"),
    },
)


def __getattr__(name: str) -> Any:
    return table.module_attribute(globals(), name)


#: The rules a sheet must respect (data/violations.toml), each breach one call.
SHEET_RULES = SheetRules(PACKAGE, SEED, "warp.")


R = TypeVar("R", bound="Row")


def choice_words(name: str) -> dict[str, Text]:
    """People's words for the named choices of a parameter (`choices` in data/fields.toml)."""
    row = load_toml(PACKAGE, "fields.toml")[name]
    return {key: Text.model_validate(words) for key, words in row.get("choices", {}).items()}


def by_key(rows: list[R], key: str, kind: Text) -> R:
    for row in rows:
        if row.key == key:
            return row
    allowed = ", ".join(r.key for r in rows)
    raise EcranError(
        tr(
            f"{kind.fr} {unknown_adjective(kind.fr)} : « {key} ». Possibles : {allowed}",
            f"unknown {kind.en}: '{key}'. Allowed: {allowed}",
        )
    )


def category(key: str) -> Category:
    core: CoreTables = table("CORE")
    return by_key(core.category, key, tr("catégorie de trait", "trait category"))


def range_row(key: str) -> RangeRow:
    weapons: WeaponTables = table("WEAPONS")
    return by_key(weapons.range, key, tr("portée", "range"))
