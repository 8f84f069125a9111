"""The cost estimate that refuses an exact computation before it starts is sound: what it lets
through does no more work than it said (issue 16: "no expression the notation accepts takes more
than one second"). Work is counted, not timed: `order.STEPS` counts the inner-loop steps of the
keep/drop kernel, and each step adds integers no larger than the result's denominator, so the
estimate weighted by that size (`order.weighted`) bounds the time on any machine."""

from __future__ import annotations

from math import log2

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Distribution
from ecran.dice.notation import NotationError, distribution, exact, limits, order


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
    before = order.STEPS[0]
    order.kept_statistic([(die(f), c) for f, c in types], lo, hi, lambda face, c: face * c)
    assert order.STEPS[0] - before <= estimate


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
    exact._dice.cache_clear()
    before = order.STEPS[0]
    result = distribution(text)  # accepted: the case is one the estimate let through
    steps = order.STEPS[0] - before
    assert 0 < order.weighted(steps, count * log2(faces)) <= limits.MAX_KEEP_WORK
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
