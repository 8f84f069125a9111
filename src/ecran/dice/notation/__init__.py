"""Dice notation (Roll20 common dialect): parse -> AST -> roll / exact distribution / text.

    >>> from ecran.dice import Roller
    >>> from ecran.dice.notation import distribution, parse, roll
    >>> roll("4d6kh3", Roller(7)).text        # doctest: +SKIP
    '4d6kh3 (4, 4, 6, ~~3~~) = 14'
    >>> distribution("2d6").probability(7)
    Fraction(1, 6)

Roll20's dialect with Roll20's meanings (README "Dice notation"), as ecran reads it (tested in
tests/dice):

* Target numbers, rerolls, explosions and crit markers: `>N` is N or more, `<N` N or less, `=N`
  exactly N (`>=`, `<=` are aliases). Failures (`f…`) subtract from the successes.
* Modifiers apply in one fixed order, whatever order they are written in:
  roll -> reroll -> explode -> min/max -> keep/drop -> count successes, failures or matches.
  Chained keep/drop applies in the order written, each to the dice the previous one kept.
* Rerolls apply to every roll, explosion rolls included. `r` rerolls until the face is outside
  the set (a set covering every face is refused); `ro` rerolls once and keeps the new face.
  Several clauses add up: `1d6r1r2` = `1d6r<2`; `r` and `ro` cannot mix.
* Explosions are per die, never on the sum. `!`: each extra roll is a new die of the pool.
  `!!`: the extra rolls add into the die. `!p`: as `!!`, each extra roll counting one less.
  Keeping exploding dice needs `!!` or `!p`. A die that would explode on every face is refused.
  Exact odds follow each chain `depth` extra rolls deep and report the rest as `residual`.
* Arithmetic is exact: `/` gives fractions, `%` is JavaScript's remainder, `round` halves up.
* `k` = `kh`, `d` after the faces = `dl`; ties: the die rolled first is kept first.
* Groups `{a, b}` keep or count over the sub-rolls' totals; a one-roll group over its dice.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ecran.dice.notation import arith, limits
from ecran.dice.notation.ast import (
    BinOp,
    Call,
    Comparison,
    Constant,
    Dice,
    Explode,
    Expression,
    Group,
    Keep,
    Labelled,
    Node,
    Reroll,
    Sum,
)
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.parser import parse
from ecran.dice.notation.roll import roll
from ecran.dice.notation.walk import Face, PoolDie, RollResult, SumRoll, TermRoll

if TYPE_CHECKING:
    from ecran.dice.notation import report
    from ecran.dice.notation.exact import distribution

__all__ = [
    "BinOp",
    "Call",
    "Comparison",
    "Constant",
    "Dice",
    "Explode",
    "Expression",
    "Face",
    "Group",
    "Keep",
    "Labelled",
    "Node",
    "NotationError",
    "PoolDie",
    "Reroll",
    "RollResult",
    "Sum",
    "SumRoll",
    "TermRoll",
    "arith",
    "distribution",
    "limits",
    "parse",
    "report",
    "roll",
]


def __getattr__(name: str) -> Any:
    """The exact odds and the JSON shapes load on first use (PEP 562): a roll needs neither
    (~1.5 ms of every `ecran dice`, #32)."""
    if name == "distribution":
        found = import_module("ecran.dice.notation.exact").distribution
    elif name == "report":
        found = import_module("ecran.dice.notation.report")
    else:
        raise AttributeError(f"module 'ecran.dice.notation' has no attribute {name!r}")
    globals()[name] = found
    return found
