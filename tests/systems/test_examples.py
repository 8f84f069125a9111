"""The seeds' worked examples, kept as data (`tests/systems/<id>/examples.toml`) and run by one
test, the way python-chess keeps perft positions.

An example names the book's lines, a check, its parameters and the dice the book shows, and what
the book says comes of them: the outcome, and where the book gives them the total and some of the
roll's details. The dice are played back with `ecran.testing.ScriptedDice` (each number is the
value the die shows) and must all be read: a rule that asks for a die fewer or one more than the
book fails. `[[odds]]` entries give the exact probability the book states or implies for some
outcomes of a check.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecran.engine import get_system, odds_report
from ecran.testing import ScriptedDice

HERE = Path(__file__).parent


def _entries(kind: str) -> list[Any]:
    found = []
    for path in sorted(HERE.glob("*/examples.toml")):
        system_id = path.parent.name
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).get(kind, []):
            lines = entry["lines"]
            name = f"{system_id}:{entry['name']} L{lines[0]}-{lines[-1]}"
            found.append(pytest.param(system_id, entry, id=name))
    return found


@pytest.mark.parametrize(("system_id", "example"), _entries("example"))
def test_worked_example(system_id: str, example: dict[str, Any]) -> None:
    check = get_system(system_id).check(example["check"])
    dice = ScriptedDice(example["dice"])
    result = check.resolve(check.parse(example.get("params", {})), dice)
    assert dice.exhausted, f"the rule left the book's dice {dice.remaining} unread"
    assert result.outcome == example["outcome"]
    if "total" in example:
        assert result.total == example["total"]
    for key, expected in example.get("details", {}).items():
        assert result.details[key] == expected, key


@pytest.mark.parametrize(("system_id", "example"), _entries("odds"))
def test_book_odds(system_id: str, example: dict[str, Any]) -> None:
    report = odds_report(system_id, example["check"], example.get("params", {}))
    got = {o.outcome: Fraction(o.probability) for o in report.outcomes}
    for outcome, expected in example["probabilities"].items():
        assert got[outcome] == Fraction(expected), outcome
