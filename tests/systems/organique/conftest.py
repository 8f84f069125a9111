"""Fixtures of the organique tests: replay a check with chosen dice, read its exact odds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import Resolution


class Scripted:
    """A dice source that shows chosen faces, to replay the seed's worked examples."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def d(self, sides: int) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face

    def face(self, faces: Sequence[int]) -> int:
        face = self.faces.pop(0)
        assert face in faces
        return face


@pytest.fixture
def resolve() -> Callable[..., Resolution]:
    def run(check: str, faces: tuple[int, ...], **values: Any) -> Resolution:
        c = get_system("organique").check(check)
        return c.resolve(c.parse(values), Scripted(*faces))

    return run


@pytest.fixture
def odds() -> Callable[..., dict[str, Fraction]]:
    def run(check: str, **values: Any) -> dict[str, Fraction]:
        c = get_system("organique").check(check)
        dist = c.distribution(c.parse(values))
        got = {name: dist.probability(name) for name in c.outcome_names()}
        assert sum(got.values()) == 1
        assert dist.residual == 0
        return got

    return run


@pytest.fixture
def dice() -> type[Scripted]:
    """The scripted dice class, to replay an operation with chosen faces."""
    return Scripted
