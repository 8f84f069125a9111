"""A DiceSource that plays back the dice of a worked example, in the order they are rolled."""

from __future__ import annotations

from collections.abc import Sequence


class Scripted:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.rolled: list[int] = []

    def d(self, sides: int) -> int:
        assert self.faces, "the rule asked for more dice than the example shows"
        value = self.faces.pop(0)
        assert 1 <= value <= sides
        self.rolled.append(value)
        return value

    def face(self, faces: Sequence[int]) -> int:
        value = self.faces.pop(0)
        assert value in faces
        return value

    def done(self) -> bool:
        return not self.faces
