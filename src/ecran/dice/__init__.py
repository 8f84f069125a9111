"""The dice kernel: exact distributions, seeded rolling, dice notation. Knows no game.

Dice notation (parse, roll, exact odds, shown work) lives in `ecran.dice.notation`.

Each name loads its module on first use (PEP 562): a roll needs the roller, not the exact
walks (`enumerate`: ~3 ms of every `ecran dice`, #32).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# eager: importing the submodule `ecran.dice.explode` would otherwise bind the package's name
# `explode` to the module, hiding the function (and `__getattr__` is asked only for a name
# not bound)
from ecran.dice.explode import explode, explode_chain
from ecran.lazy import lazy_names

if TYPE_CHECKING:
    from ecran.dice.distribution import Distribution
    from ecran.dice.enumerate import (
        Resumed,
        TooManyPaths,
        Walked,
        enumerate_outcomes,
        walk_frontier,
    )
    from ecran.dice.pool import count_successes, keep_highest, keep_lowest, keep_scored
    from ecran.dice.roller import DiceSource, Roller

#: Each public name -> the module that defines it.
_HOME = {
    "Distribution": "distribution",
    "Resumed": "enumerate",
    "TooManyPaths": "enumerate",
    "Walked": "enumerate",
    "enumerate_outcomes": "enumerate",
    "walk_frontier": "enumerate",
    "count_successes": "pool",
    "keep_highest": "pool",
    "keep_lowest": "pool",
    "keep_scored": "pool",
    "DiceSource": "roller",
    "Roller": "roller",
}

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


__getattr__ = lazy_names(__name__, _HOME)
