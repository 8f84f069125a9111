"""Psychic, vehicle, hacking, cryptography and drug checks: the seed's examples and brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from support import assert_rolls_match_odds

SYSTEM = get_system("organique")


def test_matt_area_persuasion_L1341_1365(resolve) -> None:
    """VOL 17 + skill 4 + 10 (area) + d20(2) = 33 against 20 → MR 13; at 1 m the toxicos need
    MR 10 or more to notice; one notices but fails his VOL test."""
    values = {"will": 17, "skill_bonus": 4, "area": True, "distance_m": 1}
    result = resolve("psychic", (2, 20, 1), **values, target_perception=10, target_will=10)
    assert result.details["margin"] == 13
    assert result.details["margin_at_target"] == 10
    assert result.details["notice_margin"] == 10
    assert result.outcome == "manipulated"
    resisted = resolve("psychic", (2, 20, 20), **values, target_perception=10, target_will=10)
    assert resisted.outcome == "resisted"


def test_matt_resists_his_own_power_with_mr_13_L1354_1356(odds) -> None:
    got = odds("save", kind="fear", characteristic=17, difficulty=20, opponent_margin=13)
    assert got["success"] == Fraction(sum(1 for f in range(1, 21) if 17 + f - 20 >= 13), 20)


def test_crowd_of_100_at_2_m_L1376_1379(resolve) -> None:
    """100 people → −25; 2 m → −6."""
    result = resolve("psychic_perception", (10,), perception=0, distance_m=2, crowd=100)
    assert result.details["penalty"] == 31


def test_stairs_with_a_bike_L1431_1445(resolve) -> None:
    """AGI 15 + 8 + 15 (manoeuvrability) + d20 against 20; a wall at speed 30 is difficulty 30."""
    result = resolve("manoeuvre", (1,), agility=15, level=3, manoeuvrability=15)
    assert (result.total, result.outcome) == (39, "success")
    wall = resolve("manoeuvre", (5,), agility=0, speed=30, speed_as_difficulty=True)
    assert wall.details["difficulty"] == 30


def test_encryption_strength_37_L2233_2241(resolve) -> None:
    """Program strength 30; INT 14 + 4 + d20 = 27 against 20 → MR 7 → strength 37."""
    result = resolve("encrypt", (9,), program_strength=30, base=18)
    assert result.details["strength"] == 37


def test_decryption_margin_2_takes_a_day_L2243_2257(resolve) -> None:
    """2 × 6 + 15 + d20(12) = 39 against 37 → margin 2 → 1 day."""
    result = resolve(
        "decrypt", (12,), program_strength=2, computer_power=6, assist_margin=15, encryption=37
    )
    assert (result.details["margin"], result.outcome) == (2, "day")


@pytest.mark.parametrize(
    ("margin", "outcome"),
    [
        (-60, "billions_of_years"),
        (-45, "billions_of_years"),
        (-1, "month"),
        (0, "week"),
        (4, "hour"),
        (19, "ten_minutes"),
        (30, "instant"),
    ],
)
def test_decryption_time_rows_L2221_2231(resolve, margin: int, outcome: str) -> None:
    result = resolve(
        "decrypt",
        (10,),
        program_strength=0,
        assist_margin=0,
        modifier=0,
        encryption=10 - margin if margin <= 10 else 0,
        computer_power=0,
    )
    if margin > 10:
        result = resolve(
            "decrypt", (10,), program_strength=margin - 10, computer_power=1, encryption=0
        )
    assert result.outcome == outcome


def test_simple_hack_mr_7_is_super_user_L2292_2316(resolve) -> None:
    """Firewall 20: INT 14 + 4 + d20 against 20 → MR 7 → Super-user."""
    assert resolve("hack_firewall", (9,), base=18, firewall=20).outcome == "super_user"


def test_call_server_fails_by_7_alerts_L2395_2410(resolve) -> None:
    """INT 14 + 8 + d20 against 25 + 10 (unsuitable skill) → fails by 7 → alert."""
    result = resolve("hack_firewall", (6,), base=22, firewall=25, modifier=-10)
    assert (result.details["margin"], result.outcome) == (-7, "alert")


@pytest.mark.parametrize(
    ("margin", "outcome"),
    [
        (-5, "blocked"),
        (-6, "alert"),
        (0, "user"),
        (5, "user"),
        (6, "super_user"),
        (10, "administrator"),
    ],
)
def test_firewall_bands_L1843_1849_L1901_1918(resolve, margin: int, outcome: str) -> None:
    assert resolve("hack_firewall", (10,), base=10, firewall=20 - margin).outcome == outcome


def test_preliminary_odds_by_hand(odds) -> None:
    """Bins: 10 + d20 against paranoia 10 always succeeds; each d100 band is 20 %."""
    got = odds("hack_preliminary", method="snooping", base=10, paranoia=10)
    assert got["failure"] == 0
    assert all(got[name] == Fraction(1, 5) for name in got if name != "failure")
    harder = odds("hack_preliminary", method="research", base=5, paranoia=20)
    assert harder["failure"] == Fraction(14, 20)
    assert harder["location"] == Fraction(6, 20) * Fraction(20, 100)


def test_detection_analytic_odds_equal_the_full_walk() -> None:
    check = SYSTEM.check("hack_detection")
    params = check.parse(
        {"surveillance": 30, "admin_level": 2, "admin_base": 12, "hacker_base": 14}
    )
    walked = enumerate_outcomes(lambda dice: check.resolve(params, dice).outcome)
    assert check.distribution(params) == walked


def test_painkiller_dependence_L999_1012(odds) -> None:
    """Painkillers (physical 5, psychological 1), 10 doses: END against 15, VOL against 11."""
    got = odds("dependence", endurance=9, will=12, physical=5, psychological=1, doses=10)
    p_body = Fraction(sum(1 for f in range(1, 21) if 9 + f < 15), 20)
    p_mind = Fraction(sum(1 for f in range(1, 21) if 12 + f < 11), 20)
    assert got["physical"] == p_body * (1 - p_mind)
    assert got["both"] == p_body * p_mind


@pytest.mark.parametrize("check", [c.name for c in SYSTEM.checks])
def test_every_check_has_a_valid_example_and_bilingual_text(check: str) -> None:
    c = SYSTEM.check(check)
    params = c.parse(c.example)
    assert c.title.fr and c.title.en and c.description.fr and c.description.en and c.sources
    dist = c.distribution(params)
    assert sum(dist.probability(o) for o in c.outcome_names()) == 1
    assert set(dist.outcomes()) <= set(c.outcome_names())
    assert_rolls_match_odds("organique", check, c.example, n=2000)


def test_every_check_answers_the_cli(cli) -> None:
    for c in SYSTEM.checks:
        args: list[str] = []
        for key, value in c.example.items():
            flag = "--" + key.replace("_", "-")
            if isinstance(value, bool):
                args.append(flag if value else "--no-" + flag[2:])
            else:
                args += [flag, str(value)]
        result = cli("odds", "organique", c.name, *args, "--json")
        assert result.code == 0, (c.name, result.err)
        assert [o["outcome"] for o in result.json()["outcomes"]] == c.outcome_names()


def test_options_are_listed_on_the_system() -> None:
    names = {o.name for o in SYSTEM.options}
    assert {"luck_in_combat", "two_characteristics", "tie_rule", "stun_opposed"} <= names
    used: set[str] = set()
    for c in SYSTEM.checks:
        used |= {
            k
            for k, f in c.params.model_fields.items()
            if isinstance(f.json_schema_extra, dict) and "x-option" in f.json_schema_extra
        }
    assert used <= names
