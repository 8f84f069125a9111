"""Combat checks against the seed's combat examples and a brute-force count."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from support import assert_rolls_match_odds

SYSTEM = get_system("organique")


def test_tie_goes_to_defender_but_leap_must_exceed_L2813_2816_L3455_3459(resolve) -> None:
    tie = {"action": "strike", "characteristics": 20, "defender_characteristics": 20}
    assert resolve("attack", (10, 10), **tie, reaction="dodge").outcome == "defended"
    assert resolve("attack", (10, 10), **tie, reaction="leap").outcome == "hit"


def test_leap_costs_ten_per_extra_band_L3447_3459(resolve) -> None:
    result = resolve(
        "attack",
        (10, 20),
        action="strike",
        characteristics=20,
        reaction="leap",
        defender_characteristics=20,
        leap_bands=3,
    )
    assert result.details["defender_difficulty"] == 45


def brute_attack(
    att: int, diff: int, defs: int, ddiff: int, coverage: int, luck: bool
) -> dict[str, Fraction]:
    counts = {"miss": 0, "defended": 0, "armour": 0, "hit": 0}
    for a in range(1, 21):
        ma = att + a - diff
        ok = ma >= 0
        if luck and a == 20:
            ok, ma = True, max(ma, 1)
        if luck and a == 1:
            ok = False
        if not ok:
            counts["miss"] += 20
            continue
        for d in range(1, 21):
            md = defs + d - ddiff
            dok = md >= 0
            if luck and d == 20:
                dok, md = True, max(md, 1)
            if luck and d == 1:
                dok = False
            if dok and md >= ma:
                counts["defended"] += 1
            elif ma <= coverage:
                counts["armour"] += 1
            else:
                counts["hit"] += 1
    return {k: Fraction(v, 400) for k, v in counts.items()}


@pytest.mark.parametrize("luck", [True, False])
@pytest.mark.parametrize(("att", "defs", "coverage"), [(23, 30, 7), (10, 25, 20), (30, 5, 0)])
def test_attack_odds_match_brute_force(
    odds, att: int, defs: int, coverage: int, luck: bool
) -> None:
    got = odds(
        "attack",
        action="strike",
        characteristics=att,
        reaction="parry",
        defender_characteristics=defs,
        coverage=coverage,
        luck_in_combat=luck,
    )
    assert got == brute_attack(att, 25, defs, 25, coverage, luck)


@pytest.mark.parametrize(
    ("face", "outcome"), [(10, "loses_action"), (9, "loses_action_and_reaction")]
)
def test_stun_thresholds_one_to_ten_L3233_3240(resolve, face: int, outcome: str) -> None:
    """Unopposed stun save: failure by 1-10 loses the action, by more than 10 both."""
    result = resolve("stun_save", (face,), characteristic=0, attacker_margin=5, stun_opposed=False)
    assert result.outcome == outcome


@pytest.mark.parametrize(
    ("face", "outcome"), [(11, "loses_action"), (10, "loses_action_and_reaction")]
)
def test_shock_pain_thresholds_one_to_nine_L502_510(resolve, face: int, outcome: str) -> None:
    assert resolve("shock_pain", (face,), characteristic=0, difficulty=20).outcome == outcome


def test_fall_avoids_one_point_per_ten_L190_194(resolve) -> None:
    assert resolve("fall", (5,), characteristic=10, floors=2).details["damage_c"] == 3
    assert resolve("fall", (20,), characteristic=20, floors=2).outcome == "unhurt"
    assert resolve("fall", (1,), characteristic=2, floors=1).outcome == "full_damage"


@pytest.mark.parametrize(
    ("check", "values"),
    [
        (
            "attack",
            {
                "action": "strike",
                "characteristics": 23,
                "reaction": "dodge",
                "defender_characteristics": 30,
                "coverage": 7,
            },
        ),
        ("stun_save", {"characteristic": 15, "attacker_margin": 6}),
        ("shock_pain", {"characteristic": 8}),
        ("fall", {"characteristic": 10, "floors": 2}),
    ],
)
def test_rolls_agree_with_odds(check: str, values: dict[str, Any]) -> None:
    assert_rolls_match_odds("organique", check, values, n=3000)
