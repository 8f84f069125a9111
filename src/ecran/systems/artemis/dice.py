"""The Artémis die: one d6 with a confirmation roll on 6 and on 1, the professional's two dice,
the experience point that turns the die into a 6, and the three zones.

Each rule is written twice on purpose: as a procedure against `DiceSource` (what a roll does,
die by die) and as an exact `Distribution` built with the kernel (what the odds are). Tests hold
the two to each other by walking every dice sequence of the procedure.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Literal

from ecran.dice import DiceSource, Distribution, keep_highest
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


# -- exact distributions ----------------------------------------------------------------------


def _confirmed(face: int) -> Distribution[int]:
    c = tables.core().criticals
    if face == c.high_face:
        return Distribution({c.high_value: 1, face: 5})
    if face == c.low_face:
        return Distribution({c.low_value: 1, face: 5})
    return Distribution.constant(face)


def die_distribution(
    professional: bool, reading: PrivilegeReading = "kept_die"
) -> Distribution[int]:
    """Exact distribution of the value the die adds to the skill."""
    single = Distribution.die(6).bind(_confirmed)
    if not professional:
        return single
    if reading == "kept_die":
        return keep_highest(Distribution.die(6), 2, 1).bind(_confirmed)
    return single.combine(single, max)


def forced_distribution() -> Distribution[int]:
    return _confirmed(tables.core().experience_force.forced_face)


def zone_distribution(
    skill: int,
    difficulty: int,
    malus: int = 0,
    professional: bool = False,
    reading: PrivilegeReading = "kept_die",
    spend_on: Collection[Zone] = (),
) -> Distribution[str]:
    """Zones of `skill + die - malus` against `difficulty`; with `spend_on`, an experience point
    turns the die into a 6 whenever the first result lands in one of those zones."""

    def after(die: int) -> Distribution[str]:
        first = zone(skill + die - malus, difficulty)
        if first not in spend_on:
            return Distribution.constant(first)
        return forced_distribution().map(lambda forced: zone(skill + forced - malus, difficulty))

    return die_distribution(professional, reading).bind(after)


def duel_distribution(total_a: Distribution[int], total_b: Distribution[int]) -> Distribution[str]:
    """Side A's zone with side B's total as its difficulty."""
    return total_a.combine(total_b, zone)


def total_distribution(
    skill: int, malus: int = 0, professional: bool = False, reading: PrivilegeReading = "kept_die"
) -> Distribution[int]:
    return die_distribution(professional, reading) + (skill - malus)
