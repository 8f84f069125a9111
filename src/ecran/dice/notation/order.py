"""Kept dice of a pool by rank, exact: what chained keep/drop, targets and matching need.

A kernel primitive written here (the kernel's `keep_scored` keeps only the top k, and its cost
grows with every die past the kept ones). Faces are visited from the side nearest the kept ranks;
for each face (and die type) we choose how many of the dice still unassigned show it, with a
binomial number of ways, exactly as `ecran.dice.pool` does. Ranks `[lo, hi)` in visit order are
the kept ones. Once `hi` dice are assigned the value is settled: every way the other dice can
fall on the faces not yet visited is added up in one weight (a sum over the counts, not a loop
over the totals), which is what makes `1000d6kh23` cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, prod

from ecran.dice.distribution import Distribution

STEPS = [0]
"""Inner-loop steps `kept_statistic` has taken in this process: what `work` estimates, counted
(the test of the estimate's soundness reads it; counting is one addition per outer step)."""


def kept_statistic(
    types: Sequence[tuple[Distribution[int], int]],
    lo: int,
    hi: int,
    gain: Callable[[int, int], int],
) -> Distribution[int]:
    """Σ over faces of `gain(face, number of kept dice showing it)`, the pool holding `n` dice
    of each `(die, n)` and keeping ranks `[lo, hi)` (rank 0 the highest die).

    With several die types `gain` must be linear in its count (a sum or a count of successes):
    dice of one face but of different types are visited one type after the other.
    """
    n = sum(count for _, count in types)
    lo, hi = max(lo, 0), min(hi, n)
    descending = hi <= n - lo
    if not descending:  # the kept ranks touch the bottom: visit from the lowest face
        lo, hi = n - hi, n - lo
    counts = [count for _, count in types]
    rest = [sum(die.weights().values()) for die, _ in types]
    denominator = prod(die.denominator**count for die, count in types)
    if hi <= lo:
        return Distribution({0: prod(r**c for r, c in zip(rest, counts, strict=True))}, denominator)
    steps = sorted(
        ((face, t, w) for t, (die, _) in enumerate(types) for face, w in die.weights().items()),
        key=lambda step: (-step[0] if descending else step[0], step[1]),
    )
    steps_done = 0
    states: dict[tuple[int, ...], dict[int, int]] = {tuple(0 for _ in types): {0: 1}}
    finished: dict[int, int] = {}
    for face, t, w in steps:
        rest[t] -= w
        last = rest[t] == 0
        carried: dict[tuple[int, ...], dict[int, int]] = {}
        for assigned, sums in states.items():
            m = sum(assigned)
            left = counts[t] - assigned[t]
            low_c = left if last else 0
            for c in range(low_c, min(left, hi - m - 1) + 1):
                ways = comb(left, c) * w**c
                add = gain(face, _overlap(m, m + c, lo, hi))
                key = (*assigned[:t], assigned[t] + c, *assigned[t + 1 :])
                bucket = carried.setdefault(key, {})
                steps_done += len(sums) + 1
                for total, count in sums.items():
                    bucket[total + add] = bucket.get(total + add, 0) + count * ways
            if m + left < hi:
                continue
            # `hi` dice reached at this face: the others show faces not yet visited
            first = max(hi - m, low_c)
            # Σ_{c >= first} C(left, c) w^c r^(left-c): as the binomial total minus its first
            # terms, or directly, whichever has fewer terms (a thousand dice, few kept: the
            # first; the last face, where r = 0 and only c = left counts: directly)
            r = rest[t]
            if first <= left - first:
                ways = (w + r) ** left - sum(
                    comb(left, c) * w**c * r ** (left - c) for c in range(first)
                )
            else:
                ways = sum(comb(left, c) * w**c * r ** (left - c) for c in range(first, left + 1))
            for u, count_u in enumerate(counts):
                if u != t:
                    ways *= rest[u] ** (count_u - assigned[u])
            if not ways:
                continue
            add = gain(face, hi - max(m, lo))
            steps_done += len(sums) + min(first, left - first + 1) + 1
            for total, count in sums.items():
                finished[total + add] = finished.get(total + add, 0) + count * ways
        states = carried
        if not states:
            break
    STEPS[0] += steps_done
    return Distribution(finished, denominator).reduced()


def work(faces: int, count: int, lo: int, hi: int, sums: int, types: int = 1) -> int:
    """Estimated inner-loop steps of `kept_statistic` (`sums`: distinct running totals)."""
    depth = min(hi, count - lo)
    states = depth ** max(types - 1, 0) if types > 1 else 1
    return faces * types * states * (depth * (depth + 1) * max(sums, 1) + depth * count)


WORD_BITS = 2000
"""Bits of big integer that cost one more step's worth of work: an inner step adds products of
counts up to the denominator, and adding or multiplying by a small number is linear in the
size of the integer (measured: 0.15 µs a step at 860 bits, `200d20kh40`; 0.23 µs at 2585 bits,
`1000d6kh60`; 0.25 µs at 3488, `50d10!!kh3`)."""


def weighted(steps: int, bits: float) -> float:
    """Inner-loop steps weighted by the size of the integers they add (`bits` of the
    denominator: no count exceeds it)."""
    return steps * (1 + bits / WORD_BITS)


def _overlap(start: int, end: int, lo: int, hi: int) -> int:
    return max(0, min(end, hi) - max(start, lo))
