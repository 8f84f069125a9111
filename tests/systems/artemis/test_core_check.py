"""The core check `test` (contract) and the die rules. Worked examples cite the seed lines
(000_98594f78af1b43da.txt) or the website section of rules/artemis-site.md; those that are the
test rolled on given dice (EX3, EX4, site S1, S2, the privilege) and the reading's derived odds
are data, in examples.toml."""

from __future__ import annotations

from fractions import Fraction

import pytest
from artemis_helpers import brute_die, brute_test, kernel_die, kernel_zones

from ecran.dice import Distribution, enumerate_outcomes
from ecran.engine import get_system
from ecran.systems.artemis import dice as ad
from ecran.testing import ScriptedDice
from support import assert_rolls_match_odds

CHECK = get_system("artemis").check("test")


@pytest.mark.parametrize(
    ("total", "zone"),
    [
        (3, "failure"),
        (4, "failure"),
        (5, "uncertainty"),
        (6, "uncertainty"),
        (7, "uncertainty"),
        (8, "success"),
        (9, "success"),
    ],
)
def test_ex1_zones_at_difficulty_6_L41_44(total: int, zone: str) -> None:
    """EX1, L41-44: difficulty 6 -> 4 and less failure, 5/6/7 uncertainty, 8 and more success."""
    assert ad.zone(total, 6) == zone


@pytest.mark.parametrize(
    ("total", "zone"), [(8, "failure"), (9, "uncertainty"), (11, "uncertainty"), (12, "success")]
)
def test_ex2_zones_at_difficulty_10_L539_542(total: int, zone: str) -> None:
    """EX2, L539-542."""
    assert ad.zone(total, 10) == zone


def test_site_s3_unconfirmed_six_counts_six() -> None:
    """Site S3 (§1.3): 6 then 4 -> the die counts 6 (one confirmation, no chaining)."""
    result = CHECK.resolve(CHECK.parse({"skill": 2, "difficulty": 6}), ScriptedDice(6, 4))
    assert result.details["die"] == 6
    assert "critical" not in result.details


def walked_die(professional: bool, reading: ad.PrivilegeReading = "kept_die") -> Distribution[int]:
    """The value of `roll_die`, walked over every dice sequence."""
    return enumerate_outcomes(lambda dice: ad.roll_die(dice, professional, reading).value)


def test_single_die_distribution_is_the_hand_count() -> None:
    """rules/artemis.md §2.4: -3 1/36, 1 5/36, 2..5 1/6 each, 6 5/36, 9 1/36."""
    expected = {-3: Fraction(1, 36), 1: Fraction(5, 36), 6: Fraction(5, 36), 9: Fraction(1, 36)}
    expected |= {v: Fraction(1, 6) for v in (2, 3, 4, 5)}
    assert dict(walked_die(False).items()) == expected
    assert dict(walked_die(False).items()) == brute_die(False)
    assert walked_die(False) == kernel_die(False)
    assert walked_die(False).mean() == Fraction(125, 36)


def test_professional_die_distribution_is_the_hand_count() -> None:
    """rules/artemis.md §2.6: -3 1/216, 1 5/216, 2 3/36, 3 5/36, 4 7/36, 5 9/36, 6 55/216,
    9 11/216."""
    expected = {
        -3: Fraction(1, 216),
        1: Fraction(5, 216),
        2: Fraction(3, 36),
        3: Fraction(5, 36),
        4: Fraction(7, 36),
        5: Fraction(9, 36),
        6: Fraction(55, 216),
        9: Fraction(11, 216),
    }
    assert dict(walked_die(True).items()) == expected
    assert dict(walked_die(True).items()) == brute_die(True)
    assert walked_die(True) == kernel_die(True)


def test_each_die_reading_matches_the_kernel() -> None:
    """A3, the other reading: each die confirmed, then the better value kept."""
    assert walked_die(True, "each_die") == kernel_die(True, "each_die")


@pytest.mark.parametrize("professional", [False, True])
@pytest.mark.parametrize("malus", [0, 3])
def test_odds_match_brute_force_everywhere(professional: bool, malus: int) -> None:
    for skill in range(0, 13, 3):
        for difficulty in range(0, 20, 2):
            values = {
                "skill": skill,
                "difficulty": difficulty,
                "malus": malus,
                "professional": professional,
            }
            dist = CHECK.distribution(CHECK.parse(values))
            brute = brute_test(skill, difficulty, malus, professional)
            assert {n: dist.probability(n) for n in brute} == brute
            assert dist.total == 1
            assert dist == kernel_zones(skill, difficulty, malus, professional)


def test_cli_odds_json_is_the_contract(cli) -> None:
    result = cli("odds", "artemis", "test", "--skill", "5", "--difficulty", "6", "--json")
    assert result.code == 0, result.err
    assert result.json() == {
        "system": "artemis",
        "check": "test",
        "params": {"skill": 5, "difficulty": 6, "professional": False, "malus": 0},
        "outcomes": [
            {"outcome": "failure", "probability": "1/36", "p": 1 / 36},
            {"outcome": "uncertainty", "probability": "11/36", "p": 11 / 36},
            {"outcome": "success", "probability": "2/3", "p": 2 / 3},
        ],
    }


def test_cli_odds_professional_and_malus(cli) -> None:
    result = cli(
        "odds",
        "artemis",
        "test",
        "--skill",
        "6",
        "--difficulty",
        "9",
        "--professional",
        "--malus",
        "1",
        "--json",
    )
    assert result.code == 0, result.err
    brute = brute_test(6, 9, 1, True)
    got = {o["outcome"]: Fraction(o["probability"]) for o in result.json()["outcomes"]}
    assert got == brute


def test_cli_roll_json_replays_with_its_seed(cli) -> None:
    args = (
        "roll",
        "artemis",
        "test",
        "--skill",
        "5",
        "--difficulty",
        "7",
        "--seed",
        "42",
        "--json",
    )
    first, second = cli(*args), cli(*args)
    assert first.code == 0, first.err
    record = first.json()
    assert record == second.json()
    assert record["seed"] == 42 and record["outcome"] in ("failure", "uncertainty", "success")
    assert record["total"] == 5 + record["details"]["die"]


@pytest.mark.parametrize(
    "args",
    [
        ("--skill", "-1", "--difficulty", "6"),
        ("--skill", "31", "--difficulty", "6"),
        ("--skill", "5", "--difficulty", "41"),
        ("--skill", "5"),
        ("--skill", "cinq", "--difficulty", "6"),
        ("--skill", "5", "--difficulty", "6", "--malus", "-2"),
    ],
)
def test_bad_input_exits_2_with_one_line(cli, args: tuple[str, ...]) -> None:
    result = cli("odds", "artemis", "test", *args, "--json")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    "values",
    [
        {"skill": 5, "difficulty": 7},
        {"skill": 6, "difficulty": 10, "professional": True, "malus": 1},
    ],
)
def test_rolls_agree_with_odds(values: dict[str, object]) -> None:
    assert_rolls_match_odds("artemis", "test", values)
