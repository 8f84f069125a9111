"""The demo's rules a sheet must follow."""

from __future__ import annotations

from ecran.rules import RuleViolation
from ecran.rules.data import SheetRules
from ecran.systems.demo.sheet import DemoSheet
from ecran.systems.demo.tables import PACKAGE, SEED

#: A breach of a rule of `data/violations.toml` at a path, its message filled with values.
violation = SheetRules(PACKAGE, SEED)


def validate(sheet: DemoSheet) -> list[RuleViolation]:
    """Damage counts no further than death (minus the hit points)."""
    if sheet.damage > 2 * sheet.hit_points:
        most = 2 * sheet.hit_points
        return [violation("damage_beyond_death", "damage", most=most, hit_points=sheet.hit_points)]
    return []
