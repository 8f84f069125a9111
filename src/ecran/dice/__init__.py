"""The dice kernel: exact distributions, seeded rolling, dice notation. Knows no game."""

from ecran.dice.distribution import Distribution
from ecran.dice.enumerate import TooManyPaths, enumerate_outcomes
from ecran.dice.explode import explode
from ecran.dice.pool import count_successes, keep_highest, keep_lowest
from ecran.dice.roller import DiceSource, Roller

__all__ = [
    "DiceSource",
    "Distribution",
    "Roller",
    "TooManyPaths",
    "count_successes",
    "enumerate_outcomes",
    "explode",
    "keep_highest",
    "keep_lowest",
]
