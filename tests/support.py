"""Test helpers: do seeded rolls agree with exact odds?"""

from __future__ import annotations

from collections import Counter
from math import sqrt
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system


def assert_rolls_match_odds(
    system_id: str, check_name: str, values: dict[str, Any], n: int = 4000, seed: int = 20261121
) -> None:
    """Roll `n` times from one fixed seed; every outcome's frequency must sit within five
    standard errors of its exact probability (and impossible outcomes must never appear)."""
    check = get_system(system_id).check(check_name)
    params = check.parse(values)
    dist = check.distribution(params)
    roller = Roller(seed)
    counts = Counter(check.roll(params, roller).outcome for _ in range(n))
    assert set(counts) <= set(check.outcome_names()), counts
    for name in check.outcome_names():
        p = float(dist.probability(name))
        freq = counts[name] / n
        if p == 0:
            assert counts[name] == 0, (name, counts)
            continue
        tolerance = 5 * sqrt(p * (1 - p) / n) + 1 / n
        assert abs(freq - p) <= tolerance, (name, freq, p, counts)


def systems_overriding(hook: str) -> list[Any]:
    """A pytest parameter (id: the system's id) for every registered system whose class writes
    its own `System.<hook>`: the games a hook's contract test runs over."""
    import pytest

    from ecran.engine import all_systems
    from ecran.rules import System

    base = getattr(System, hook)
    return [
        pytest.param(s, id=s.id)
        for s in all_systems().values()
        if getattr(type(s), hook) is not base
    ]
