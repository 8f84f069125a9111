"""The demo's one track, hit points: what is left, what the encounter tracker shows, and when
the bearer stops fighting."""

from __future__ import annotations

from ecran.rules import SheetRow, tr
from ecran.rules.system import Status
from ecran.systems.demo.sheet import DemoSheet


def hit_points_left(sheet: DemoSheet) -> int:
    return sheet.hit_points - sheet.damage


def tracks(sheet: DemoSheet) -> list[SheetRow]:
    """What combat changes on the sheet, as the tracker shows it: the hit points left."""
    return [
        SheetRow(
            tr("Points de vie", "Hit points"), f"{hit_points_left(sheet)} / {sheet.hit_points}"
        )
    ]


def status(sheet: DemoSheet) -> Status:
    """Out of the fight at 0 hit points, dead at minus the maximum."""
    left = hit_points_left(sheet)
    if left <= -sheet.hit_points:
        return "dead"
    return "out" if left <= 0 else "up"
