"""The random modifier +1D−1D and its variants, and how a raw result is read (criticals).

Every test of the game is `score + R >= difficulty` with R the difference of two dice (L457-458).
The die D is numbered 0,1,2,2,3,4 (L457); L477 offers three variants of the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ecran.dice import DiceSource, Distribution
from ecran.record import record

DIE_D: tuple[int, ...] = (0, 1, 2, 2, 3, 4)

DiceVariant = Literal["D", "d6_six_as_three", "d6", "d4"]
CriticalReading = Literal["never_flips", "literal"]

CRITICAL_FAILURE = "critical_failure"
FAILURE = "failure"
SUCCESS = "success"
CRITICAL_SUCCESS = "critical_success"


@record
class Variant:
    """One way of rolling the modifier: the faces as read, and the raw result that is critical."""

    faces: tuple[int, ...]
    critical: int
    sides: int | None = None  # rolled as an ordinary d<sides>, read through `faces`

    def roll(self, dice: DiceSource) -> int:
        if self.sides is None:
            return dice.face(self.faces)
        return self.faces[dice.d(self.sides) - 1]


VARIANTS: dict[str, Variant] = {
    "D": Variant(DIE_D, 4),
    # L477: an ordinary d6 whose 6 counts as 3 gives D + 1, so D1 − D2 is unchanged.
    "d6_six_as_three": Variant((1, 2, 3, 3, 4, 5), 4, sides=6),
    "d6": Variant((1, 2, 3, 4, 5, 6), 5, sides=6),
    "d4": Variant((1, 2, 3, 4), 3, sides=4),
}


def variant(name: str) -> Variant:
    return VARIANTS[name]


def modifier_distribution(name: str = "D") -> Distribution[int]:
    """Exact distribution of R = first die − second die."""
    die = Distribution.faces(VARIANTS[name].faces)
    return (die - die).reduced()


def roll_modifier(dice: DiceSource, name: str = "D") -> tuple[int, int, int]:
    """Roll both dice; return (first, second, R)."""
    v = VARIANTS[name]
    first = v.roll(dice)
    second = v.roll(dice)
    return first, second, first - second


def classify(
    score: int,
    r: int,
    difficulty: int,
    critical: int = 4,
    reading: CriticalReading = "never_flips",
    rolled: bool = True,
) -> str:
    """Outcome of `score + r` against `difficulty` (L458).

    A raw ±critical is a critical unless it "was necessary" to succeed or fail. The default
    reading (§9 A3) makes it critical only when a result one step less extreme would have given
    the same success or failure, so a critical never flips the outcome; the literal reading makes
    every other raw extreme critical, even against the total.
    """
    success = score + r >= difficulty
    if not rolled:
        return SUCCESS if success else FAILURE
    if r == critical:
        needed = success and score + critical - 1 < difficulty
        if reading == "never_flips":
            return CRITICAL_SUCCESS if score + critical - 1 >= difficulty else _plain(success)
        return SUCCESS if needed else CRITICAL_SUCCESS
    if r == -critical:
        needed = not success and score - critical + 1 >= difficulty
        if reading == "never_flips":
            return CRITICAL_FAILURE if score - critical + 1 < difficulty else _plain(success)
        return FAILURE if needed else CRITICAL_FAILURE
    return _plain(success)


def _plain(success: bool) -> str:
    return SUCCESS if success else FAILURE


OUTCOME_ORDER: Sequence[str] = (CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS)
