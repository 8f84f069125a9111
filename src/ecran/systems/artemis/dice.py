"""The Artémis die: one d6 with a confirmation roll on 6 and on 1, the professional's two dice,
the experience point that turns the die into a 6, and the three zones.

Each rule is a procedure against `DiceSource` (what a roll does, die by die); the exact odds come
from walking every dice sequence of it. The tests hold it to independent counts (a brute-force
enumeration and a kernel-built distribution, tests/systems/artemis/artemis_helpers.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Literal

from ecran.dice import DiceSource, Distribution, enumerate_outcomes
from ecran.systems.artemis import tables

Zone = Literal["failure", "uncertainty", "success"]
ZONES: tuple[Zone, ...] = ("failure", "uncertainty", "success")

#: How criticals combine with the professional's two dice (ambiguity A3).
PrivilegeReading = Literal["kept_die", "each_die"]


def zone(total: int, difficulty: int) -> Zone:
    """Success from difficulty + 2, failure at difficulty - 2 and below (L41-44, L529-542)."""
    z = tables.core().zones
    if total >= difficulty + z.success_margin:
        return "success"
    if total <= difficulty - z.failure_margin:
        return "failure"
    return "uncertainty"


@dataclass
class DieRoll:
    """The value a test adds to the skill, with the raw dice that made it."""

    value: int
    raw: list[int] = field(default_factory=list)
    critical: Literal["success", "failure", ""] = ""


def confirm(first: int, dice: DiceSource) -> DieRoll:
    """A 6 or a 1 is rolled once more; the same face again makes it 9 or -3 (L20-27)."""
    c = tables.core().criticals
    if first not in (c.high_face, c.low_face):
        return DieRoll(first, [first])
    second = dice.d(6)
    if second != first:
        return DieRoll(first, [first, second])
    if first == c.high_face:
        return DieRoll(c.high_value, [first, second], "success")
    return DieRoll(c.low_value, [first, second], "failure")


def roll_die(dice: DiceSource, professional: bool, reading: PrivilegeReading) -> DieRoll:
    """One die, or the professional's two dice keeping the better (L46-53)."""
    if not professional:
        return confirm(dice.d(6), dice)
    if reading == "kept_die":
        a, b = dice.d(6), dice.d(6)
        kept = confirm(max(a, b), dice)
        return DieRoll(kept.value, [a, b, *kept.raw[1:]], kept.critical)
    first = confirm(dice.d(6), dice)
    second = confirm(dice.d(6), dice)
    best = first if first.value >= second.value else second
    return DieRoll(best.value, first.raw + second.raw, best.critical)


def force_die(dice: DiceSource) -> DieRoll:
    """An experience point makes the die a 6, then one roll tells if it is critical (L29-39)."""
    return confirm(tables.core().experience_force.forced_face, dice)


@functools.cache
def die_law(professional: bool, reading: PrivilegeReading) -> Distribution[tuple[int, str]]:
    """The exact law of `roll_die`'s value and critical (L20-27, L46-53), its raw dice left out:
    walked once per way of rolling."""

    def rolled(dice: DiceSource) -> tuple[int, str]:
        die = roll_die(dice, professional, reading)
        return die.value, die.critical

    return enumerate_outcomes(rolled)
