"""The numpy bookkeeping of the simulator's tables, each filled lazily and read for all trials at
once: a hash map from int64 keys to ids (`ArrayHashMap`), many exact distributions drawn from
at once (`FlatDistributions`), and an int64 array that grows in place (`GrowingArray`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ecran.engine.simulate import EXACT_LIMIT

#: State indices fit in this many bits, so that a pair of states (and an attack's choice) or a
#: state and an operation pack into one int64 key.
STATE_BITS = 21
SPAN = 1 << STATE_BITS


class GrowingArray:
    """An int64 array that grows (doubling) as entries are added, -1 where not filled."""

    def __init__(self) -> None:
        self.data: Any = np.full(64, -1, dtype=np.int64)
        self.size = 0

    def extend(self, n: int) -> int:
        start = self.size
        self.size += n
        if self.size > self.data.size:
            bigger = np.full(max(self.size, 2 * self.data.size), -1, dtype=np.int64)
            bigger[:start] = self.data[:start]
            self.data = bigger
        return start

    def append(self, value: int) -> int:
        """Add one entry; its index."""
        at = self.extend(1)
        self.data[at] = value
        return at


class ArrayHashMap:
    """Ids of non-negative int64 keys, looked up for many trials at once: an open-addressing
    hash table in numpy (multiplicative hash, linear probing, at most half full), so a lookup
    is a few gathers, not a sort (-1: not known yet). Keys are added one by one, in Python."""

    HASH = 0x9E3779B97F4A7C15  # 2**64 / the golden ratio: spreads consecutive keys

    def __init__(self) -> None:
        self.ids: dict[int, int] = {}
        self._bits = 10
        self._grow()

    def _grow(self) -> None:
        size = 1 << self._bits
        self._keys: Any = np.full(size, -1, dtype=np.int64)
        self._values: Any = np.full(size, -1, dtype=np.int64)
        for key, value in self.ids.items():
            self._put(key, value)

    def _put(self, key: int, value: int) -> None:
        mask = (1 << self._bits) - 1
        at = ((key * self.HASH) & 0xFFFFFFFFFFFFFFFF) >> (64 - self._bits)
        while self._keys[at] not in (-1, key):
            at = (at + 1) & mask
        self._keys[at], self._values[at] = key, value

    def add(self, key: int, value: int) -> None:
        self.ids[key] = value
        if 2 * len(self.ids) > 1 << self._bits:
            self._bits += 1
            self._grow()
        else:
            self._put(key, value)

    def find_or_add(self, keys: Any, add: Callable[[int], None]) -> Any:
        """`find`, each key not known yet first added by `add` (in increasing order)."""
        found = self.find(keys)
        if (found < 0).any():
            for key in np.unique(keys[found < 0]).tolist():
                add(key)
            found = self.find(keys)
        return found

    def find(self, keys: Any) -> Any:
        mask = (1 << self._bits) - 1
        with np.errstate(over="ignore"):
            hashed = keys.astype(np.uint64) * np.uint64(self.HASH)
        at = (hashed >> np.uint64(64 - self._bits)).astype(np.int64)
        found = np.full(keys.shape, -1, dtype=np.int64)
        pending = np.arange(keys.size)
        while pending.size:
            here = self._keys[at[pending]]
            hit = here == keys[pending]
            found[pending[hit]] = self._values[at[pending[hit]]]
            pending = pending[~hit & (here != -1)]
            at[pending] = (at[pending] + 1) & mask
        return found


class FlatDistributions:
    """Many exact distributions over ints, drawn from many at once. Distribution `i` is the
    segment `offset[i]` to `offset[i] + count[i]` of flat arrays: its values and its cumulative
    integer weights, the last equal to its denominator. A draw is one uniform integer below the
    denominator per trial (exact), then a vectorised bisection inside each trial's segment.
    A denominator of 2**62 or more (no game's fight has met one) is rescaled to 2**62: the
    cumulative weights rounded down, an error below 2**-62 per outcome."""

    def __init__(self) -> None:
        self.values: list[int] = []
        # numpy from the start, grown by doubling: a table adds segments in the middle of a
        # batch (a new pair, a new step), and rebuilding every array each time was quadratic
        self._flat = [GrowingArray(), GrowingArray()]  # cumulative, values
        self._head = [GrowingArray(), GrowingArray(), GrowingArray()]  # offset, count, denominator

    def add(self, values: Sequence[int], weights: Sequence[int], denominator: int) -> int:
        running, cumulative = 0, []
        for w in weights:
            running += w
            cumulative.append(running)
        if denominator >= EXACT_LIMIT:
            cumulative = [c * EXACT_LIMIT // denominator for c in cumulative]
            denominator = EXACT_LIMIT
        offset = len(self.values)
        self.values.extend(values)
        for grown, row in zip(self._flat, (cumulative, values), strict=True):
            start = grown.extend(len(row))
            grown.data[start : start + len(row)] = row
        index = self._head[0].size
        for grown, value in zip(self._head, (offset, len(values), denominator), strict=True):
            grown.append(value)
        return index

    def arrays(self) -> tuple[Any, ...]:
        """(offset, count, denominator, cumulative, values) as numpy arrays."""
        return tuple(g.data for g in (*self._head, *self._flat))

    def draw(self, rng: np.random.Generator, segment: Any) -> Any:
        """One draw from each trial's segment: the position drawn in the flat arrays."""
        offset, count, denominator, cumulative, _ = self.arrays()
        low = offset[segment]
        several = count[segment] > 1
        if not several.any():
            return low
        at = np.nonzero(several)[0]
        drawn = segment[at]
        pick = rng.integers(0, denominator[drawn], dtype=np.int64)
        counts = count[drawn]
        lo, hi = low[at], low[at] + counts - 1
        for _ in range(int(counts.max()).bit_length()):
            mid = (lo + hi) >> 1
            go = cumulative[mid] <= pick
            lo = np.where(go, mid + 1, lo)
            hi = np.where(go, hi, mid)
        low = low.copy()
        low[at] = lo
        return low
