"""The demo's core roll: one d6 against a target."""

from __future__ import annotations

from ecran.dice import DiceSource


def against(target: int, dice: DiceSource) -> tuple[int, bool]:
    """The die and whether it reaches `target` (success when it shows at least the target)."""
    die = dice.d(6)
    return die, die >= target
