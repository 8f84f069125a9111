"""Pools of identical dice: keep highest / lowest, count successes.

Keep-highest is computed without listing the s**n rolls: faces are visited from best to worst and
for each face we choose how many of the dice still unassigned show it (a binomial coefficient of
ways). The first k dice assigned are the kept ones. States are (dice assigned, kept sum), so the
cost is polynomial in n, k and the number of faces.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

from ecran.dice.distribution import Distribution


def keep_highest(die: Distribution[int], n: int, k: int) -> Distribution[int]:
    """Sum of the `k` highest of `n` independent rolls of `die`."""
    return _keep(die, n, k, highest=True)


def keep_lowest(die: Distribution[int], n: int, k: int) -> Distribution[int]:
    """Sum of the `k` lowest of `n` independent rolls of `die`."""
    return _keep(die, n, k, highest=False)


def _keep(die: Distribution[int], n: int, k: int, *, highest: bool) -> Distribution[int]:
    if n < 0 or k < 0:
        raise ValueError("dice counts must be non-negative")
    k = min(k, n)
    if k == n:
        return die.repeat(n)
    faces = sorted(die.outcomes(), reverse=highest)
    # states[m] maps kept-sum -> number of ways, with m dice assigned to the faces seen so far
    states: list[dict[int, int]] = [{} for _ in range(n + 1)]
    states[0][0] = 1
    for index, face in enumerate(faces):
        w = die.weight(face)
        last = index == len(faces) - 1
        nxt: list[dict[int, int]] = [{} for _ in range(n + 1)]
        for m in range(n + 1):
            for total, ways in states[m].items():
                left = n - m
                counts = (left,) if last else range(left + 1)
                for c in counts:
                    kept = min(c, max(0, k - m))
                    key = total + face * kept
                    bucket = nxt[m + c]
                    bucket[key] = bucket.get(key, 0) + ways * comb(left, c) * w**c
        states = nxt
    return Distribution(states[n], die.denominator**n).reduced()


def count_successes(
    die: Distribution[Any], n: int, hit: Callable[[Any], bool]
) -> Distribution[int]:
    """Number of the `n` dice whose face satisfies `hit`."""
    return die.map(lambda face: 1 if hit(face) else 0).repeat(n)
