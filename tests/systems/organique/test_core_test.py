"""The contract's core check `test` (CONTRACTS.md; issue 7; seed L6-24, L83-94)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("organique")


odds = Helpers(SYSTEM).odds


def brute(characteristic: int, difficulty: int, modifier: int, luck: bool) -> Fraction:
    """Independent count of the faces that succeed, written from the rule text."""
    wins = 0
    for face in range(1, 21):
        ok = characteristic + face + modifier >= difficulty
        if luck and face == 1:
            ok = False
        if luck and face == 20:
            ok = True
        wins += ok
    return Fraction(wins, 20)


def test_sam_climbs_needs_eleven_L16_24() -> None:
    """L16-24: AGI 9 against 20 needs 11 or more on the d20; with +8 gloves, 3 or more."""
    assert odds("test", characteristic=9, difficulty=20)["success"] == Fraction(10, 20)
    assert odds("test", characteristic=9, difficulty=20, modifier=8)["success"] == Fraction(18, 20)


@pytest.mark.parametrize(
    ("characteristic", "difficulty", "modifier", "luck"),
    [
        (9, 20, 0, False),
        (0, 30, 0, True),
        (0, 30, 0, False),
        (30, 10, 0, True),
        (30, 10, 0, False),
        (-10, 0, 5, False),
        (12, 35, -4, True),
        (40, 60, 0, False),
    ],
)
def test_odds_match_brute_force_and_sum_to_one(
    characteristic: int, difficulty: int, modifier: int, luck: bool
) -> None:
    got = odds(
        "test", characteristic=characteristic, difficulty=difficulty, modifier=modifier, luck=luck
    )
    assert got["success"] == brute(characteristic, difficulty, modifier, luck)
    assert sum(got.values()) == 1


def test_luck_natural_20_gives_margin_one_when_only_20_succeeds_L92_94() -> None:
    """L92-94: success impossible except on a 20 → the margin counts as 1."""
    check = SYSTEM.check("test")
    params = check.parse({"characteristic": 0, "difficulty": 30, "luck": True})
    for seed in range(200):
        result = check.roll(params, Roller(seed))
        if result.details["die"] == 20:
            assert result.outcome == "success"
            assert result.details["margin"] == 1
            return
    pytest.fail("no natural 20 in 200 seeds")


def test_cli_odds_json_is_the_contract_shape(cli) -> None:
    result = cli(
        "odds", "organique", "test", "--characteristic", "9", "--difficulty", "20", "--json"
    )
    assert result.code == 0, result.err
    assert result.json() == {
        "system": "organique",
        "check": "test",
        "params": {"characteristic": 9, "difficulty": 20, "modifier": 0, "luck": False},
        "outcomes": [
            {"outcome": "failure", "probability": "1/2", "p": 0.5},
            {"outcome": "success", "probability": "1/2", "p": 0.5},
        ],
    }


def test_cli_roll_json_carries_margin_and_die(cli) -> None:
    args = ("organique", "test", "--characteristic", "9", "--difficulty", "20", "--luck")
    first = cli("roll", *args, "--seed", "7", "--json")
    assert first.code == 0, first.err
    record = first.json()
    assert set(record) == {
        "system",
        "check",
        "params",
        "seed",
        "dice",
        "outcome",
        "total",
        "details",
    }
    (die,) = record["dice"]
    assert record["total"] == 9 + die
    assert record["details"]["margin"] == 9 + die - 20 or die in (1, 20)
    assert record["outcome"] == ("success" if 9 + die >= 20 else "failure") or die in (1, 20)
    assert cli("roll", *args, "--seed", "7", "--json").json() == record


@pytest.mark.parametrize(
    "args",
    [
        ("--characteristic", "41", "--difficulty", "20"),
        ("--characteristic", "9", "--difficulty", "61"),
        ("--characteristic", "neuf", "--difficulty", "20"),
        ("--difficulty", "20"),
        ("--characteristic", "9", "--difficulty", "20", "--bogus", "1"),
    ],
)
def test_bad_input_exit_2_one_line(cli, args: tuple[str, ...]) -> None:
    result = cli("odds", "organique", "test", *args, "--json")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


def test_rolls_agree_with_odds() -> None:
    assert_rolls_match_odds("organique", "test", {"characteristic": 9, "difficulty": 25})
    assert_rolls_match_odds(
        "organique", "test", {"characteristic": 2, "difficulty": 30, "luck": True}
    )
