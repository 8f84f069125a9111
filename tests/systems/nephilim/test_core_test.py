"""The core check `test` (contract table; seed L452-477)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from ecran.systems.nephilim.dice import modifier_distribution
from ecran.systems.nephilim.tables import DICE_TABLE
from support import assert_rolls_match_odds, cli_odds

FACES = (0, 1, 2, 2, 3, 4)


def brute_force(score: int, difficulty: int) -> dict[str, Fraction]:
    """The issue's definition, written independently: count the 36 face pairs."""
    counts = dict.fromkeys(("critical_failure", "failure", "success", "critical_success"), 0)
    for a, b in product(FACES, FACES):
        r = a - b
        if r == -4 and score - 3 < difficulty:
            counts["critical_failure"] += 1
        elif r == 4 and score + 3 >= difficulty:
            counts["critical_success"] += 1
        elif score + r >= difficulty:
            counts["success"] += 1
        else:
            counts["failure"] += 1
    return {k: Fraction(v, 36) for k, v in counts.items()}


def test_modifier_distribution_is_the_printed_table_L464_475() -> None:
    """E8: P(R = k) and P(R <= k) of +1D-1D as printed."""
    dist = modifier_distribution("D")
    printed = dict(zip(DICE_TABLE.modifier, DICE_TABLE.chances_in_36, strict=True))
    assert printed == {-4: 1, -3: 2, -2: 5, -1: 6, 0: 8, 1: 6, 2: 5, 3: 2, 4: 1}
    for k, chances in printed.items():
        assert dist.probability(k) == Fraction(chances, 36)
    for k, cumulative in zip(DICE_TABLE.modifier, DICE_TABLE.cumulative_in_36, strict=True):
        assert dist.probability_where(lambda r, k=k: r <= k) == Fraction(cumulative, 36)


@pytest.mark.parametrize(
    ("characteristic", "skill", "difficulty", "malus"),
    [
        (0, 0, 0, 0),
        (1, -2, 0, 0),
        (3, 3, 5, 0),
        (-4, None, 2, 1),
        (2, None, -3, 2),
        (0, 0, 4, 0),
        (0, 0, 5, 0),
        (5, 0, 0, 0),
        (-4, -4, 9, 3),
        (10, 10, -15, 0),
    ],
)
def test_odds_equal_brute_force(cli, characteristic, skill, difficulty, malus) -> None:
    args = ["--characteristic", str(characteristic), "--difficulty", str(difficulty)]
    if skill is not None:
        args += ["--skill", str(skill)]
    args += ["--malus", str(malus)]
    score = characteristic + (skill if skill is not None else characteristic) - malus
    got = cli_odds(cli, "nephilim", "test", *args)
    assert got == brute_force(score, difficulty)
    assert sum(got.values()) == 1


def test_no_skill_counts_the_characteristic_twice_L47_L455(cli) -> None:
    """E3: an 'Agilité' test without skill uses twice the characteristic."""
    assert cli_odds(
        cli, "nephilim", "test", "--characteristic", "2", "--difficulty", "3"
    ) == cli_odds(
        cli, "nephilim", "test", "--characteristic", "2", "--skill", "2", "--difficulty", "3"
    )


def test_odds_json_is_the_contract_shape(cli) -> None:
    result = cli(
        "odds",
        "nephilim",
        "test",
        "--characteristic",
        "1",
        "--skill",
        "0",
        "--difficulty",
        "2",
        "--json",
    )
    assert result.code == 0
    data = result.json()
    assert data["system"] == "nephilim" and data["check"] == "test"
    assert data["params"] == {"characteristic": 1, "skill": 0, "difficulty": 2, "malus": 0}
    assert [o["outcome"] for o in data["outcomes"]] == [
        "critical_failure",
        "failure",
        "success",
        "critical_success",
    ]
    # S = 1, Diff 2: success needs R >= 1 (14/36); R = 4 critical since 1 + 3 >= 2.
    assert [o["probability"] for o in data["outcomes"]] == ["1/36", "7/12", "13/36", "1/36"]
    assert all(o["p"] == float(Fraction(o["probability"])) for o in data["outcomes"])


def test_roll_json_records_both_dice(cli) -> None:
    result = cli(
        "roll",
        "nephilim",
        "test",
        "--characteristic",
        "1",
        "--skill",
        "1",
        "--difficulty",
        "0",
        "--seed",
        "7",
        "--json",
    )
    data = result.json()
    assert set(data) == {"system", "check", "params", "seed", "dice", "outcome", "total", "details"}
    first, second = data["dice"]
    assert first in FACES and second in FACES
    assert data["total"] == 2 + first - second
    again = cli(
        "roll",
        "nephilim",
        "test",
        "--characteristic",
        "1",
        "--skill",
        "1",
        "--difficulty",
        "0",
        "--seed",
        "7",
        "--json",
    )
    assert again.json() == data


@pytest.mark.parametrize(
    "values",
    [
        {"characteristic": 0, "skill": 0, "difficulty": 0},
        {"characteristic": 1, "difficulty": 3, "malus": 1},
        {"characteristic": 2, "skill": 1, "difficulty": 6},
    ],
)
def test_rolls_agree_with_odds(values) -> None:
    assert_rolls_match_odds("nephilim", "test", values)


@pytest.mark.parametrize(
    "args",
    [
        ["--characteristic", "11", "--difficulty", "0"],
        ["--characteristic", "0", "--difficulty", "16"],
        ["--characteristic", "0", "--difficulty", "0", "--malus", "-1"],
        ["--characteristic", "0", "--difficulty", "0", "--skill", "abc"],
        ["--characteristic", "0"],
        ["--characteristic", "0", "--difficulty", "0", "--bogus", "1"],
    ],
)
def test_bad_input_is_one_line_exit_2(cli, args) -> None:
    result = cli("odds", "nephilim", "test", *args, "--json")
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


def test_contract_json_is_serializable(cli) -> None:
    result = cli("odds", "nephilim", "test", "--characteristic", "0", "--difficulty", "0", "--json")
    assert json.loads(result.out)["params"]["skill"] is None
