"""Bounded memos for what the encounter simulator asks again and again (a check's law for the
same numbers, a sheet's fight state, an attack's numbers before the dice): each is cleared
when full, a bound on memory, and exact (the same key always makes the same value)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

A = TypeVar("A")
V = TypeVar("V")

KEPT = 4_096


class Kept(Generic[V]):
    """Values made once per hashable key, at most `size` of them."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._values: dict[Hashable, V] = {}

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        found = self._values.get(key)
        if found is None:
            if len(self._values) >= self.size:
                self._values.clear()
            found = self._values[key] = make()
        return found

    def known(self, key: Hashable) -> bool:
        """Whether a value is kept for `key` (made and not yet cleared)."""
        return key in self._values

    def clear(self) -> None:
        self._values.clear()


class KeptBy(Generic[V]):
    """Values made once per objects, by identity (models are not hashable, and a walk or a
    simulation hands the same ones again and again), and a hashable rest of the key; at most
    `size` of them (`Kept`). Each entry keeps its objects alive, so while it is kept no other
    object can have their ids."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._values: dict[Hashable, tuple[tuple[object, ...], V]] = {}

    def get(self, objects: tuple[object, ...], rest: Hashable, make: Callable[[], V]) -> V:
        # `Kept.get` written out: the simulator asks these millions of times (#32)
        key = (tuple(map(id, objects)), rest)
        values = self._values
        found = values.get(key)
        if found is None:
            if len(values) >= self.size:
                values.clear()
            found = values[key] = (objects, make())
        return found[1]

    def clear(self) -> None:
        self._values.clear()


def per_object(make: Callable[[A], V], size: int = KEPT) -> Callable[[A], V]:
    """`make(obj)` worked out once for the same object, by identity (`KeptBy`, one object
    and no rest: keyed by its id alone)."""
    values: dict[int, tuple[A, V]] = {}

    def made(obj: A) -> V:
        found = values.get(id(obj))
        if found is None:
            if len(values) >= size:
                values.clear()
            found = values[id(obj)] = (obj, make(obj))
        return found[1]

    made.__doc__ = make.__doc__
    return made
