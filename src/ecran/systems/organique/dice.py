"""The one roll of this game, characteristic + 1d20 against a difficulty, and its margin.

Every check of the system is built from `d20_test`: a total, success iff it reaches the
difficulty, and a margin (MR when positive or zero, ME when negative). The luck rule (natural 1
fails, natural 20 succeeds with MR at least 1) is part of the roll so no check can forget it.
"""

from __future__ import annotations

from math import ceil

from ecran.dice import DiceSource
from ecran.record import record
from ecran.rules import Resolution


@record
class TestRoll:
    """One characteristic + 1d20 test: the die, the total and the margin against the difficulty."""

    die: int
    total: int
    difficulty: int
    success: bool
    margin: int
    automatic: str = ""

    def as_details(self, prefix: str = "") -> dict[str, object]:
        details: dict[str, object] = {
            f"{prefix}die": self.die,
            f"{prefix}total": self.total,
            f"{prefix}difficulty": self.difficulty,
            f"{prefix}margin": self.margin,
        }
        if self.automatic:
            details[f"{prefix}automatic"] = self.automatic
        return details

    def resolution(self, **shown: object) -> Resolution:
        """A pass/fail check's result: success or failure, the total, and the work (`shown`
        first, then the roll's)."""
        outcome = "success" if self.success else "failure"
        return Resolution(outcome, self.total, {**shown, **self.as_details()})


def judge(die: int, base: int, difficulty: int, luck: bool) -> TestRoll:
    """The test for a known die: `base` is characteristic(s) + every modifier (L6-24, L83-94)."""
    total = base + die
    margin = total - difficulty
    if luck and die == 20:
        # L92-94: when only a 20 could succeed, the margin counts as 1.
        return TestRoll(die, total, difficulty, True, max(margin, 1), "natural_20")
    if luck and die == 1:
        return TestRoll(die, total, difficulty, False, min(margin, -1), "natural_1")
    return TestRoll(die, total, difficulty, margin >= 0, margin)


def d20_test(dice: DiceSource, base: int, difficulty: int, luck: bool = False) -> TestRoll:
    return judge(dice.d(20), base, difficulty, luck)


def two_characteristics(a: int, b: int, mode: str) -> int:
    """L45-56: average rounded up; 'sum' for the texts that add them (reading A2)."""
    return a + b if mode == "sum" else ceil((a + b) / 2)


def beats(margin: int, other: int, ties_to_other: bool) -> bool:
    """Whether a successful margin beats the other side's margin (ties per the tie rule)."""
    return margin > other if ties_to_other else margin >= other
