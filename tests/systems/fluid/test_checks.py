"""Every Fluid check: exact odds against independent computations, seeded rolls against odds,
and the worked examples of the seed that each check covers (test names give the lines)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Distribution, explode
from ecran.engine import get_system
from ecran.systems.fluid.checks.combat import wound_of
from ecran.systems.fluid.checks.magic import SpellPlan, extended_duration
from ecran.systems.fluid.tables import TIME
from ecran.testing import ScriptedDice
from support import assert_rolls_match_odds

SYSTEM = get_system("fluid")


def check(name: str) -> Any:
    return SYSTEM.check(name)


def resolve(name: str, dice: ScriptedDice, **values: Any) -> Any:
    c = check(name)
    result = c.resolve(c.parse(values), dice)
    assert dice.exhausted, "the example's dice were not all used"
    return result


def odds(name: str, **values: Any) -> dict[str, Fraction]:
    c = check(name)
    law = c.distribution(c.parse(values))
    return {n: law.probability(n) for n in c.outcome_names()}


# -- an independent score law: enumerate the dice, chains truncated deep ------------------------

DEPTH = 12
UP = explode(Distribution.die(10), {10}, max_depth=DEPTH)  # residual 10^-13
DOWN = explode(Distribution.die(10), {1}, max_depth=DEPTH)


def score_law(char: int, net: int) -> dict[int, Fraction]:
    law: dict[int, Fraction] = {}
    weight = Fraction(1, 10 ** (abs(net) + 1))
    for dice in itertools.product(range(1, 11), repeat=abs(net) + 1):
        base = dice[0]
        if base == 10 or (base != 1 and net > 0 and dice.count(10) >= 2):
            parts = {char + 10 + u: p for u, p in UP.items()}
        elif base == 1 or (base != 10 and net < 0 and dice.count(1) >= 2):
            parts = {char - 1 - v: p for v, p in DOWN.items()}
        else:
            kept = max(dice) if net > 0 else min(dice) if net < 0 else base
            parts = {char + kept: Fraction(1)}
        for score, p in parts.items():
            law[score] = law.get(score, Fraction(0)) + weight * p
    return law


def compare(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[str, Fraction]:
    out = {"loss": Fraction(0), "tie": Fraction(0), "win": Fraction(0)}
    for x, px in a.items():
        for y, py in b.items():
            out["loss" if x < y else "tie" if x == y else "win"] += px * py
    return out


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [((5, 0), (5, 0)), ((6, 2), (4, -1)), ((3, -2), (8, 1)), ((12, 1), (2, 0))],
)
def test_opposed_odds_match_independent_laws(
    mine: tuple[int, int], theirs: tuple[int, int]
) -> None:
    def side(prefix: str, char: int, net: int) -> dict[str, int]:
        return {
            f"{prefix}characteristic": char,
            f"{prefix}advantage_dice": max(net, 0),
            f"{prefix}disadvantage_dice": max(-net, 0),
        }

    got = odds("opposed", **side("", *mine), **side("opponent_", *theirs))
    expected = compare(score_law(*mine), score_law(*theirs))
    for name in got:  # the truncated chains lose < 10^-11 of mass
        assert abs(got[name] - expected[name]) < Fraction(1, 10**10), name
    assert sum(got.values()) == 1


def test_opposed_is_symmetric_for_equal_sides() -> None:
    law = odds(
        "opposed",
        characteristic=5,
        opponent_characteristic=5,
        advantage_dice=2,
        opponent_advantage_dice=2,
    )
    assert law["win"] == law["loss"]


def test_tie_reroll_conditions_on_a_winner() -> None:
    stand = odds("opposed", characteristic=5, opponent_characteristic=6)
    reroll = odds("opposed", characteristic=5, opponent_characteristic=6, tie_rule="reroll")
    assert reroll["tie"] == 0
    assert reroll["win"] == stand["win"] / (1 - stand["tie"])


def test_attack_odds_are_the_opposed_odds_regrouped() -> None:
    base = {"characteristic": 5, "opponent_characteristic": 5, "opponent_res": 50}
    attack = odds("attack", **base, opponent_res_max=50)
    opposed = odds("opposed", characteristic=5, opponent_characteristic=5)
    # bare hands, no armour: every won exchange hurts, every lost one is a counter
    assert attack["hit"] + attack["down"] + attack["critical"] == opposed["win"]
    assert attack["countered"] == opposed["loss"] and attack["absorbed"] == 0
    assert 0 < attack["down"] < Fraction(1, 10**4)  # only long explosions reach 50
    assert attack["repelled"] == opposed["tie"]


def test_full_defence_never_counters_l1287_1289() -> None:
    law = odds("attack", characteristic=5, opponent_characteristic=7, stance="dodge")
    assert law["countered"] == 0 and law["repelled"] > Fraction(1, 2)


def test_defenceless_target_scores_ten_by_default_a9() -> None:
    law = odds("attack", characteristic=5, opponent_characteristic=3, stance="defenceless")
    test = odds("test", characteristic=5)
    # against a fixed 10, the attacker hits exactly when the test succeeds (score ≥ 11)
    succeeded = sum(
        test[r] for r in ("marginal_success", "success", "major_success", "crit_success")
    )
    assert law["hit"] + law["down"] + law["critical"] == succeeded


# -- combat examples ---------------------------------------------------------------------------


def test_e28_dagger_against_leather_l1137_1145() -> None:
    result = resolve(
        "attack",
        ScriptedDice(4, 5),
        characteristic=4,
        modifier=4,
        weapon=1,
        opponent_characteristic=3,
        opponent_armour=1,
        opponent_res=12,
    )
    assert result.details["difference"] == 4 and result.details["damage"] == 4
    assert result.outcome == "hit"


def test_e29_full_defence_dodge_adds_half_agi_and_deals_nothing_l1147_1153() -> None:
    result = resolve(
        "attack",
        ScriptedDice(5, 8),
        characteristic=9,
        opponent_characteristic=4,
        opponent_modifier=2,
        stance="dodge",
    )
    assert result.details["opponent"]["score"] == 16 and result.outcome == "repelled"


def test_e30_glouby_out_at_res_zero_without_axe_damage_l1155_1163() -> None:
    result = resolve(
        "attack",
        ScriptedDice(3, 3),
        characteristic=9,
        weapon=2,
        opponent_characteristic=4,
        opponent_res=5,
        include_weapon_damage=False,
    )
    assert result.details["damage"] == 5 and result.outcome == "down"


def test_e32_mace_example_only_without_weapon_damage_l1237_1241() -> None:
    result = resolve(
        "attack",
        ScriptedDice(4, 4),
        characteristic=5,
        modifier=3,
        weapon=2,
        opponent_characteristic=4,
        opponent_modifier=2,
        opponent_armour=1,
        include_weapon_damage=False,
    )
    assert result.details["damage"] == 1
    with_mace = resolve(
        "attack",
        ScriptedDice(4, 4),
        characteristic=5,
        modifier=3,
        weapon=2,
        opponent_characteristic=4,
        opponent_modifier=2,
        opponent_armour=1,
    )
    assert with_mace.details["damage"] == 3  # the rule of L1351-1353 (reading A3)


def test_e34_counter_through_armour_l1273_1279() -> None:
    # Ripois (you) scores 10, the demon 15 with its claws (0); Ripois' armour 2: 3 RES lost
    result = resolve(
        "attack",
        ScriptedDice(4, 9),
        characteristic=6,
        armour=2,
        opponent_characteristic=4,
        opponent_modifier=2,
    )
    assert result.outcome == "countered" and result.details["damage_taken"] == 3


def test_e35_base_damage_is_the_difference_l1347_1349() -> None:
    result = resolve(
        "attack",
        ScriptedDice(5, 2),
        characteristic=10,
        opponent_characteristic=10,
        opponent_res=20,
        opponent_res_max=20,
    )
    assert result.details["damage"] == 3


def test_furious_and_feint_l1167_1175() -> None:
    furious = resolve(
        "attack",
        ScriptedDice(8, 2),
        characteristic=6,
        furious=2,
        opponent_characteristic=6,
        opponent_res=30,
        opponent_res_max=30,
    )
    assert furious.details["difference"] == 4 and furious.details["damage"] == 8
    feint = resolve(
        "attack",
        ScriptedDice(4, 5),
        characteristic=6,
        feint=3,
        opponent_characteristic=6,
        opponent_res=30,
        opponent_res_max=30,
    )
    assert feint.details["difference"] == 2
    assert feint.outcome == "absorbed"  # 2 − 3 = −1 damage: nothing gets through


def test_e39_accumulated_wounds_call_a_survival_test_l1471_1477() -> None:
    assert wound_of(3, res=0, res_max=7, wounds=6).survival_penalty == 2


def test_e40_grave_wound_l1487_1489() -> None:
    wound = wound_of(6, res=0, res_max=20, wounds=0)
    assert (wound.wound, wound.survival_penalty, wound.destroyed) == (6, 1, False)


def test_destroyed_organ_above_ten_l1491_1493() -> None:
    assert wound_of(11, res=0, res_max=30, wounds=0).destroyed


def test_wounds_start_once_res_is_spent_l1427_1431() -> None:
    wound = wound_of(7, res=4, res_max=10, wounds=0)
    assert (wound.res_lost, wound.wound, wound.survival_penalty) == (4, 3, 0)


# -- health ------------------------------------------------------------------------------------


def test_survival_outcomes_follow_ranks_l1501_1529() -> None:
    law = odds("survival", characteristic=5)
    test = odds("test", characteristic=5)
    assert law["death"] == test["crit_fail"] and law["coma"] == test["fail"]
    assert law["stands"] == test["success"] + test["major_success"]  # reading A7
    assert law["adrenaline"] == test["crit_success"]
    critical = odds("survival", characteristic=5, major_success_as="critical")
    assert critical["adrenaline"] == test["crit_success"] + test["major_success"]


def test_survival_coma_lasts_the_penalty_in_days_l1509_1511() -> None:
    result = resolve("survival", ScriptedDice(5, 6, 7), characteristic=4, penalty=2)
    assert result.outcome == "coma" and result.details["coma_days"] == 2


def test_e41_tonki_loses_six_l1547_1559() -> None:
    result = resolve("shock", ScriptedDice(2, 5, 6, 7), characteristic=3, penalty=3, san=8)
    assert result.total == 5 and result.details["san_loss"] == 6
    assert result.outcome == "shaken" and result.details["san"] == 2  # rule first (reading A5)
    broken = resolve("shock", ScriptedDice(2, 5, 6, 7), characteristic=3, penalty=3, san=0)
    assert broken.outcome == "trauma" and broken.details["trait"] == 6  # Trahi par Jomba 6


def test_shock_with_literal_margin_reference() -> None:
    result = resolve("shock", ScriptedDice(5), characteristic=5, san=8, me_reference=10)
    assert result.details["san_loss"] == 0 and result.outcome == "steady"


def test_medicine_heals_by_rank_l1585_1589() -> None:
    law = odds("medicine", characteristic=5)
    test = odds("test", characteristic=5)
    assert law["heal_1"] == test["marginal_success"] and law["heal_4"] == test["crit_success"]


def test_e38_aiming_shifts_the_location_die_l1451_1457() -> None:
    law = odds("hit_location", aim=2, aim_at="head")
    assert law["head"] == Fraction(1, 2)  # faces 6-10 reach the 8
    assert law["abdomen"] == Fraction(2, 10) and law["chest"] == Fraction(1, 10)
    plain = odds("hit_location", aim=0)
    assert plain["abdomen"] == Fraction(2, 10) and plain["two_places"] == Fraction(1, 10)


# -- magic -------------------------------------------------------------------------------------


def spell_plan(**values: Any) -> SpellPlan:
    return SpellPlan(check("spell").parse(values))


def test_e44_to_e47_rachelle_casting_time_l1706_1776() -> None:
    plan = spell_plan(characteristic=7, complexity=2, range_band=3, area=1)
    assert plan.difficulty == 6 and plan.time.en == "5 hours"


def test_e47_jon_casting_time_l1740_1780() -> None:
    plan = spell_plan(characteristic=5, complexity=1, range_band=0, area=3)
    assert plan.difficulty == 4 and plan.time.en == "15 minutes"


def test_e48_rachelle_hurries_and_spends_res_l1788_1796() -> None:
    plan = spell_plan(
        characteristic=7,
        complexity=2,
        range_band=3,
        area=1,
        time_shift=5,
        trait_1=5,
        points_before=4,
    )
    assert plan.time.rank == 1 and plan.net == -2


def test_e49_jon_takes_longer_l1798_1802() -> None:
    plan = spell_plan(characteristic=5, complexity=1, area=3, time_shift=-1)
    assert plan.time.en == "1 hour"
    assert plan.net == -3  # the text says 2 (reading A6)


def test_e50_rachelle_burns_three_bandits_l1842_1854() -> None:
    damage = [14 - dodge for dodge in (8, 10, 12, 15, 17) if dodge < 14]
    assert damage == [6, 4, 2]
    result = resolve(
        "spell",
        ScriptedDice(9),
        characteristic=7,
        complexity=2,
        range_band=3,
        area=1,
        time_shift=5,
        trait_1=5,
        points_before=4,
        as_points=2,
    )
    assert result.total == 14 and result.outcome == "works"
    assert result.details["res_spent"] == 4


def test_e51_jon_mr_three_lasts_three_minutes_l1856_1858() -> None:
    result = resolve("spell", ScriptedDice(5), characteristic=8, complexity=0)
    assert result.details["mr"] == 3 and result.details["duration_if_all_mr"] == "3 minutes"


def test_e52_extending_a_spell_l1870_1880() -> None:
    assert TIME.at(extended_duration(3, 1)).en == "15 minutes"
    assert TIME.at(extended_duration(3, 2)).en == "1 hour"


def test_e53_spellbook_cuts_casting_time_l1908_1910() -> None:
    plan = spell_plan(characteristic=7, complexity=2, range_band=3, area=1, spellbook_int=7)
    assert plan.time.en == "1 round (6 seconds)"


def test_spell_res_by_rank_l1812_1832() -> None:
    for die, outcome, spent in ((2, "backfire", 3), (5, "fizzle", 0), (8, "costly", 4)):
        result = resolve(
            "spell", ScriptedDice(die), characteristic=0, complexity=0, points_before=3, as_points=3
        )
        assert (result.outcome, result.details["res_spent"]) == (outcome, spent)
    crit = resolve(
        "spell", ScriptedDice(10, 9), characteristic=0, complexity=0, points_before=3, as_points=3
    )
    assert crit.outcome == "half_cost" and crit.details["res_spent"] == 1


# -- opposed subsystems ------------------------------------------------------------------------


def test_e21_race_scores_read_on_the_table_l948_958() -> None:
    from ecran.systems.fluid.tables import RANKS

    assert [RANKS.of(s) for s in (9, 11, 12, 14)] == [
        "fail",
        "marginal_success",
        "success",
        "success",
    ]


def test_e42_general_score_is_casualties_l1605_1607() -> None:
    result = resolve(
        "mass_combat", ScriptedDice(5, 3), characteristic=5, opponent_characteristic=5, scale=10
    )
    assert result.details["casualties_inflicted"] == 100
    assert result.details["casualties_suffered"] == 80 and result.outcome == "better"


def test_mass_combat_counts_no_negative_casualties() -> None:
    law = odds("mass_combat", characteristic=0, opponent_characteristic=0)
    both_zero = odds("test", characteristic=0)["crit_fail"] ** 2
    opposed = odds("opposed", characteristic=0, opponent_characteristic=0)
    assert law["even"] > opposed["tie"] and law["even"] >= both_zero


def test_chase_margin_moves_the_gap_l1659_1669() -> None:
    result = resolve(
        "chase",
        ScriptedDice(6, 3),
        characteristic=5,
        opponent_characteristic=5,
        gap=5,
        escape_at=20,
    )
    assert result.details["new_gap"] == 2 and result.outcome == "closer"
    caught = resolve(
        "chase",
        ScriptedDice(9, 2),
        characteristic=5,
        opponent_characteristic=5,
        gap=5,
        escape_at=20,
    )
    assert caught.outcome == "caught"
    vehicles = resolve(
        "chase",
        ScriptedDice(2, 4),
        characteristic=5,
        opponent_characteristic=5,
        gap=5,
        escape_at=20,
        vehicles=True,
    )
    assert vehicles.outcome == "escaped" and vehicles.details["new_gap"] == 25


def test_vampirism_margin_is_res_stolen_l1892_1898() -> None:
    result = resolve(
        "vampirism", ScriptedDice(8, 3), characteristic=6, opponent_characteristic=5, victim_res=4
    )
    assert result.outcome == "drained" and result.details["res_stolen"] == 4


def test_verbal_joust_damage_comes_off_aura_l1671_1677() -> None:
    result = resolve(
        "verbal_joust",
        ScriptedDice(8, 3),
        characteristic=6,
        opponent_characteristic=5,
        opponent_aura=6,
    )
    assert result.outcome == "wins" and result.details["opponent_aura"] == 0


# -- every check: odds are whole, rolls agree ---------------------------------------------------

SECOND = {
    "action": {"characteristic": 6, "circumstances": -3, "as_points": 1, "binary_results": True},
    "attack": {
        "characteristic": 6,
        "opponent_characteristic": 6,
        "stance": "parry",
        "opponent_weapon": 2,
        "tie_rule": "reroll",
        "equipment_difference": True,
    },
    "survival": {"characteristic": 7, "penalty": 4, "as_points": 2},
    "spell": {"characteristic": 7, "complexity": 3, "area": 2, "no_doubles": True},
    "opposed": {
        "characteristic": 5,
        "opponent_characteristic": 5,
        "no_base_explosion": True,
        "advantage_dice": 3,
    },
}


@pytest.mark.parametrize("name", [c.name for c in SYSTEM.checks])
def test_rolls_agree_with_odds(name: str) -> None:
    assert_rolls_match_odds("fluid", name, check(name).example, n=2500)
    if name in SECOND:
        assert_rolls_match_odds("fluid", name, SECOND[name], n=2500)
        assert sum(odds(name, **SECOND[name]).values()) == 1
