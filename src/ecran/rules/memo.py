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

    def clear(self) -> None:
        self._values.clear()


def per_object(make: Callable[[A], V], size: int = KEPT) -> Callable[[A], V]:
    """`make(obj)` worked out once for the same object, by identity (a model is not hashable,
    and a walk hands the same one to every replay). Each entry keeps its object alive, so its
    id is never another's."""
    kept: dict[int, tuple[A, V]] = {}

    def made(obj: A) -> V:
        found = kept.get(id(obj))
        if found is not None and found[0] is obj:
            return found[1]
        value = make(obj)
        if len(kept) >= size:
            kept.clear()
        kept[id(obj)] = (obj, value)
        return value

    made.__doc__ = make.__doc__
    return made
