"""A DiceSource that returns the dice a worked example of the seed shows, in order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class Scripted:
    def __init__(self, dice: Iterable[int]) -> None:
        self._dice = list(dice)
        self.used = 0

    def d(self, sides: int) -> int:
        value = self._dice[self.used]
        assert 1 <= value <= sides, (value, sides)
        self.used += 1
        return value

    def face(self, faces: Sequence[int]) -> int:
        value = self._dice[self.used]
        assert value in faces
        self.used += 1
        return value

    @property
    def exhausted(self) -> bool:
        return self.used == len(self._dice)
