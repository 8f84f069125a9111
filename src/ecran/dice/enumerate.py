"""Exact distribution of any dice procedure, by walking every sequence of dice it can ask for.

A check's procedure is written once against `DiceSource`; rolled with a `Roller` it gives a seeded
result, walked here it gives the exact odds of every result. Both come from the same code, so they
cannot disagree. The walk replays the procedure with a scripted prefix and branches when it asks
for one die more; the cost is the number of distinct dice sequences, capped by `max_paths`.

`walk_frontier` is the partial walk a sampler needs where the full one is too big (a roll-off
repeated on every tie, an explosion, a pool): the most probable prefixes first, within a budget;
what it did not visit is left as a frontier of prefixes with their exact probabilities, from
which a draw resumes the procedure on fresh dice (`Resumed`).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence
from math import lcm
from typing import Generic, TypeVar

from ecran.dice.distribution import Distribution
from ecran.dice.roller import DiceSource
from ecran.record import record

R = TypeVar("R", bound=Hashable)

DEFAULT_MAX_PATHS = 200_000
#: No sequence of dice a rule rolls at once is longer; a longer one is a roll that can go on
#: forever (a roll-off repeated on every tie), which only an analytic distribution can answer.
MAX_DEPTH = 256


class TooManyPaths(ValueError):
    """The procedure has more dice sequences than the walk may visit."""


class _NeedDie(Exception):
    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = faces


class _Script:
    def __init__(self, prefix: list[int]) -> None:
        self._prefix = prefix
        self._next = 0

    def _take(self, faces: Sequence[int]) -> int:
        if self._next == len(self._prefix):
            raise _NeedDie(faces)
        value = self._prefix[self._next]
        self._next += 1
        return value

    def d(self, sides: int) -> int:
        return self._take(range(1, sides + 1))

    def face(self, faces: Sequence[int]) -> int:
        return self._take(faces)


def enumerate_outcomes(
    procedure: Callable[[_Script], R], max_paths: int = DEFAULT_MAX_PATHS
) -> Distribution[R]:
    """The exact distribution of `procedure(dice)` over every way the dice can fall.

    A path's probability is 1 / (the product of the faces of each die it rolled): the walk
    carries that product, an integer, and adds up paths per result and per product; the
    fractions are made once at the end (a few distinct products), not on every path."""
    found: dict[R, dict[int, int]] = {}
    stack: list[tuple[list[int], int]] = [([], 1)]
    paths = 0
    while stack:
        prefix, ways = stack.pop()
        try:
            result = procedure(_Script(prefix))
        except _NeedDie as need:
            if len(prefix) >= MAX_DEPTH:
                raise TooManyPaths(f"a sequence longer than {MAX_DEPTH} dice") from None
            share = ways * len(need.faces)
            stack.extend(([*prefix, face], share) for face in need.faces)
            if paths + len(stack) > max_paths:  # each waiting prefix ends one path at least
                raise TooManyPaths(f"more than {max_paths} dice sequences to walk") from None
            continue
        paths += 1
        if paths > max_paths:
            raise TooManyPaths(f"more than {max_paths} dice sequences to walk")
        per_product = found.setdefault(result, {})
        per_product[ways] = per_product.get(ways, 0) + 1
    denominator = lcm(*{d for per in found.values() for d in per})
    weights = {
        result: sum(count * (denominator // d) for d, count in per.items())
        for result, per in found.items()
    }
    return Distribution(weights, denominator).reduced()


@record
class Walked(Generic[R]):
    """A partial walk: each result reached, with the weight of the sequences that reached it,
    and the frontier, each prefix not yet walked with its weight, all over `denominator`
    (the weights add up to it exactly). An empty frontier is the whole distribution."""

    results: dict[R, int]
    frontier: list[tuple[tuple[int, ...], int]]
    denominator: int

    def distribution(self) -> Distribution[R]:
        """The exact distribution of the results, when the walk went all the way."""
        if self.frontier:
            raise TooManyPaths("the walk stopped before the end of every dice sequence")
        return Distribution(self.results, self.denominator).reduced()


def _branches(faces: Sequence[int]) -> list[tuple[int, int]]:
    """Each distinct face with its multiplicity, in the order first listed: a procedure sees
    only the value, so equal faces are one branch (D = 0,1,2,2,3,4 is five, not six)."""
    if isinstance(faces, range):
        return [(face, 1) for face in faces]
    count: dict[int, int] = {}
    for face in faces:
        count[face] = count.get(face, 0) + 1
    return list(count.items())


def walk_frontier(
    procedure: Callable[[_Script], R], max_paths: int, patience: int | None = None
) -> Walked[R]:
    """Replays `procedure` at most `max_paths` times, the most probable prefix first.

    A prefix's probability is exact (`ways` / `product` in integers); the heap orders by its
    float, ties by the order prefixes were found, so the same call always leaves the same
    frontier. A replay that asks for one die more pushes a prefix per distinct face.

    With `patience`, the walk also gives up early where its budget buys little: after
    `patience` replays, and each time they double, it stops if it has reached less than
    replays / (16 × max_paths) of the mass (a pool of d10 on each side ends no sequence in
    thousands of replays; a walk that ends some keeps its pace). The rule reads only the walk
    itself, so it stays deterministic."""
    heap: list[tuple[float, int, tuple[int, ...], int, int]] = [(-1.0, 0, (), 1, 1)]
    found: dict[R, dict[int, int]] = {}
    pushed, reached, checkpoint = 1, 0.0, patience or max_paths
    for replays in range(max_paths):
        if not heap:
            break
        if replays == checkpoint:
            if reached * 16 * max_paths < replays:
                break
            checkpoint *= 2
        _, _, prefix, ways, product = heapq.heappop(heap)
        try:
            result = procedure(_Script(list(prefix)))
        except _NeedDie as need:
            below = product * len(need.faces)
            for face, times in _branches(need.faces):
                share = ways * times
                heapq.heappush(heap, (-share / below, pushed, (*prefix, face), share, below))
                pushed += 1
            continue
        reached += ways / product
        per_product = found.setdefault(result, {})
        per_product[product] = per_product.get(product, 0) + ways
    return _walked(found, heap)


def _walked(
    found: dict[R, dict[int, int]], heap: list[tuple[float, int, tuple[int, ...], int, int]]
) -> Walked[R]:
    """The reached results and the frontier (in the order found) over one denominator."""
    left = sorted(heap, key=lambda entry: entry[1])
    denominator = lcm(*{d for per in found.values() for d in per}, *(e[4] for e in left))
    results = {
        result: sum(ways * (denominator // d) for d, ways in per.items())
        for result, per in found.items()
    }
    frontier = [(prefix, ways * (denominator // d)) for _, _, prefix, ways, d in left]
    return Walked(results, frontier, denominator)


class Resumed:
    """The dice of a frontier prefix, then fresh ones: the procedure resumed where the walk
    left it. Exact in law: given the prefix, the dice after it are independent of it."""

    __slots__ = ("_next", "_prefix", "_source")

    def __init__(self, prefix: Sequence[int], source: DiceSource) -> None:
        self._prefix = prefix
        self._next = 0
        self._source = source

    def d(self, sides: int) -> int:
        if self._next < len(self._prefix):
            self._next += 1
            return self._prefix[self._next - 1]
        return self._source.d(sides)

    def face(self, faces: Sequence[int]) -> int:
        if self._next < len(self._prefix):
            self._next += 1
            return self._prefix[self._next - 1]
        return self._source.face(faces)
