"""Seeded rolls: reproducible records, frequencies that agree with the exact odds, limits."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import sqrt

import pytest

from ecran.dice import Roller
from ecran.dice.notation import NotationError, distribution, parse, roll


@pytest.mark.parametrize("text", ["4d6kh3", "1d20+5", "3d6!", "6d10!10>=8", "2d6r1!!kl1-1"])
def test_same_seed_same_record(text: str) -> None:
    first = roll(text, Roller(42))
    again = roll(text, Roller(42))
    assert (first.dice, first.total, first.text) == (again.dice, again.total, again.text)
    # the record is the roller's own audit trail, in the same order
    roller = Roller(42)
    assert roll(text, roller).dice == roller.rolled


def test_different_seeds_differ_somewhere() -> None:
    records = {tuple(roll("10d6", Roller(seed)).dice) for seed in range(5)}
    assert len(records) == 5


@pytest.mark.parametrize(
    "text", ["3d6", "4d6kh3", "2d6ro1kl1+2", "5d6>=5", "1d4!", "3d6r<3", "2d4!!kh1", "3d10!10>=8"]
)
def test_rolls_agree_with_exact_odds(text: str) -> None:
    n = 3000
    dist = distribution(text)
    roller = Roller(20261121)
    counts = Counter(roll(text, roller).total for _ in range(n))
    for outcome in set(counts) | set(dist.outcomes()):
        p = float(dist.probability(outcome))
        freq = counts[outcome] / n
        # the cut explosion mass (< 1e-6 here) is far inside the tolerance
        tolerance = 5 * sqrt(p * (1 - p) / n) + 2 / n
        assert abs(freq - p) <= tolerance, (text, outcome, freq, p)


def test_too_many_rolls_is_an_error_not_a_hang() -> None:
    # each die rerolls until it shows 1000: about 1000 rolls per die
    with pytest.raises(NotationError) as caught:
        roll("100d1000r>2", Roller(1))  # Roll20: r>2 rerolls 2 or more (issue 17)
    assert "trop de dés" in caught.value.fr


def test_rolling_huge_pools_is_fine_even_when_exact_odds_are_refused() -> None:
    result = roll("1000d1000", Roller(3))
    assert len(result.dice) == 1000 and result.total == sum(result.dice)
    with pytest.raises(NotationError):
        distribution("1000d1000")


def test_exact_limits() -> None:
    with pytest.raises(NotationError):
        distribution("100d20kh50")
    with pytest.raises(NotationError):
        distribution("3d6!", depth=10_000)
    assert distribution("3d6!", depth=0).residual == 1 - Fraction(5, 6) ** 3


def test_explosion_depth_trades_residual() -> None:
    shallow = distribution("1d6!", depth=2)
    deep = distribution("1d6!", depth=8)
    assert shallow.residual == Fraction(1, 6**3)
    assert deep.residual == Fraction(1, 6**9)
    assert parse("1d6!") is parse("1d6!")


def test_roller_draws_what_randint_draws() -> None:
    # seeds recorded before the Roller was sped up must replay the same dice
    import random

    reference = random.Random(99)
    roller = Roller(99)
    sides = [6, 20, 100, 1000, 2, 1, 7] * 50
    assert [roller.d(s) for s in sides] == [reference.randint(1, s) for s in sides]
