"""Every Nephilim check: exact odds against a walk of its own dice procedure, seeded rolls
against the odds, and the worked examples of the reading (§8) with their seed lines."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.systems.nephilim.dice import modifier_distribution
from ecran.systems.nephilim.tables import COMBAT
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("nephilim")
CHECKS = [c.name for c in SYSTEM.checks]
FACES = (0, 1, 2, 2, 3, 4)


odds = Helpers(SYSTEM).odds


@pytest.mark.parametrize("name", CHECKS)
def test_every_check_is_documented_with_a_valid_example(name: str) -> None:
    check = SYSTEM.check(name)
    assert check.title.fr and check.title.en and check.description.fr and check.description.en
    assert check.sources and check.example
    check.parse(check.example)


@pytest.mark.parametrize("name", CHECKS)
def test_analytic_odds_equal_a_walk_of_the_dice_procedure(name: str) -> None:
    check = SYSTEM.check(name)
    params = check.parse(check.example)
    walked = enumerate_outcomes(lambda dice: check.resolve(params, dice).outcome)
    assert check.distribution(params) == walked
    assert check.distribution(params).total == 1


@pytest.mark.parametrize("name", CHECKS)
def test_rolls_agree_with_odds(name: str) -> None:
    assert_rolls_match_odds("nephilim", name, SYSTEM.check(name).example, n=2000)


def test_plexus_dice_are_ordinary_dice_L626() -> None:
    check = SYSTEM.check("magic_control")
    params = check.parse({"ka": 20, "circle": "haute_magie", "plexus": "d8-d4"})
    walked = enumerate_outcomes(lambda dice: check.resolve(params, dice).outcome)
    assert check.distribution(params) == walked
    plain = odds("magic_control", ka=20, circle="haute_magie")
    assert odds("magic_control", ka=20, circle="haute_magie", plexus="d8-d4") != plain


# -- dice variants (L477, E9) ---------------------------------------------------------------


def test_d6_six_as_three_is_the_same_distribution_L477() -> None:
    assert modifier_distribution("d6_six_as_three") == modifier_distribution("D")


def test_variant_criticals_L477() -> None:
    d6 = odds("action", characteristic=0, skill=0, difficulty=0, dice="d6")
    assert d6["critical_success"] == Fraction(1, 36) == d6["critical_failure"]
    d4 = odds("action", characteristic=0, skill=0, difficulty=0, dice="d4")
    assert d4["critical_success"] == Fraction(1, 16) == d4["critical_failure"]
    # d6: S=0, Diff=4 needs R >= 4: 3/36; +4 is a plain success, +5 critical (+4 would do).
    d6_hard = odds("action", characteristic=0, skill=0, difficulty=4, dice="d6")
    assert d6_hard["success"] == Fraction(2, 36) and d6_hard["critical_success"] == Fraction(1, 36)


def test_literal_critical_reading_A3() -> None:
    """§9 A3 alternative: a hopeless +4 is still a critical success."""
    literal = odds("action", characteristic=0, skill=0, difficulty=5, criticals="literal")
    assert literal["critical_success"] == Fraction(1, 36)
    assert odds("action", characteristic=0, skill=0, difficulty=5)["critical_success"] == 0


def test_no_roll_counts_the_dice_as_zero_L456() -> None:
    assert odds("action", characteristic=0, skill=0, difficulty=0, roll_needed=False) == {
        "barred": 0,
        "critical_failure": 0,
        "failure": 0,
        "success": 1,
        "critical_success": 0,
    }


# -- scores and penalties -------------------------------------------------------------------


def score_of(check: str, **values: object) -> int:
    c = SYSTEM.check(check)
    return int(c.score(c.parse(values)))  # type: ignore[attr-defined]


def test_wound_malus_hits_the_characteristic_E4_L86() -> None:
    """Badly wounded: Force + skill −3; 2 × Force −6 (§9 A4); fatigue adds on top."""
    assert score_of("action", characteristic=2, skill=1, difficulty=0, wound_malus=3) == 0
    assert score_of("action", characteristic=2, difficulty=0, wound_malus=3) == -2
    assert (
        score_of("action", characteristic=2, difficulty=0, wound_malus=3, wound_malus_count="once")
        == 1
    )
    assert (
        score_of("action", characteristic=2, skill=1, difficulty=0, wound_malus=3, fatigue_malus=2)
        == -2
    )


def test_multiple_actions_malus_E11_L510() -> None:
    assert score_of("action", characteristic=1, skill=1, difficulty=0, actions_this_round=2) == -2
    assert score_of("action", characteristic=1, skill=1, difficulty=0, actions_this_round=3) == -6


def test_skill_gate_L460() -> None:
    assert odds("action", characteristic=1, skill=0, difficulty=0, min_skill=1)["barred"] == 1
    assert odds("action", characteristic=1, skill=1, difficulty=0, min_skill=1)["barred"] == 0


def test_ka_test_uses_normalized_ka_once_E3_L47() -> None:
    assert score_of("ka_test", ka=18, difficulty=0) == 0
    assert score_of("ka_test", ka=31, difficulty=0) == 3


def test_opposed_equals_brute_force_L479_481() -> None:
    own, other = 1, -1
    counts = {"loss": 0, "tie": 0, "win": 0}
    for a, b, c, d in product(FACES, repeat=4):
        diff = (own + a - b) - (other + c - d)
        counts["win" if diff > 0 else "tie" if diff == 0 else "loss"] += 1
    expected = {k: Fraction(v, 6**4) for k, v in counts.items()}
    got = odds("opposed", characteristic=1, skill=0, opponent_characteristic=0, opponent_skill=-1)
    assert got == expected


def test_opposed_without_dice_is_decided_by_the_scores() -> None:
    got = odds(
        "opposed",
        characteristic=1,
        skill=0,
        opponent_characteristic=1,
        opponent_skill=0,
        roll=False,
        opponent_roll=False,
    )
    assert got == {"loss": 0, "tie": 1, "win": 0}


def test_attack_against_a_difficulty_has_no_tie() -> None:
    got = odds("attack", characteristic=1, skill=0, defender_reacts=False, difficulty=1)
    assert got["tie"] == 0 and got["win"] == Fraction(22, 36)  # P(R >= 0), L464-475


# -- health (L88) ---------------------------------------------------------------------------


def test_incapacity_check_is_constitution_twice_against_0_E5_L88() -> None:
    assert score_of("incapacity_check", constitution=1) == 2
    assert score_of("incapacity_check", constitution=1, fatigue_malus=1) == 1


def test_exhaustion_check_is_a_ka_test_against_0_E5_L88() -> None:
    assert score_of("exhaustion_check", ka=26, fatigue_malus=4) == 2 - 4


# -- combat ---------------------------------------------------------------------------------


def test_segment_lead_table_L499_504_and_example_E10_L506() -> None:
    """P(acting in an earlier segment) by difference of ratings, as printed (2 decimals)."""
    table = COMBAT.segment_lead_table
    for delta, printed in zip(table.difference, table.percent, strict=True):
        p = odds("duel_segments", initiative=delta, opponent_initiative=0)["first"]
        assert f"{float(p) * 100:.2f}" == f"{float(printed):.2f}", delta
    birkul = odds("duel_segments", initiative=3, opponent_initiative=-2)
    assert f"{float(birkul['first']) * 100:.2f}" == "42.44"
    # Alesym's side (never first): examples.toml.


# -- occult ---------------------------------------------------------------------------------


def difficulty_of(check: str, **values: object) -> int:
    c = SYSTEM.check(check)
    return int(c.difficulty(c.parse(values)))  # type: ignore[attr-defined]


def test_concentration_table_L562_566_and_D3() -> None:
    assert difficulty_of("concentration", skill=0, spell_level=-3, duration="x_rounds") == -1
    assert (
        difficulty_of(
            "concentration", circle="grand_secret", skill=6, spell_level=6, duration="free_action"
        )
        == 3
    )
    assert (
        difficulty_of(
            "concentration", circle="haute_magie", skill=0, spell_level=0, duration="x_days"
        )
        == -6
    )


def test_spell_gate_L558() -> None:
    barred = odds("concentration", skill=1, spell_level=2, duration="x_rounds")
    assert barred["barred"] == 1


def test_control_difficulty_with_scope_E14_L570() -> None:
    """One target at 20 m -> three targets at 100 m: +2 +4 = final difficulty +6."""
    assert difficulty_of("magic_control", ka=20, improvements=6) == 6
    assert difficulty_of("magic_control", ka=20, circle="haute_magie", improvements=6) == 7


def test_incantation_table_L580_582_and_D3() -> None:
    assert (
        difficulty_of(
            "incantation", skill=0, invocation_level=0, creature_ka=12, duration="half_x_rounds"
        )
        == 2
    )
    assert (
        difficulty_of(
            "incantation",
            circle="clefs",
            skill=0,
            invocation_level=0,
            creature_ka=12,
            duration="x_minutes",
        )
        == 0
    )


def test_fast_incantation_costs_2_on_the_contract_E15_L586() -> None:
    c = SYSTEM.check("contract")
    slow = c.sides(c.parse({"ka": 30, "creature_ka": 12}))
    fast = c.sides(c.parse({"ka": 30, "creature_ka": 12, "fast_incantation": True}))
    assert slow[0] - fast[0] == 2
    assert slow[2] == -1  # creature Ka 12 normalized (§9 A9)


def test_transmutation_is_against_0_L592() -> None:
    assert difficulty_of("transmutation", circle="grand_oeuvre", skill=3, formula_level=3) == 0


def test_alchemy_control_by_circle_L594() -> None:
    assert [
        difficulty_of("alchemy_control", circle=c, athanor_ka=10)
        for c in ("oeuvre_au_noir", "oeuvre_au_blanc", "grand_oeuvre")
    ] == [0, 1, 2]


def test_stasis_distance_table_L632_633_and_D3() -> None:
    assert difficulty_of("stasis_ritual", ka=20, distance="under_100m") == -1
    assert difficulty_of("stasis_ritual", ka=20, distance="contact") == -4
    assert difficulty_of("stasis_ritual", ka=20, distance="over_10000km") == 5


def test_stasis_points_add_to_the_control_roll_A12_L630() -> None:
    assert score_of("magic_control", ka=20, stasis_points=3) == 3
    assert score_of("magic_control", ka=17, stasis_points=3, stasis_bonus_unit="absolute_ka") == 0
    assert score_of("magic_control", ka=17, stasis_points=4, stasis_bonus_unit="absolute_ka") == 1


def test_cli_lists_options_in_help(cli) -> None:
    result = cli("odds", "nephilim", "action", "--help")
    assert result.code == 0
    assert "lecture d'une ambiguïté" in result.out and "règle optionnelle" in result.out
    assert "[reading]" not in result.out and "optional_rule" not in result.out


def details_of(check: str, **values: object) -> dict[str, object]:
    from ecran.testing import ScriptedDice

    c = SYSTEM.check(check)
    return dict(c.resolve(c.parse(values), ScriptedDice([2, 2])).details)


@pytest.mark.parametrize(("level", "x"), [(-3, 1), (0, 4), (6, 10)])
def test_magic_period_x_is_spell_level_plus_4_E15_L562(level: int, x: int) -> None:
    got = details_of("concentration", skill=6, spell_level=level, duration="x_hours")
    assert got["x"] == x and got["time"] == f"{x} hours"


def test_fast_invocation_takes_half_x_rounds_D3_L578_L586() -> None:
    """Creature Ka 12, Sceaux, x/2 rounds: 6 rounds at difficulty +2."""
    got = details_of(
        "incantation", skill=0, invocation_level=0, creature_ka=12, duration="half_x_rounds"
    )
    assert got["x"] == 12 and got["time"] == "6 rounds" and got["difficulty"] == 2
    odd = details_of(
        "incantation", skill=0, invocation_level=0, creature_ka=7, duration="half_x_rounds"
    )
    assert odd["time"] == "4 rounds"  # x/2 rounded up (§9 A29)


def test_knowledge_is_decided_by_the_skill_alone_L460() -> None:
    assert odds("knowledge", skill=1, threshold=1) == {"failure": 0, "success": 1}
    assert odds("knowledge", skill=0, threshold=1) == {"failure": 1, "success": 0}
