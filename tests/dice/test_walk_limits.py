"""The walk over dice sequences stops with TooManyPaths rather than running away: past its path
budget (counting the prefixes still waiting), and on a sequence longer than any roll a rule makes
at once (a roll-off repeated on every tie never ends; only an analytic distribution answers it)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.dice import DiceSource, TooManyPaths, enumerate_outcomes
from ecran.dice.enumerate import MAX_DEPTH


def roll_off(dice: DiceSource) -> str:
    """Both sides roll a d6 until one is higher."""
    while True:
        mine, theirs = dice.d(6), dice.d(6)
        if mine != theirs:
            return "won" if mine > theirs else "lost"


def test_a_roll_that_can_go_on_forever_stops_at_once() -> None:
    with pytest.raises(TooManyPaths):
        enumerate_outcomes(roll_off, max_paths=10**9)


def test_the_budget_counts_waiting_prefixes() -> None:
    with pytest.raises(TooManyPaths):
        enumerate_outcomes(lambda d: sum(d.d(6) for _ in range(8)), max_paths=1_000)


def test_a_long_but_finite_sequence_is_walked() -> None:
    length = MAX_DEPTH - 1
    dist = enumerate_outcomes(lambda d: sum(d.d(1) for _ in range(length)))
    assert dist.probability(length) == Fraction(1)
