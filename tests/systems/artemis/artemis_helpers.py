"""Test helpers for artemis: scripted dice and brute-force enumeration written independently of the
engine (plain loops over every face combination, counted with Fractions)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product


class Script:
    """A DiceSource that returns the given faces in order (and fails loudly if it runs out)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def d(self, sides: int) -> int:
        assert self.faces, "the procedure asked for more dice than scripted"
        return self.faces.pop(0)

    def face(self, faces: Sequence[int]) -> int:
        return self.d(len(faces))


def crit_value(first: int, second: int) -> int:
    """The seed's rule (L20-27), stated once more by hand: 6,6 -> 9; 1,1 -> -3; else the first."""
    if first == 6 and second == 6:
        return 9
    if first == 1 and second == 1:
        return -3
    return first


def brute_die(professional: bool) -> dict[int, Fraction]:
    """Value of the die by listing every (first, [second,] confirmation) face tuple."""
    counts: dict[int, Fraction] = {}
    n = 3 if professional else 2
    weight = Fraction(1, 6**n)
    for faces in product(range(1, 7), repeat=n):
        kept = max(faces[:-1])
        value = crit_value(kept, faces[-1])
        counts[value] = counts.get(value, Fraction(0)) + weight
    return counts


def brute_zone(total: int, difficulty: int) -> str:
    if total - difficulty >= 2:
        return "success"
    if difficulty - total >= 2:
        return "failure"
    return "uncertainty"


def brute_test(skill: int, difficulty: int, malus: int, professional: bool) -> dict[str, Fraction]:
    out = {"failure": Fraction(0), "uncertainty": Fraction(0), "success": Fraction(0)}
    for value, p in brute_die(professional).items():
        out[brute_zone(skill + value - malus, difficulty)] += p
    return out
