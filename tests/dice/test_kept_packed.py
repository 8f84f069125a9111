"""Kept dice of one type (`order.kept_sum`): the packed walk gives exactly what listing every
roll gives, for sums and success counts, from either end, on weighted and truncated dice."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.notation import order

SCORES: dict[str, Callable[[int], int] | None] = {
    "sum": None,
    "successes": lambda face: 1 if face >= 3 else 0,
    "successes-failures": lambda face: (1 if face >= 4 else 0) - (1 if face <= 0 else 0),
}


def listed(die: Distribution[int], n: int, lo: int, hi: int, score: str) -> Distribution[int]:
    """Every roll of the `n` dice listed: ranks [lo, hi) of the faces, highest first."""
    value = SCORES[score] or (lambda face: face)
    weights: dict[int, int] = {}
    for roll in product(die.weights().items(), repeat=n):
        faces = sorted((face for face, _ in roll), reverse=True)
        ways = 1
        for _, w in roll:
            ways *= w
        total = sum(value(face) for face in faces[lo:hi])
        weights[total] = weights.get(total, 0) + ways
    return Distribution(weights, die.denominator**n)


@st.composite
def pools(draw: st.DrawFn) -> tuple[Distribution[int], int, int, int]:
    weights = draw(st.dictionaries(st.integers(-3, 9), st.integers(1, 5), min_size=1, max_size=5))
    residual = draw(st.sampled_from([0, 0, 3]))  # a truncated die: a sub-distribution
    n = draw(st.integers(1, 5))
    lo = draw(st.integers(0, n))
    hi = draw(st.integers(lo, n))
    return Distribution(weights, sum(weights.values()) + residual), n, lo, hi


@settings(max_examples=300, deadline=None, derandomize=True)
@given(pools(), st.sampled_from(sorted(SCORES)))
def test_kept_dice_of_one_type_as_listing_every_roll(
    pool: tuple[Distribution[int], int, int, int], score: str
) -> None:
    die, n, lo, hi = pool
    kept = order.kept_sum([(die, n)], lo, hi, SCORES[score])
    expected = listed(die, n, lo, hi, score)
    assert kept == expected
    assert kept.residual == expected.residual


def test_the_benchmark_pool_takes_the_packed_walk_and_matches_the_dictionary_walk() -> None:
    d6 = Distribution.die(6)
    steps = [0]
    packed = order.kept_sum([(d6, 60)], 0, 30, None, steps)
    walked = order.kept_statistic([(d6, 60)], 0, 30, lambda face, c: face * c)
    assert packed == walked
    assert packed.probability(180) == walked.probability(180) > 0
    # the packed walk: a handful of big-integer steps per state, far fewer than the dictionary's
    assert 0 < steps[0] < order.work(6, 60, 0, 30, 30 * 6 + 1)


@st.composite
def mixed_pools(draw: st.DrawFn) -> tuple[list[tuple[Distribution[int], int]], int, int]:
    types = []
    for _ in range(draw(st.integers(1, 3))):
        weights = draw(
            st.dictionaries(st.integers(-2, 6), st.integers(1, 4), min_size=1, max_size=4)
        )
        types.append((Distribution(weights), draw(st.integers(0, 3))))
    n = sum(count for _, count in types)
    lo = draw(st.integers(0, n))
    return types, lo, draw(st.integers(lo, n))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(mixed_pools())
def test_kept_dice_of_several_types_as_listing_every_roll(
    pool: tuple[list[tuple[Distribution[int], int]], int, int],
) -> None:
    # `{4d6+3d8}kh3`: the dictionary walk, whose states are carried without a copy when no die
    # of a face moves them
    types, lo, hi = pool
    dice = [die for die, count in types for _ in range(count)]
    weights: dict[int, int] = {}
    for roll in product(*(die.weights().items() for die in dice)):
        faces = sorted((face for face, _ in roll), reverse=True)
        ways = 1
        for _, w in roll:
            ways *= w
        weights[sum(faces[lo:hi])] = weights.get(sum(faces[lo:hi]), 0) + ways
    denominator = 1
    for die in dice:
        denominator *= die.denominator
    expected = Distribution(weights, denominator)
    assert order.kept_statistic(types, lo, hi, lambda face, c: face * c) == expected
