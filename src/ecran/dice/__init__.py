"""The dice kernel: exact distributions, seeded rolling, dice notation. Knows no game.

Dice notation (parse, roll, exact odds, shown work) lives in `ecran.dice.notation`.
"""

from ecran.dice.distribution import Distribution
from ecran.dice.enumerate import Resumed, TooManyPaths, Walked, enumerate_outcomes, walk_frontier
from ecran.dice.explode import explode, explode_chain
from ecran.dice.pool import count_successes, keep_highest, keep_lowest, keep_scored
from ecran.dice.roller import DiceSource, Roller

__all__ = [
    "DiceSource",
    "Distribution",
    "Resumed",
    "Roller",
    "TooManyPaths",
    "Walked",
    "count_successes",
    "enumerate_outcomes",
    "explode",
    "explode_chain",
    "keep_highest",
    "keep_lowest",
    "keep_scored",
    "walk_frontier",
]
