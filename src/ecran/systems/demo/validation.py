"""The demo's rules a sheet must follow."""

from __future__ import annotations

from ecran.rules import RuleViolation, tr
from ecran.systems.demo.sheet import DemoSheet
from ecran.systems.demo.tables import SOURCE


def validate(sheet: DemoSheet) -> list[RuleViolation]:
    """Damage counts no further than death (minus the hit points)."""
    if sheet.damage > 2 * sheet.hit_points:
        return [
            RuleViolation(
                rule="damage_beyond_death",
                source=SOURCE,
                path="damage",
                message=tr(
                    f"au plus {2 * sheet.hit_points} dégâts (la mort est à −{sheet.hit_points})",
                    f"at most {2 * sheet.hit_points} damage (death is at −{sheet.hit_points})",
                ),
            )
        ]
    return []
