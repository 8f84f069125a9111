"""`ecran dice` with Roll20's dialect (issue 17): a leading minus, fractions, the Rich work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ecran.cli.dice_cmd import work


def test_leading_minus_is_an_expression(cli: Callable[..., Any]) -> None:
    plain = cli("dice", "-1d4", "--seed", "3", "--json")
    after_dashes = cli("dice", "--seed", "3", "--json", "--", "-1d4")
    assert plain.code == 0 and after_dashes.code == 0, (plain.err, after_dashes.err)
    assert plain.json()["total"] == after_dashes.json()["total"] == -plain.json()["dice"][0]


def test_fraction_outcomes_exact_in_json_decimal_in_table(cli: Callable[..., Any]) -> None:
    data = cli("dice", "1d2/2", "--odds", "--json").json()
    assert [row["outcome"] for row in data["outcomes"]] == ["1/2", 1]
    table = cli("dice", "1d2/2", "--odds")
    assert table.code == 0 and "0,5" in table.out


def test_work_strikes_dropped_dice_with_a_style(monkeypatch: pytest.MonkeyPatch) -> None:
    # Roll20 shows dropped dice struck through: a Rich style, never `~~` (in a terminal)
    monkeypatch.setattr("ecran.cli.dice_cmd.styled", lambda: True)
    shown = work("4d6kh3", 7)
    assert "~~" not in shown.plain
    struck = [shown.plain[s.start : s.end] for s in shown.spans if "strike" in str(s.style)]
    assert len(struck) == 1


def test_refused_expression_is_one_line(cli: Callable[..., Any]) -> None:
    result = cli("dice", "1d6/0")
    assert result.code == 2 and result.err.count("\n") == 1 and "zéro" in result.err
