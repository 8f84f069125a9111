"""Fixtures of the organique tests: replay a check with chosen dice, read its exact odds."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import Resolution
from ecran.testing import ScriptedDice


@pytest.fixture
def resolve() -> Callable[..., Resolution]:
    def run(check: str, faces: tuple[int, ...], **values: Any) -> Resolution:
        c = get_system("organique").check(check)
        return c.resolve(c.parse(values), ScriptedDice(*faces))

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
def dice() -> type[ScriptedDice]:
    """The scripted dice class, to replay an operation with chosen faces."""
    return ScriptedDice
