"""Every Fluid check: exact odds against independent computations, seeded rolls against odds,
and the worked examples that need more than one check on given dice (test names give the lines;
the others are data: examples.toml)."""

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
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("fluid")


def check(name: str) -> Any:
    return SYSTEM.check(name)


def resolve(name: str, dice: ScriptedDice, **values: Any) -> Any:
    c = check(name)
    result = c.resolve(c.parse(values), dice)
    assert dice.exhausted, "the example's dice were not all used"
    return result


odds = Helpers(SYSTEM).odds


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


def test_medicine_heals_by_rank_l1585_1589() -> None:
    law = odds("medicine", characteristic=5)
    test = odds("test", characteristic=5)
    assert law["heal_1"] == test["marginal_success"] and law["heal_4"] == test["crit_success"]


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


def test_e52_extending_a_spell_l1870_1880() -> None:
    assert TIME.at(extended_duration(3, 1)).en == "15 minutes"
    assert TIME.at(extended_duration(3, 2)).en == "1 hour"


def test_e53_spellbook_cuts_casting_time_l1908_1910() -> None:
    plan = spell_plan(characteristic=7, complexity=2, range_band=3, area=1, spellbook_int=7)
    assert plan.time.en == "1 round (6 seconds)"


# -- opposed subsystems ------------------------------------------------------------------------


def test_e21_race_scores_read_on_the_table_l948_958() -> None:
    from ecran.systems.fluid.tables import RANKS

    assert [RANKS.of(s) for s in (9, 11, 12, 14)] == [
        "fail",
        "marginal_success",
        "success",
        "success",
    ]


def test_mass_combat_counts_no_negative_casualties() -> None:
    law = odds("mass_combat", characteristic=0, opponent_characteristic=0)
    both_zero = odds("test", characteristic=0)["crit_fail"] ** 2
    opposed = odds("opposed", characteristic=0, opponent_characteristic=0)
    assert law["even"] > opposed["tie"] and law["even"] >= both_zero


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


@pytest.mark.parametrize("net", [-3, -2, -1, 0, 1, 2, 3])
@pytest.mark.parametrize("char", [0, 7])
def test_the_die_law_in_integer_weights_is_the_enumerated_dice(char: int, net: int) -> None:
    """`dice.score_law` (die atoms and differences in integer weights over one denominator,
    #32) against the dice enumerated one by one (`score_law` above, chains 12 deep): equal
    inside a window, where the truncated chains lose less than 10^-11."""
    from ecran.systems.fluid.dice import score_atoms
    from ecran.systems.fluid.dice import score_law as exact_law

    lo, hi = char - 15, char + 35
    exact = exact_law(score_atoms(char, net), lo, hi)
    enumerated = score_law(char, net)
    for score in range(lo + 1, hi):
        gap = exact.probability(score) - enumerated.get(score, Fraction(0))
        assert abs(gap) < Fraction(1, 10**11), score
    assert exact.total == 1
