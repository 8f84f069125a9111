"""Test helpers shared by the test packages: do seeded rolls agree with exact odds? one system's
sheet, odds and apply helpers (`Helpers`); the odds `ecran odds … --json` prints (`cli_odds`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any

from ecran.dice import DiceSource, Roller
from ecran.engine import get_system
from ecran.rules import Change, System


@dataclass(frozen=True)
class Helpers:
    """One system's test helpers: `sheet = Helpers.of("nephilim").sheet`, and so on."""

    system: System[Any]

    @classmethod
    def of(cls, system_id: str) -> Helpers:
        return cls(get_system(system_id))

    def sheet(self, **values: object) -> Any:
        """The system's sheet named "Test" with `values` (validated)."""
        assert self.system.character is not None, self.system.id
        return self.system.character.model_validate({"name": "Test", **values})

    def created(self, name: str, **update: object) -> Any:
        """A new character named `name` (`System.new_character`), `update` on top (validated)."""
        base = self.system.new_character(name).model_dump()
        assert self.system.character is not None, self.system.id
        return self.system.character.model_validate({**base, **update})

    def odds(
        self, check: str, values: Mapping[str, object] | None = None, /, **more: object
    ) -> dict[str, Fraction]:
        """Every outcome's exact probability (zeros included), in the check's order; the values
        as a mapping, as keywords, or both."""
        found = self.system.check(check)
        law = found.distribution(found.parse({**(values or {}), **more}))
        return {name: law.probability(name) for name in found.outcome_names()}

    def apply(
        self, sheet: Any, op: str, dice: DiceSource | None = None, **values: object
    ) -> Change[Any]:
        """The operation `op` with `values` applied to `sheet` (dice: `Roller(1)` unless given)."""
        operation = self.system.operation(op)
        params = operation.params.model_validate(values)
        return operation.apply(sheet, params, Roller(1) if dice is None else dice)


def cli_odds(cli: Callable[..., Any], *args: str) -> dict[str, Fraction]:
    """The outcomes' probabilities `ecran odds ARGS --json` prints (the command must succeed)."""
    result = cli("odds", *args, "--json")
    assert result.code == 0, result.err
    return {o["outcome"]: Fraction(o["probability"]) for o in result.json()["outcomes"]}


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


def law_cases(check: Any) -> list[dict[str, Any]]:
    """A check's values its law tests run on: its example, then its `law_examples` (the
    explosions, stances and options its result law must also hold)."""
    return [check.example, *getattr(check, "law_examples", [])]
