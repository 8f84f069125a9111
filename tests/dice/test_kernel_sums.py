"""Long sums (`repeat`): the packed big-integer power agrees with adding the copies one by one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.explode import explode_chain


def one_by_one(die: Distribution[int], n: int) -> Distribution[int]:
    total: Distribution[int] = Distribution.constant(0)
    for _ in range(n):
        total = total + die
    return total


@given(
    st.dictionaries(st.integers(-5, 12), st.integers(1, 9), min_size=3, max_size=8),
    st.integers(2, 30),
)
def test_repeat_is_the_sum_of_the_copies(weights: dict[int, int], n: int) -> None:
    die = Distribution(weights)
    assert die.repeat(n) == one_by_one(die, n)


def test_a_truncated_die_keeps_its_residual_through_a_long_sum() -> None:
    chain = explode_chain(Distribution.die(6), {6}, max_depth=3)
    summed = chain.repeat(12)
    assert summed == one_by_one(chain, 12)
    assert summed.residual == 1 - (1 - chain.residual) ** 12
