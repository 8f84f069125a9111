"""Exact distribution of any dice procedure, by walking every sequence of dice it can ask for.

A check's procedure is written once against `DiceSource`; rolled with a `Roller` it gives a seeded
result, walked here it gives the exact odds of every result. Both come from the same code, so they
cannot disagree. The walk replays the procedure with a scripted prefix and branches when it asks
for one die more; the cost is the number of distinct dice sequences, capped by `max_paths`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import lcm
from typing import TypeVar

from ecran.dice.distribution import Distribution

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
