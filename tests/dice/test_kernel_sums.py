"""Long sums (`repeat`): the packed big-integer power agrees with adding the copies one by one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.explode import chains_sum, explode_chain


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


SCORES = [None, lambda face: 1 if face >= 4 else 0, lambda face: 2 * face - 3]


@settings(max_examples=120, deadline=None, derandomize=True)
@given(
    st.dictionaries(st.integers(1, 8), st.integers(1, 5), min_size=2, max_size=6),
    st.integers(0, 3),
    st.integers(0, 6),
    st.integers(0, 4),
    st.sampled_from(range(len(SCORES))),
)
def test_chains_summed_at_once_are_the_power_of_one_chain(
    weights: dict[int, int], extra: int, count: int, depth: int, scoring: int
) -> None:
    # `10d10!`: a chain is g·J + X with J and X independent (`chains_sum`); on any die, any
    # exploding faces (several of them, or scoring apart: the general way), any depth
    die = Distribution(weights, sum(weights.values()) + extra)
    top = max(weights)
    for on in ({top}, {top, min(weights)}):
        if set(weights) <= on:
            continue
        score = SCORES[scoring]
        summed = chains_sum(die, on, count, max_depth=depth, score=score)
        powered = explode_chain(die, on, max_depth=depth, score=score).repeat(count)
        assert summed == powered
        assert summed.residual == powered.residual
