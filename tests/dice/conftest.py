"""Fixtures of the dice tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest


class Scripted:
    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.asked: list[int] = []

    def d(self, sides: int) -> int:
        self.asked.append(sides)
        value = self.values.pop(0)
        assert 1 <= value <= sides, (value, sides)
        return value

    def face(self, faces: Sequence[int]) -> int:
        return faces[self.values.pop(0)]


@pytest.fixture
def scripted() -> Callable[[Sequence[int]], Scripted]:
    """A DiceSource handing out the given values in order (roll order and shown work)."""
    return Scripted
