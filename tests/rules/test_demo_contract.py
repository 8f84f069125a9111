"""The fixed JSON contract of `ecran odds` / `ecran roll`, shown on the built-in demo system."""

from __future__ import annotations

from support import assert_rolls_match_odds


def test_odds_json_is_the_contract_shape(cli) -> None:
    result = cli("odds", "demo", "d6", "--json")
    assert result.code == 0, result.err
    assert result.json() == {
        "system": "demo",
        "check": "d6",
        "params": {"target": 4},
        "outcomes": [
            {"outcome": "failure", "probability": "1/2", "p": 0.5},
            {"outcome": "success", "probability": "1/2", "p": 0.5},
        ],
    }


def test_rolls_agree_with_odds() -> None:
    assert_rolls_match_odds("demo", "d6", {"target": 5})
