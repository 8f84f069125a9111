"""Helpers for testing rules: a dice source that shows the faces a worked example shows.

One meaning everywhere: every number given is the value the die *shows*, in the order the rule
asks for dice. `d(sides)` takes the next value and checks it can come up on that die; `face(faces)`
takes the next value and checks it is one of those faces. Running out, or a value the die cannot
show, fails loudly with the position in the script, so a wrong example or a rule that asks for
one die too many is never silently read.

    >>> dice = ScriptedDice(6, 6, 2)
    >>> dice.d(6), dice.d(6), dice.face([0, 1, 2, 2, 3, 4])
    (6, 6, 2)
    >>> dice.exhausted
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class ScriptExhausted(AssertionError):
    """The rule asked for more dice than the script shows."""


class ScriptedDice:
    """A `DiceSource` playing back shown values; `rolled` lists what was handed out."""

    def __init__(self, *shown: int | Iterable[int]) -> None:
        values: list[int] = []
        for item in shown:
            values.extend([item] if isinstance(item, int) else item)
        self._script = values
        self.rolled: list[int] = []

    def _next(self, what: str) -> int:
        position = len(self.rolled)
        if position >= len(self._script):
            raise ScriptExhausted(
                f"die #{position + 1} ({what}) asked for, but the script shows only "
                f"{len(self._script)}: {self._script}"
            )
        return self._script[position]

    def d(self, sides: int) -> int:
        value = self._next(f"d{sides}")
        if not 1 <= value <= sides:
            raise AssertionError(f"die #{len(self.rolled) + 1}: a d{sides} cannot show {value}")
        self.rolled.append(value)
        return value

    def face(self, faces: Sequence[int]) -> int:
        value = self._next(f"faces {list(faces)}")
        if value not in faces:
            raise AssertionError(f"die #{len(self.rolled) + 1}: {value} is not among {list(faces)}")
        self.rolled.append(value)
        return value

    @property
    def remaining(self) -> list[int]:
        return self._script[len(self.rolled) :]

    @property
    def exhausted(self) -> bool:
        """Every scripted value was used: the rule read exactly the example's dice."""
        return not self.remaining
