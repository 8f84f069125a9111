"""Walk every d6 sequence of a procedure up to a number of dice, reporting the mass left out.

For open-ended rolls, whose dice sequences have no bound: the exact odds must lie between the
walked mass and the walked mass plus what the walk left out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction


class _NeedMore(Exception):
    pass


class _Prefix:
    def __init__(self, dice: tuple[int, ...]) -> None:
        self._dice = dice
        self.used = 0

    def d(self, sides: int) -> int:
        assert sides == 6
        if self.used == len(self._dice):
            raise _NeedMore
        self.used += 1
        return self._dice[self.used - 1]

    def face(self, faces: Sequence[int]) -> int:
        raise NotImplementedError


def bounded_walk(
    procedure: Callable[[_Prefix], str], max_dice: int
) -> tuple[dict[str, Fraction], Fraction]:
    found: dict[str, Fraction] = {}
    left = Fraction(0)
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        try:
            outcome = procedure(_Prefix(prefix))
        except _NeedMore:
            if len(prefix) >= max_dice:
                left += Fraction(1, 6 ** len(prefix))
            else:
                stack.extend((*prefix, face) for face in range(1, 7))
            continue
        found[outcome] = found.get(outcome, Fraction(0)) + Fraction(1, 6 ** len(prefix))
    return found, left
