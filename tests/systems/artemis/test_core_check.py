"""The core check `test` (contract) and the die rules. Worked examples cite the seed lines
(000_98594f78af1b43da.txt) or the website section of rules/artemis-site.md."""

from __future__ import annotations

from fractions import Fraction

import pytest
from artemis_helpers import Script, brute_die, brute_test

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.systems.artemis import dice as ad
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


def test_ex3_double_six_counts_nine_L22_24() -> None:
    """EX3, L22-24 / L520-523: 6 then 6, the die adds 9."""
    result = CHECK.resolve(CHECK.parse({"skill": 3, "difficulty": 6}), Script(6, 6))
    assert result.details["die"] == 9
    assert result.total == 12
    assert result.details["critical"] == "success"


def test_ex4_double_one_counts_minus_three_L25_27() -> None:
    """EX4, L25-27 / L524-527: 1 then 1 removes 3 points from the skill."""
    result = CHECK.resolve(CHECK.parse({"skill": 5, "difficulty": 6}), Script(1, 1))
    assert result.total == 2
    assert result.outcome == "failure"


def test_site_s2_critical_failure_gives_total_zero() -> None:
    """Site S2 (artemis-site.md §1.3, W2): score 3, 1 then 1 -> total 0."""
    assert CHECK.resolve(CHECK.parse({"skill": 3, "difficulty": 10}), Script(1, 1)).total == 0


def test_site_s3_unconfirmed_six_counts_six() -> None:
    """Site S3 (§1.3): 6 then 4 -> the die counts 6 (one confirmation, no chaining)."""
    result = CHECK.resolve(CHECK.parse({"skill": 2, "difficulty": 6}), Script(6, 4))
    assert result.details["die"] == 6
    assert "critical" not in result.details


def test_site_s1_malus_subtracted_from_total() -> None:
    """Site S1 (§1.1): malus 2, score 5, die 4, difficulty 6 -> total 7, uncertainty."""
    result = CHECK.resolve(CHECK.parse({"skill": 5, "difficulty": 6, "malus": 2}), Script(4))
    assert (result.total, result.outcome) == (7, "uncertainty")


def test_professional_keeps_better_raw_die_then_confirms_L46_53() -> None:
    """L46-53 with the issue's reading: two dice (2, 6), keep the 6, confirm with a 6 -> 9."""
    params = CHECK.parse({"skill": 4, "difficulty": 10, "professional": True})
    result = CHECK.resolve(params, Script(2, 6, 6))
    assert result.details["die"] == 9
    assert result.details["raw_dice"] == [2, 6, 6]


def test_single_die_distribution_is_the_hand_count() -> None:
    """rules/artemis.md §2.4: -3 1/36, 1 5/36, 2..5 1/6 each, 6 5/36, 9 1/36."""
    expected = {-3: Fraction(1, 36), 1: Fraction(5, 36), 6: Fraction(5, 36), 9: Fraction(1, 36)}
    expected |= {v: Fraction(1, 6) for v in (2, 3, 4, 5)}
    assert dict(ad.die_distribution(False).items()) == expected
    assert dict(ad.die_distribution(False).items()) == brute_die(False)
    assert ad.die_distribution(False).mean() == Fraction(125, 36)


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
    assert dict(ad.die_distribution(True).items()) == expected
    assert dict(ad.die_distribution(True).items()) == brute_die(True)


@pytest.mark.parametrize(
    ("skill", "difficulty", "expected"),
    [
        (
            5,
            10,
            {
                "success": Fraction(1, 36),
                "uncertainty": Fraction(17, 36),
                "failure": Fraction(1, 2),
            },
        ),
        (
            3,
            6,
            {"success": Fraction(1, 3), "uncertainty": Fraction(1, 2), "failure": Fraction(1, 6)},
        ),
        (
            5,
            6,
            {
                "success": Fraction(2, 3),
                "uncertainty": Fraction(11, 36),
                "failure": Fraction(1, 36),
            },
        ),
    ],
)
def test_derived_vectors_of_the_reading(
    skill: int, difficulty: int, expected: dict[str, Fraction]
) -> None:
    """rules/artemis.md §8 derived vectors (calm test with Calme 5; score 3 and 5 vs 6)."""
    dist = CHECK.distribution(CHECK.parse({"skill": skill, "difficulty": difficulty}))
    assert {name: dist.probability(name) for name in expected} == expected


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


@pytest.mark.parametrize("professional", [False, True])
def test_analytic_odds_equal_the_walk_of_the_roll_procedure(professional: bool) -> None:
    params = CHECK.parse({"skill": 4, "difficulty": 7, "malus": 1, "professional": professional})
    walked = enumerate_outcomes(lambda dice: CHECK.resolve(params, dice).outcome)
    assert walked == CHECK.distribution(params)


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
