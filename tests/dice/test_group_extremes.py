"""`{A, B, …}kh1` / `kl1` (and the drops that leave one sub-roll) by the product of the
sub-rolls' cumulative odds, held to the general keep over sub-rolls that follows every
combination of totals."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.notation import exact, exact_groups

weights = st.dictionaries(st.integers(-5, 12), st.integers(1, 9), min_size=1, max_size=5)
sub_rolls = st.lists(weights, min_size=2, max_size=4).map(
    lambda tables: [Distribution(t, sum(t.values()) * 3) for t in tables]  # a residual too
)


@given(sub_rolls, st.booleans(), st.sampled_from([None, 5]))
def test_the_extreme_of_sub_rolls_is_the_general_keep(
    items: list[Distribution[int]], highest: bool, target: int | None
) -> None:
    n = len(items)
    kept = (0, 1) if highest else (n - 1, n)
    assert exact_groups.extreme_rank(kept, n) is highest

    def score(x: int) -> int:
        return int(x >= target) if target is not None else x

    chosen = score if target is not None else None
    fast = exact_groups.extreme_items(list(items), highest, chosen)
    general = exact_groups.kept_items(list(items), kept, chosen)
    assert fast.weights() == general.weights() and fast.denominator == general.denominator


def test_only_a_single_extreme_rank_takes_the_product() -> None:
    assert exact_groups.extreme_rank((0, 2), 3) is None  # two kept
    assert exact_groups.extreme_rank((1, 2), 3) is None  # the middle one


def test_notation_groups_keep_their_meaning() -> None:
    """`{2d6, 1d8+1}kh1`: the highest is 2 only when both are (1/36 · 1/8); `dl1` of two
    sub-rolls keeps the higher, as `kh1` does."""
    best = exact.distribution("{2d6, 1d8+1}kh1")
    assert best.probability(2) == Fraction(1, 288)
    drop = exact.distribution("{2d6, 2d6}dl1")
    keep = exact.distribution("{2d6, 2d6}kh1")
    assert drop.weights() == keep.weights()


def test_a_keep_that_keeps_every_sub_roll_is_their_sum() -> None:
    """`{2d6, 1d4}kh2` keeps both: the sum, without following every pair of totals."""
    both = exact.distribution("{2d6, 1d4}kh2")
    assert both.weights() == exact.distribution("2d6 + 1d4").weights()
    assert both.denominator == exact.distribution("2d6 + 1d4").denominator
