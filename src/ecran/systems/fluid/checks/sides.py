"""One side of an opposed roll: its parameters, its exact atoms and its seeded roll."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params
from ecran.systems.fluid.checks.base import MAX_PENALTY
from ecran.systems.fluid.dice import Atom, Explosions, difference, roll_die, score_atoms
from ecran.systems.fluid.tables import FIELDS


@dataclass(frozen=True)
class Side:
    characteristic: int
    advantage_dice: int = 0
    disadvantage_dice: int = 0
    modifier: int = 0

    @property
    def net(self) -> int:
        return self.advantage_dice - self.disadvantage_dice

    def atoms(self, rules: Explosions) -> Distribution[Atom]:
        return score_atoms(self.characteristic + self.modifier, self.net, rules)

    def roll(self, dice: DiceSource, rules: Explosions) -> tuple[int, dict[str, Any]]:
        die = roll_die(dice, self.net, rules)
        score = self.characteristic + self.modifier + die.value
        return score, {**die.details(), "score": score}

    def with_bonus(self, advantages: int = 0, points: int = 0, disadvantages: int = 0) -> Side:
        return Side(
            self.characteristic,
            self.advantage_dice + advantages,
            self.disadvantage_dice + disadvantages,
            self.modifier + points,
        )


class TwoSides(Params):
    """The roller's side and the opponent's: characteristic (with Traits as dice or points
    already decided), dice and flat modifier each (L932-938)."""

    characteristic: int = FIELDS("you_characteristic", ge=-10, le=30)
    advantage_dice: int = FIELDS("you_advantage_dice", default=0, ge=0, le=10)
    disadvantage_dice: int = FIELDS("you_disadvantage_dice", default=0, ge=0, le=10)
    modifier: int = FIELDS("you_modifier", default=0, ge=-MAX_PENALTY, le=60)
    opponent_characteristic: int = FIELDS("opponent_characteristic", ge=-10, le=30)
    opponent_advantage_dice: int = FIELDS("opponent_advantage_dice", default=0, ge=0, le=10)
    opponent_disadvantage_dice: int = FIELDS("opponent_disadvantage_dice", default=0, ge=0, le=10)
    opponent_modifier: int = FIELDS("opponent_modifier", default=0, ge=-MAX_PENALTY, le=60)


def side_of(params: Any, prefix: str) -> Side:
    return Side(
        getattr(params, f"{prefix}characteristic"),
        getattr(params, f"{prefix}advantage_dice"),
        getattr(params, f"{prefix}disadvantage_dice"),
        getattr(params, f"{prefix}modifier"),
    )


def stable_window(f: Callable[[int], Any], reach: int = 200) -> tuple[int, int]:
    """The narrowest [lo, hi] outside which the outcome function `f` of a difference no longer
    changes: clipping the difference there keeps every outcome exact and the sums small.
    Parameter bounds keep every threshold of our checks within `reach`; the guard makes sure."""
    far = 10**6
    if f(reach) != f(far) or f(-reach) != f(-far):
        raise AssertionError("an outcome threshold lies beyond the comparison window")
    lo, hi = -reach, reach
    while lo < 0 and f(lo + 1) == f(-reach):
        lo += 1
    while hi > 0 and f(hi - 1) == f(reach):
        hi -= 1
    return min(lo, -1), max(hi, 1)


def outcome_law(
    a: Distribution[Atom], b: Distribution[Atom], f: Callable[[int], str], reroll_ties: bool
) -> Distribution[str]:
    """Exact law of `f(A - B)`; with `reroll_ties`, ties are rolled again until broken, which is
    the law conditioned on A ≠ B."""
    lo, hi = stable_window(f)
    diff = difference(a, b, lo, hi)
    if reroll_ties:
        diff = diff.condition(lambda d: d != 0)
    return diff.map(f)
