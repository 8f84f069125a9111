"""The demo's fight: initiative is one d6; an attack is the attacker's d6 against its target;
a success takes 1 + the margin in hit points from the defender."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Action, Resolution, tr
from ecran.systems.demo.checks.d6 import D6
from ecran.systems.demo.sheet import DemoSheet


def initiative(sheet: DemoSheet, dice: DiceSource) -> Resolution:
    die = dice.d(6)
    return Resolution("initiative", total=die, details={"die": die})


def attacks(attacker: DemoSheet, defender: DemoSheet) -> list[Action]:
    return [Action(tr("Frapper", "Strike"), D6.name, {"target": attacker.target})]


def damage(
    check: str, params: dict[str, Any], result: Resolution, defender: DemoSheet
) -> tuple[str, dict[str, Any]] | None:
    if check != D6.name or result.outcome != "success":
        return None
    return "take_damage", {"damage": 1 + result.details["margin"]}
