"""Kept dice of a pool by rank, exact: what chained keep/drop, targets and matching need.

A kernel primitive written here (the kernel's `keep_scored` keeps only the top k, and its cost
grows with every die past the kept ones). `kept_sum` is the entry for sums and success counts:
one die type kept from one end with narrow weights takes the packed walk (`_top_packed`), the
rest `kept_statistic`. Faces are visited from the side nearest the kept ranks;
for each face (and die type) we choose how many of the dice still unassigned show it, with a
binomial number of ways, exactly as `ecran.dice.pool` does. Ranks `[lo, hi)` in visit order are
the kept ones. Once `hi` dice are assigned the value is settled: every way the other dice can
fall on the faces not yet visited is added up in one weight (a sum over the counts, not a loop
over the totals), which is what makes `1000d6kh23` cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, prod

from ecran.dice.distribution import Distribution, add_shifted, read_digits

Steps = list[int]
"""A one-element counter the kernels add their inner-loop steps to, when given one: what `work`
estimates, counted (the test of the estimate's soundness passes one; nothing global)."""

PACK_BITS = 400
"""Widest digit (bits of the total weight to the power of the pool) for which the packed walk is
used: its cost per state grows with the digit's width, the dictionary walk's hardly (measured,
CPU time, packed against dictionary: `60d6kh30`, 156 bits, 2.9× faster; `100d10kh20`, 333 bits,
1.6×; `150d6kh50`, 388 bits, 1.3×; `200d4kh60`, 401 bits, even; `300d6kh30`, 776 bits, 0.7×)."""


def kept_sum(
    types: Sequence[tuple[Distribution[int], int]],
    lo: int,
    hi: int,
    value: Callable[[int], int] | None = None,
    steps: Steps | None = None,
) -> Distribution[int]:
    """Σ `value(face)` (the face itself when None) over the kept dice, ranks `[lo, hi)` of the
    pool (rank 0 the highest die): a sum of kept dice, or with an indicator a count of successes."""
    n = sum(count for _, count in types)
    lo, hi = max(lo, 0), min(hi, n)
    if len(types) == 1 and lo < hi:
        descending = hi <= n - lo
        first, last = (lo, hi) if descending else (n - hi, n - lo)
        die, count = types[0]
        if first == 0 and (sum(die.weights().values()) ** count).bit_length() <= PACK_BITS:
            return _top_packed(die, count, last, descending, value, steps)
    if value is None:
        return kept_statistic(types, lo, hi, _face_times, steps)
    scored = value
    return kept_statistic(types, lo, hi, lambda face, c: scored(face) * c, steps)


def _face_times(face: int, c: int) -> int:
    return face * c


def _top_packed(
    die: Distribution[int],
    n: int,
    k: int,
    descending: bool,
    value: Callable[[int], int] | None,
    steps: Steps | None,
) -> Distribution[int]:
    """Σ value over the `k` best of `n` dice (highest faces, or lowest when not `descending`).

    The same walk as `kept_statistic` (faces best first; for each, how many of the dice not yet
    placed show it, C(left, c) w^c ways; a state finishes once `k` dice are placed), but a
    state's running totals are one integer, each total a fixed-width digit (Kronecker
    substitution): moving a state by `c` dice of a face is one multiplication and one shift,
    not a loop over its totals. A digit never exceeds (total weight)^n, so none overflows.
    The weight of finishing at a face, Σ_{c >= k-m} C(n-m, c) w^c r^(n-m-c) for every m < k,
    comes from one recurrence per face: with d = n - k and S(M) that sum for M = n - m dice,
    S(d) = (w + r)^d and S(M) = (w + r) S(M-1) - C(M-1, d) w^(M-1-d) r^(d+1)."""
    weights = die.weights()
    if value is None:
        items = sorted(weights.items(), reverse=descending)
    else:
        items = [(value(face), w) for face, w in sorted(weights.items(), reverse=descending)]
    low = min(v for v, _ in items)
    rest = sum(weights.values())
    width = ((rest**n).bit_length() + 7) // 8 * 8
    d = n - k
    done = 0
    states = [1] + [0] * (k - 1)  # m dice placed (m < k) -> their totals, packed
    finished = 0
    last = len(items) - 1
    for index, (v, w) in enumerate(items):
        rest -= w
        shift = (v - low) * width
        finishing = _finishing(n, k, d, w, rest)
        done += k
        carried = [0] * k
        for m, packed in enumerate(states):
            if not packed:
                continue
            digits = packed.bit_length() // width + 1
            if index != last:  # the last face takes every die left: nothing is carried
                left = n - m
                ways = 1
                for c in range(k - m):
                    carried[m + c] += packed * ways << shift * c
                    ways = ways * w * (left - c) // (c + 1)
                done += digits * (k - m)
            finished += packed * finishing[m] << shift * (k - m)
            done += digits
        states = carried
    if steps is not None:
        steps[0] += done
    return Distribution._trusted(_unpack(finished, width, low * k), die.denominator**n).reduced()


def _unpack(packed: int, width: int, first: int) -> dict[int, int]:
    """The digits of `packed` (`width` bits each, a multiple of 8), keyed from `first` up."""
    size = packed.bit_length() // width + 1
    result: dict[int, int] = {}
    if size * width <= _SHIFT_UP_TO:  # small: by shifts, no bytes object to build
        mask = (1 << width) - 1
        while packed:
            if packed & mask:
                result[first] = packed & mask
            packed >>= width
            first += 1
        return result
    return read_digits(packed, width // 8, size, first)


_SHIFT_UP_TO = 8192
"""Bits of a packed result up to which reading its digits by shifts beats going through bytes."""


def _finishing(n: int, k: int, d: int, w: int, r: int) -> list[int]:
    """For m = 0..k-1 dice already placed on better faces: the weight of the others putting at
    least k - m dice on this face (weight `w`) and the rest below it (weight `r` in all)."""
    out = [0] * k
    both = w + r
    tail = both**d  # S(d)
    term = r ** (d + 1)  # C(d, d) w^0 r^(d+1)
    for dice in range(d + 1, n + 1):
        tail = both * tail - term
        out[n - dice] = tail
        term = term * dice * w // (dice - d)
    return out


def kept_statistic(
    types: Sequence[tuple[Distribution[int], int]],
    lo: int,
    hi: int,
    gain: Callable[[int, int], int],
    steps: Steps | None = None,
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
    order = sorted(
        ((face, t, w) for t, (die, _) in enumerate(types) for face, w in die.weights().items()),
        key=lambda step: (-step[0] if descending else step[0], step[1]),
    )
    steps_done = 0
    states: dict[tuple[int, ...], dict[int, int]] = {tuple(0 for _ in types): {0: 1}}
    finished: dict[int, int] = {}
    for face, t, w in order:
        rest[t] -= w
        last = rest[t] == 0
        carried: dict[tuple[int, ...], dict[int, int]] = {}
        # states with the most dice of this type first: none of them is written to by a state
        # visited before it, so a state no die of this face moves (c = 0: one way, nothing
        # added) is carried as it is, not copied, and the states after it add to it in place
        for assigned, sums in sorted(states.items(), key=lambda state: -state[0][t]):
            m = sum(assigned)
            left = counts[t] - assigned[t]
            low_c = left if last else 0
            for c in range(low_c, min(left, hi - m - 1) + 1):
                ways = comb(left, c) * w**c
                add = gain(face, _overlap(m, m + c, lo, hi))
                key = (*assigned[:t], assigned[t] + c, *assigned[t + 1 :])
                steps_done += 1
                if c == 0 and add == 0 and key not in carried:
                    carried[key] = sums
                    continue
                bucket = carried.setdefault(key, {})
                steps_done += len(sums)
                add_shifted(bucket, sums, add, ways)
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
            add_shifted(finished, sums, add, ways)
        states = carried
        if not states:
            break
    if steps is not None:
        steps[0] += steps_done
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
