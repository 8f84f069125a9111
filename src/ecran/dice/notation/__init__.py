"""Dice notation (Roll20 common dialect): parse -> AST -> roll / exact distribution / text.

    >>> from ecran.dice import Roller
    >>> from ecran.dice.notation import distribution, parse, roll
    >>> roll("4d6kh3", Roller(7)).text        # doctest: +SKIP
    '4d6kh3 (4, 4, 6, ~~3~~) = 14'
    >>> distribution("2d6").probability(7)
    Fraction(1, 6)

Semantics that dice rollers disagree on, as ecran reads them (tested in tests/dice):

* Modifiers apply in one fixed order, whatever order they are written in:
  roll -> reroll -> explode -> keep/drop -> count successes.
* Rerolls come first and apply to every roll, explosion rolls included. `r` rerolls until the face
  is outside the set (a set covering every face is refused); `ro` rerolls once and keeps the new
  face whatever it shows. Several clauses add up: `1d6r1r2` = `1d6r<3`; `r` and `ro` cannot mix.
* Explosions are per die, never on the sum. `!` (Roll20): each extra roll is a new die of the pool,
  so success counting tests each roll. `!!` (compounding): the extra rolls add into the die that
  exploded. Keep/drop after an explosion (explode-then-keep) needs `!!`: it keeps whole dice.
  `!` alone explodes on the highest face; `!>4`, `!=5`, `!5` name other faces. A die that would
  explode on every face (`d1!`) is refused. Exact odds follow each chain `depth` extra rolls deep
  (default `limits.DEFAULT_DEPTH`) and report the rest as `residual`; a roll stops exploding after
  `limits.ROLL_MAX_EXPLOSIONS` extra rolls.
* Comparisons mean what they say: `>` is strict and `>=` is not (Roll20 reads `>4` as "4 or
  more"; here write `>=4`). A comparison right after `!` is the explosion's condition.
* `k` = `kh`, `d` after the faces = `dl`; a number after k/kh/kl/dh/dl defaults to 1; keeping more
  dice than rolled keeps them all. Ties: the die rolled first is kept first.
* `d%` = `d100`; letters are case-insensitive (`1D6`).
"""

from ecran.dice.notation import limits, report
from ecran.dice.notation.ast import (
    Comparison,
    Constant,
    Dice,
    Explode,
    Expression,
    Keep,
    Node,
    Reroll,
    Sum,
)
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.exact import distribution
from ecran.dice.notation.parser import parse
from ecran.dice.notation.roll import Face, PoolDie, RollResult, SumRoll, TermRoll, roll

__all__ = [
    "Comparison",
    "Constant",
    "Dice",
    "Explode",
    "Expression",
    "Face",
    "Keep",
    "Node",
    "NotationError",
    "PoolDie",
    "Reroll",
    "RollResult",
    "Sum",
    "SumRoll",
    "TermRoll",
    "distribution",
    "limits",
    "parse",
    "report",
    "roll",
]
