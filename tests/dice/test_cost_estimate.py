"""The cost estimate that refuses an exact computation before it starts is sound: what it lets
through does no more work than it said (issue 16: "no expression the notation accepts takes more
than one second"). Work is counted, not timed: a counter passed to the keep/drop kernels counts
their inner-loop steps, and each step adds integers no larger than the result's denominator, so the
estimate weighted by that size (`order.weighted`) bounds the time on any machine."""

from __future__ import annotations

from math import log2

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.notation import (
    NotationError,
    distribution,
    exact_dice,
    limits,
    order,
    parse,
)
from ecran.dice.notation.ast import kept_range


def die(faces: int) -> Distribution[int]:
    return Distribution({face: 1 for face in range(1, faces + 1)}, faces)


@st.composite
def pools(draw: st.DrawFn) -> tuple[list[tuple[int, int]], int, int]:
    """(faces, count) per die type, and the kept ranks [lo, hi)."""
    types = draw(
        st.lists(st.tuples(st.integers(1, 10), st.integers(0, 12)), min_size=1, max_size=3)
    )
    n = sum(count for _, count in types)
    lo = draw(st.integers(0, n))
    hi = draw(st.integers(lo, n))
    return types, lo, hi


@settings(max_examples=150, deadline=None, derandomize=True)
@given(pools())
def test_keep_kernel_does_no_more_steps_than_estimated(
    pool: tuple[list[tuple[int, int]], int, int],
) -> None:
    types, lo, hi = pool
    faces = max(f for f, _ in types)
    kept = hi - lo
    estimate = order.work(faces, sum(c for _, c in types), lo, hi, kept * faces + 1, len(types))
    steps = [0]
    order.kept_statistic([(die(f), c) for f, c in types], lo, hi, lambda face, c: face * c, steps)
    assert steps[0] <= estimate


@settings(max_examples=150, deadline=None, derandomize=True)
@given(pools(), st.sampled_from(["sum", "success", "success-failure"]))
def test_the_kernel_a_pool_takes_does_no_more_steps_than_estimated(
    pool: tuple[list[tuple[int, int]], int, int], scoring: str
) -> None:
    # `kept_sum` is what the notation calls: the packed walk for one die type kept from one end,
    # else `kept_statistic`; success counts with failures span -kept..kept
    types, lo, hi = pool
    faces = max(f for f, _ in types)
    kept = hi - lo
    value = None
    sums = kept * faces + 1
    if scoring == "success":
        value, sums = (lambda face: 1 if face >= 4 else 0), kept + 1
    elif scoring == "success-failure":
        value, sums = (lambda face: (face >= 4) - (face == 1)), 2 * kept + 1
    estimate = order.work(faces, sum(c for _, c in types), lo, hi, sums, len(types))
    steps = [0]
    order.kept_sum([(die(f), c) for f, c in types], lo, hi, value, steps)
    assert steps[0] <= estimate


@pytest.mark.parametrize(
    ("text", "faces", "count"),
    # near the largest accepted pool of each shape (found by bisecting the count), the issue's
    # slow corner and those a search over the grammar found
    [
        ("1000d6kh23", 6, 1000),
        ("1000d2kh40", 2, 1000),
        ("1000d3kh40", 3, 1000),
        ("1000d20kh23>10", 20, 1000),
        ("200d10kl25", 10, 200),
    ],
)
def test_accepted_keeps_stay_within_the_weighted_budget(text: str, faces: int, count: int) -> None:
    result = distribution(text)  # accepted: the case is one the estimate let through
    term = parse(text).dice_terms()[0]
    lo, hi = kept_range(term.keeps, term.count)
    steps = [0]
    value = exact_dice.score_of(term.success, term.failure)
    again = order.kept_sum(
        [(exact_dice._die_value(term, 20, term), term.count)], lo, hi, value, steps
    )
    assert again == result  # the very computation `distribution` makes, counted
    assert 0 < order.weighted(steps[0], count * log2(faces)) <= limits.MAX_KEEP_WORK
    assert result.total + result.residual == 1


@pytest.mark.parametrize(
    # measured without the limits: 7.7 s, 5.4 s, 1.4 s, and 5.1 s (`1000d10` alone is past
    # the size limit, built before its dice are scored)
    "text",
    ["50d100kh40", "200d20kh100", "100d20!!kh5", "{1000d10, 3d6, 2d8}>5"],
)
def test_what_would_take_seconds_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        distribution(text)
    assert "\n" not in caught.value.fr and "\n" not in caught.value.en
