"""Pools of identical dice: keep highest / lowest, count successes.

Keep-highest is computed without listing the s**n rolls: faces are visited from best to worst and
for each face we choose how many of the dice still unassigned show it (a binomial coefficient of
ways). The first k dice assigned are the kept ones. States are (dice assigned, kept sum), so the
cost is polynomial in n, k and the number of faces. Once k dice are assigned the kept sum is
settled and the other dice can only show worse faces: that state is finished at once, weighted by
(weight of the worse faces) ** (dice left), so only states with fewer than k dice are carried.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

from ecran.dice.distribution import Distribution, add_shifted


def keep_highest(die: Distribution[int], n: int, k: int) -> Distribution[int]:
    """Sum of the `k` highest of `n` independent rolls of `die`."""
    return keep_scored(die, n, k, highest=True)


def keep_lowest(die: Distribution[int], n: int, k: int) -> Distribution[int]:
    """Sum of the `k` lowest of `n` independent rolls of `die`."""
    return keep_scored(die, n, k, highest=False)


def keep_scored(
    die: Distribution[int],
    n: int,
    k: int,
    *,
    highest: bool,
    score: Callable[[int], int] | None = None,
) -> Distribution[int]:
    """Sum of `score(face)` over the `k` highest (or lowest) of `n` rolls of `die`.

    `score` None sums the faces; an indicator counts the kept dice that pass a test. `die` may be
    a sub-distribution (a truncated explosion): the result's residual then says so.
    """
    if n < 0 or k < 0:
        raise ValueError("dice counts must be non-negative")
    k = min(k, n)
    value = score if score is not None else _identity
    weights = die.weights()
    if k == n:
        return die.map(value).repeat(n) if score is not None else die.repeat(n)
    if k == 0:
        return Distribution({0: sum(weights.values()) ** n}, die.denominator**n)
    faces = sorted(weights.items(), reverse=highest)
    rest = sum(weights.values())
    finished: dict[int, int] = {}
    # states[m]: kept-sum -> ways, with m < k dice assigned to the faces seen so far
    states: dict[int, dict[int, int]] = {0: {0: 1}}
    for index, (face, w) in enumerate(faces):
        rest -= w  # weight of the faces still to visit (all worse than this one)
        points = value(face)
        last = index == len(faces) - 1
        carried: dict[int, dict[int, int]] = {}
        powers = [1]
        for _ in range(n):
            powers.append(powers[-1] * w)
        for m, sums in states.items():
            left = n - m
            for c in range(left if last else 0, left + 1):
                ways = comb(left, c) * powers[c]
                if m + c >= k:
                    ways *= rest ** (left - c)
                    if not ways:
                        continue
                    add_shifted(finished, sums, points * (k - m), ways)
                else:
                    add_shifted(carried.setdefault(m + c, {}), sums, points * c, ways)
        states = carried
        if not states:
            break
    return Distribution(finished, die.denominator**n).reduced()


def count_successes(
    die: Distribution[Any], n: int, hit: Callable[[Any], bool]
) -> Distribution[int]:
    """Number of the `n` dice whose face satisfies `hit`."""
    return die.map(lambda face: 1 if hit(face) else 0).repeat(n)


def _identity(face: int) -> int:
    return face
