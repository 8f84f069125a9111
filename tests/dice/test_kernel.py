"""The kernel's fast paths give exactly what the plain definitions give."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.distribution import _convolve_packed

WEIGHTS = st.dictionaries(st.integers(-30, 30), st.integers(0, 10**30), min_size=1, max_size=40)


def naive(a: dict[int, int], b: dict[int, int], sign: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + sign * y] = out.get(x + sign * y, 0) + wx * wy
    return {k: v for k, v in out.items() if v}


@settings(max_examples=80, deadline=None)
@given(WEIGHTS, WEIGHTS, st.sampled_from([1, -1]))
def test_packed_convolution_is_exact(a: dict[int, int], b: dict[int, int], sign: int) -> None:
    packed = _convolve_packed(a, b, sign)
    if packed is not None:  # None: too sparse to pack, the dictionary loop is used
        assert packed == naive(a, b, sign)


def test_large_sums_use_packing_and_stay_exact() -> None:
    # 200d6: the number of ways to roll the minimum, one above, and the middle
    dist = Distribution.die(6).repeat(200)
    assert dist.probability(200) == Fraction(1, 6**200)
    assert dist.probability(201) == Fraction(200, 6**200)
    ways_700 = sum(
        (-1) ** j * comb(200, j) * comb(700 - 200 - 6 * j + 199, 199) for j in range(0, 84)
    )
    assert dist.probability(700) == Fraction(ways_700, 6**200)
    assert dist.total == 1


def test_non_integer_outcomes_still_convolve() -> None:
    a = Distribution({Fraction(1, 2): 1, Fraction(3, 2): 1})
    assert (a + a).probability(Fraction(2)) == Fraction(1, 2)


@settings(max_examples=40, deadline=None)
@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(1, 9), st.integers(0, 9))
def test_binomial_repeat_equals_repeated_addition(a: int, b: int, wa: int, n: int) -> None:
    # includes sub-probabilities (weights below the denominator)
    dist = Distribution({a: wa, b: 3}, denominator=wa + 7)
    expected: Distribution[int] = Distribution.constant(0)
    for _ in range(n):
        expected = expected + dist
    assert dist.repeat(n) == expected
    assert dist.repeat(n).residual == expected.residual
