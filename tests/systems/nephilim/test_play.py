"""Play state: tracks, penalties flowing into actions and odds, operations (seed L72-88,
L108, L628-633), combat helpers (L487-529)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.nephilim.round import (
    Combatant,
    action_slots,
    declaration_order,
    delay_bonus,
    initiative_order,
    segments,
    speeds,
)
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.tracks import malus, state
from ecran.testing import ScriptedDice
from support import Helpers

SYSTEM = get_system("nephilim")


sheet = Helpers(SYSTEM).sheet


apply = Helpers(SYSTEM).apply


def action(s: NephilimSheet, label: str) -> dict[str, Any]:
    return next(a.params for a in SYSTEM.actions(s) if a.label.fr == label)


# -- tracks (L72-88) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("boxes", "pairs", "zero_alone"),
    [
        (0, 0, 0),
        (1, 0, 1),
        (2, 1, 1),
        (3, 1, 2),
        (5, 2, 3),
        (6, 3, 3),
        (7, 3, 4),
        (8, 4, 4),
        (9, 4, 5),
        (10, 5, 5),
    ],
)
def test_box_to_state_both_readings_A2_L74_84(boxes: int, pairs: int, zero_alone: int) -> None:
    assert state("wound", boxes, "pairs").index == pairs
    assert state("wound", boxes, "zero_alone").index == zero_alone


def test_state_names_and_maluses_L77_88() -> None:
    assert state("wound", 6).label.fr == "Gravement blessé" and malus("wound", 6) == 3
    assert state("fatigue", 8).label.fr == "Épuisé" and malus("fatigue", 8) == 4
    assert state("wound", 8).round_check and state("fatigue", 9).round_check
    assert state("wound", 10).out and state("fatigue", 10).label.en == "Unconscious"


def test_wounds_hit_force_and_agility_only_and_fatigue_everything_E4_L86() -> None:
    hurt = sheet(wounds=6, fatigue=2, characteristics={"force": 2, "intelligence": 2})
    force, intel = action(hurt, "Force"), action(hurt, "Intelligence")
    assert (force["wound_malus"], force["fatigue_malus"]) == (3, 1)
    assert (intel["wound_malus"], intel["fatigue_malus"]) == (0, 1)
    narrow = hurt.model_copy(update={"wound_characteristics": "force_coordination"})
    assert action(narrow, "Dextérité")["wound_malus"] == 0
    assert action(hurt, "Dextérité")["wound_malus"] == 3


def test_penalties_change_the_odds() -> None:
    check = SYSTEM.check("action")
    fresh = check.distribution(check.parse(action(sheet(characteristics={"force": 2}), "Force")))
    hurt = sheet(wounds=6, characteristics={"force": 2})
    worse = check.distribution(check.parse(action(hurt, "Force")))
    # 2 × Force = 4 against 0, then −6 (the malus counts on both Force scores, §9 A4).
    assert fresh.probability_where(lambda o: "success" in o) == 1
    assert worse.probability_where(lambda o: "success" in o) == Fraction(8, 36)  # R >= 2


def test_critical_states_offer_their_round_check_E5_L88() -> None:
    labels = [a.check for a in SYSTEM.actions(sheet(wounds=8, fatigue=8))]
    assert "incapacity_check" in labels and "exhaustion_check" in labels
    assert SYSTEM.actions(sheet(wounds=10)) == []


# -- operations -------------------------------------------------------------------------------


def test_wounds_armour_and_healing() -> None:
    armoured = sheet(armour=1)
    assert apply(armoured, "take_wounds", boxes=3).sheet.wounds == 2
    assert apply(armoured, "take_wounds", boxes=3, ignore_armour=True).sheet.wounds == 3
    assert apply(sheet(wounds=9), "take_wounds", boxes=5).sheet.wounds == 10
    assert apply(sheet(wounds=3), "heal", boxes=5).sheet.wounds == 0
    assert apply(sheet(fatigue=4), "rest", boxes=1).sheet.fatigue == 3
    assert apply(sheet(), "take_fatigue", boxes=2).sheet.fatigue == 2


def test_incapacity_round_failure_means_coma_E5_L88() -> None:
    dying = sheet(wounds=8, characteristics={"constitution": 0})
    failed = apply(dying, "incapacity_round", ScriptedDice([0, 4]))
    assert failed.sheet.fatigue == 10 and failed.resolution.outcome == "critical_failure"
    held = apply(dying, "incapacity_round", ScriptedDice([2, 2]))
    assert held.sheet.fatigue == 0
    with pytest.raises(EcranError):
        apply(sheet(), "incapacity_round")


def test_exhaustion_round_uses_ka_E5_L88() -> None:
    tired = sheet(fatigue=8, ka={"soleil": 40})  # normalized +4, fatigue malus 4
    assert apply(tired, "exhaustion_round", ScriptedDice([2, 2])).sheet.fatigue == 8
    assert apply(tired, "exhaustion_round", ScriptedDice([0, 1])).sheet.fatigue == 10


def test_stasis_ritual_draws_points_L630() -> None:
    nephilim = sheet(nature="nephilim", ka={"feu": 30}, stasis={"feu": 5, "eau": 4})
    # Ka 30 -> +2 vs Diff -1 (< 100 m): dice 2,2 succeed; then draw 3 + (4 - 0) = 7.
    change = apply(
        nephilim,
        "stasis_ritual",
        ScriptedDice([2, 2, 4, 0]),
        element="feu",
        points=3,
        distance="under_100m",
    )
    assert change.resolution.details["drawn"] == 7
    assert change.sheet.stasis == {"feu": 0, "eau": 2} and change.sheet.stasis_bonus == 7
    assert action(change.sheet, "Contrôle magique")["stasis_points"] == 7
    spent = apply(change.sheet, "spend_stasis_bonus")
    assert spent.sheet.stasis_bonus == 0
    failed = apply(
        nephilim,
        "stasis_ritual",
        ScriptedDice([0, 4]),
        element="feu",
        points=3,
        distance="under_100m",
    )
    assert failed.sheet.stasis == nephilim.stasis
    with pytest.raises(EcranError):
        apply(nephilim, "stasis_ritual", element="feu", points=6, distance="contact")


def test_buy_skill_steps_in_order_E6_L108() -> None:
    s = sheet()
    with pytest.raises(EcranError):
        apply(s, "buy_skill_step", path="PHYSIQUE > Athlétisme")
    for path in (
        "PHYSIQUE",
        "PHYSIQUE > Combat à distance",
        "PHYSIQUE > Athlétisme",
        "PHYSIQUE > Athlétisme",
    ):
        s = apply(s, "buy_skill_step", path=path).sheet
    assert s.skills == {
        "PHYSIQUE": -3,
        "PHYSIQUE > Combat à distance": -2,
        "PHYSIQUE > Athlétisme": -1,
    }
    with pytest.raises(EcranError):
        apply(s, "buy_skill_step", path="PHYSIQUE > Athlétisme")


# -- combat helpers ---------------------------------------------------------------------------


def test_movement_table_E13_L524_527() -> None:
    assert speeds(0) == {"immobile": 0, "stationary": 1, "walk": 4, "run": 12}
    assert speeds(-4)["run"] == 0 and speeds(6) == {
        "immobile": 0,
        "stationary": 3,
        "walk": 10,
        "run": 30,
    }
    assert speeds(7)["walk"] == 11  # past the "..." (§9 A19)


def test_multiple_actions_E11_and_magic_extra_action_E12_L510_512() -> None:
    assert action_slots(5, 2) == ([5, -1], 4)
    assert action_slots(5, 3) == ([5, -1, -7], 8)
    assert action_slots(5, 3, magical=1) == ([5, -1, -7, -13], 8)


def test_delay_bonuses_L516_518() -> None:
    assert delay_bonus(2, 1) == (12, 6)


def test_initiative_tie_break_L491() -> None:
    a = Combatant("a", 3, raw=4, rating=0, natural_rating=0)
    b = Combatant("b", 3, raw=0, rating=2, natural_rating=2)
    c = Combatant("c", 3, raw=0, rating=2, natural_rating=1)
    d = Combatant("d", 3, raw=-4, rating=5, natural_rating=5)
    assert [x.name for x in initiative_order([d, c, b, a])] == ["a", "b", "c", "d"]


def test_segments_A5_L493() -> None:
    assert segments([10, 6, 5, 4, -1]) == [[10, 6, 5], [4, -1]]
    assert segments([10, 3, -2]) == [[10], [3, -2]]
    assert segments([10, 3, -2], "fixed_windows") == [[10], [3], [-2]]


def test_declaration_by_ascending_anticipation_L493() -> None:
    x = Combatant("x", 0, 0, 0, 0, anticipation=2, intuition=1)
    y = Combatant("y", 0, 0, 0, 0, anticipation=2, intuition=0)
    z = Combatant("z", 0, 0, 0, 0, anticipation=-1)
    assert [c.name for c in declaration_order([x, y, z])] == ["z", "y", "x"]


def test_initiative_from_the_sheet_L491() -> None:
    pc = sheet(characteristics={"rapidite": 2, "reaction": 1}, fatigue=2)  # fatigue malus 1
    result = SYSTEM.initiative(pc, ScriptedDice([3, 1]))
    assert result.total == 3 - 1 + 2
    assert result.details["natural_rating"] == 3


def test_stasis_overflow_comes_from_the_gm_s_element_L630_A27() -> None:
    nephilim = sheet(nature="nephilim", ka={"feu": 30}, stasis={"feu": 2, "eau": 4, "air": 1})
    # success (2,2), then draws 2 + (4 - 0) = 6: 2 of Feu, 4 more from the GM's Air first
    change = apply(
        nephilim,
        "stasis_ritual",
        ScriptedDice([2, 2, 4, 0]),
        element="feu",
        points=2,
        distance="contact",
        overflow="air",
    )
    assert change.sheet.stasis == {"feu": 0, "eau": 1, "air": 0}


def test_the_rounds_tests_follow_the_state_each_asks_again_L88() -> None:
    """The round's end (the tracker's `round_tests`, the simulator's `round_end`): both tests
    for a character incapacitated and exhausted, the Ka test skipped when the Constitution
    test sends it under (every fatigue box checked: no longer Épuisé, L83, L88)."""
    both = sheet(wounds=8, fatigue=8, characteristics={"constitution": 3}, ka={"soleil": 40})
    assert [s.operation for s in SYSTEM.round_tests(both)] == [
        "incapacity_round",
        "exhaustion_round",
    ]
    assert [s.operation for s in SYSTEM.round_end(both)] == ["critical_round"]
    under = apply(both, "critical_round", ScriptedDice([0, 4]))
    assert under.sheet.fatigue == 10 and [c.label.fr for c in under.conditions] == ["Coma"]
    assert SYSTEM.round_tests(under.sheet) == [] and SYSTEM.round_end(under.sheet) == []
    held = apply(both, "critical_round", ScriptedDice([2, 2, 2, 2]))  # both tests rolled
    assert held.sheet.fatigue == 8 and held.conditions == ()
    assert SYSTEM.round_end(sheet()) == []
    assert apply(sheet(), "critical_round").sheet == sheet()
