"""The combat round (seed L487-529): segments, declaration order and its roll-off, several
actions, delaying, sprint; as checks, as operations on the sheet, as a tracker's plan."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.systems.nephilim.round import Combatant, combatant, plan_round
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.testing import ScriptedDice
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("nephilim")
FACES = (0, 1, 2, 2, 3, 4)


sheet = Helpers(SYSTEM).sheet


apply = Helpers(SYSTEM).apply


def action(s: NephilimSheet, check: str, label: str | None = None) -> dict[str, Any]:
    return next(
        a.params
        for a in SYSTEM.actions(s)
        if a.check == check and (label is None or a.label.fr == label)
    )


odds = Helpers(SYSTEM).odds


# -- declaration order (L493, L516) -----------------------------------------------------------


def test_lower_anticipation_declares_first_then_intuition_L493() -> None:
    assert (
        odds(
            "declaration",
            anticipation=0,
            intuition=3,
            opponent_anticipation=1,
            opponent_intuition=-2,
        )["declares_first"]
        == 1
    )
    tie = {"anticipation": 2, "opponent_anticipation": 2}
    assert odds("declaration", **tie, intuition=1, opponent_intuition=0)["declares_last"] == 1
    assert odds("declaration", **tie, intuition=0, opponent_intuition=0)["simultaneous"] == 1


def test_each_delay_adds_6_anticipation_L516_518() -> None:
    base = {"anticipation": -3, "intuition": 0, "opponent_anticipation": 2, "opponent_intuition": 0}
    assert odds("declaration", **base, delayed_segments=1)["declares_last"] == 1
    assert (
        odds("declaration", **base, delayed_segments=1, opponent_delayed_segments=1)[
            "declares_first"
        ]
        == 1
    )


def test_roll_off_splits_a_full_tie_evenly_L493() -> None:
    """One round of the roll-off over the 6^4 faces: as many wins as losses, so once the ties
    are rolled again each side declares last half of the time."""
    wins = losses = 0
    for a, b, c, d in product(FACES, repeat=4):
        wins += (a - b) > (c - d)
        losses += (a - b) < (c - d)
    assert wins == losses
    tie = {"anticipation": 1, "intuition": 1, "opponent_anticipation": 1, "opponent_intuition": 1}
    assert odds("declaration", **tie, anticipation_tie="roll_off") == {
        "declares_first": Fraction(1, 2),
        "simultaneous": 0,
        "declares_last": Fraction(1, 2),
    }
    assert_rolls_match_odds("nephilim", "declaration", {**tie, "anticipation_tie": "roll_off"})


def test_roll_off_rolls_again_on_a_tie() -> None:
    check = SYSTEM.check("declaration")
    tie = {"anticipation": 1, "intuition": 1, "opponent_anticipation": 1, "opponent_intuition": 1}
    params = check.parse({**tie, "anticipation_tie": "roll_off"})
    result = check.resolve(params, ScriptedDice([2, 2, 3, 3, 4, 0, 1, 1]))
    assert result.outcome == "declares_last"
    assert result.details["roll_off"] == [[0, 0], [4, 0]]


# -- the tracker's plan of a round (L493, L506) -----------------------------------------------


def test_alesym_acts_in_the_next_segment_unopposed_E10_L506() -> None:
    """Birkul (+3) rolls +4 -> 7, Alesym (-2) rolls 0 -> -2: Birkul acts in the first
    segment, Alesym in the next one of the same round, Birkul unable to react."""
    birkul = Combatant("Birkul", 7, raw=4, rating=3, natural_rating=3)
    alesym = Combatant("Alesym", -2, raw=0, rating=-2, natural_rating=-2)
    assert plan_round([alesym, birkul]) == [[[birkul]], [[alesym]]]
    close = Combatant("Alesym", 2, raw=4, rating=-2, natural_rating=-2)
    (segment,) = plan_round([close, birkul])  # 2 lies in [7 - 5, 7]: same segment
    assert {c.name for group in segment for c in group} == {"Alesym", "Birkul"}


def test_segment_reading_A5_changes_the_plan_of_three_slots() -> None:
    slots = [Combatant(n, i, 0, 0, 0) for n, i in (("a", 10), ("b", 3), ("c", -2))]
    highest = plan_round(slots)
    fixed = plan_round(slots, reading="fixed_windows")
    assert [[c.name for g in seg for c in g] for seg in highest] == [["a"], ["b", "c"]]
    assert [[c.name for g in seg for c in g] for seg in fixed] == [["a"], ["b"], ["c"]]


def test_declaration_groups_in_a_segment_with_and_without_roll_off_L493() -> None:
    x = Combatant("x", 5, 0, 0, 0, anticipation=2, intuition=1)
    y = Combatant("y", 4, 0, 0, 0, anticipation=2, intuition=1)
    z = Combatant("z", 3, 0, 0, 0, anticipation=-1, intuition=0)
    assert plan_round([x, y, z]) == [[[z], [x, y]]]
    # roll-off: x rolls 4-0 = +4, y rolls 0-4 = -4: y declares before x
    rolled = plan_round([x, y, z], tie="roll_off", dice=ScriptedDice([4, 0, 0, 4]))
    assert rolled == [[[z], [y], [x]]]


def test_tracker_entries_come_from_the_sheet_initiative() -> None:
    pc = sheet(characteristics={"rapidite": 1, "reaction": 1, "intuition": 2, "perception": 1})
    entry = combatant("pc", SYSTEM.initiative(pc, ScriptedDice([4, 0])))
    assert (entry.initiative, entry.raw, entry.anticipation, entry.intuition) == (6, 4, 3, 2)


# -- several actions and delays as play state (L508-518) -------------------------------------


def test_declared_actions_feed_every_action_and_its_odds_E11_L510() -> None:
    pc = sheet(characteristics={"force": 1}, skills={"PHYSIQUE": -3})
    two = apply(pc, "declare_actions", actions=2).sheet
    force = action(two, "action", "Force")
    assert force["actions_this_round"] == 2
    check = SYSTEM.check("action")
    one_odds = check.distribution(check.parse(action(pc, "action", "Force")))
    two_odds = check.distribution(check.parse(force))
    # 2 x Force = 2 against 0 needs R >= -2 (33/36); with -4, R >= 2 (8/36) (L464-475)
    assert one_odds.probability_where(lambda o: "success" in o) == Fraction(33, 36)
    assert two_odds.probability_where(lambda o: "success" in o) == Fraction(8, 36)
    assert action(two, "sprint")["malus"] == 4 and action(two, "ka_test")["malus"] == 4
    assert apply(two, "end_round").sheet.round_actions == 1


def test_magic_extra_action_slots_and_malus_E12_L512() -> None:
    """Fallas, initiative +5, three normal actions and one from a spell: +5, -1, -7, -13,
    each at -8."""
    change = apply(sheet(), "declare_actions", actions=3, magical_actions=1, initiative=5)
    assert change.sheet.round_actions == 3
    assert change.summary.en == "4 actions, malus 8 on each @ +5, -1, -7, -13"
    assert change.summary.fr == "4 actions, malus 8 sur chacune @ +5, -1, -7, -13"


def test_delaying_carries_anticipation_and_initiative_L514_518() -> None:
    pc = sheet(characteristics={"rapidite": 1, "intuition": 1, "perception": 1})
    once = apply(pc, "delay_action").sheet
    assert action(once, "declaration")["delayed_segments"] == 1
    twice = apply(once, "delay_action", to_next_round=True).sheet
    assert (twice.delayed_segments, twice.delayed_rounds) == (2, 1)
    # next round: +6 initiative (L518), and Anticipation +12 kept across rounds
    assert SYSTEM.initiative(twice, ScriptedDice([2, 2])).total == 1 + 6
    assert SYSTEM.initiative(twice, ScriptedDice([2, 2])).details["anticipation"] == 2 + 12
    assert apply(twice, "end_round").sheet.delayed_rounds == 1  # delays carry over
    done = apply(twice, "act_delayed").sheet
    assert (done.delayed_segments, done.delayed_rounds) == (0, 0)


# -- sprint and movement (L520-529) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("rapidite", "stationary", "walk", "run"),
    [
        (-4, 0, 0, 0),
        (-3, 0, 1, 3),
        (-1, 1, 3, 9),
        (0, 1, 4, 12),
        (2, 2, 6, 18),
        (5, 3, 9, 27),
        (6, 3, 10, 30),
    ],
)
def test_movement_columns_E13_L524_527(rapidite: int, stationary: int, walk: int, run: int) -> None:
    from ecran.systems.nephilim.round import speeds

    assert speeds(rapidite) == {"immobile": 0, "stationary": stationary, "walk": walk, "run": run}


def test_wounds_slow_the_sprint_L86_L522_L529() -> None:
    """The wound malus hits 'Agilité', which L522 uses for Rapidité: run speed and test."""
    check = SYSTEM.check("sprint")
    params = check.parse({"rapidite": 1, "skill": 0, "wound_malus": 2})
    result = check.resolve(params, ScriptedDice([4, 0]))
    assert result.details["run"] == 9  # Rapidité -1 runs 9 m/round
    assert result.total == 9 + (1 + 0 - 2 + 4)  # margin of Rapidité + skill - 2 + R vs 0
    hurt = sheet(wounds=4, characteristics={"rapidite": 1})
    assert action(hurt, "sprint")["wound_malus"] == 2


# -- attack between two sheets (L479-481, L493) -----------------------------------------------


def test_attack_params_carry_both_sheets_penalties_L86_L510() -> None:
    from ecran.systems.nephilim.encounter import attack_params

    armed = "PHYSIQUE > Combat au contact > Combat armé"
    dodge = "PHYSIQUE > Combat au contact > Esquive"
    fighter = sheet(
        characteristics={"force": 2},
        skills={"PHYSIQUE": -3, "PHYSIQUE > Combat au contact": -1, armed: 1},
        wounds=6,  # Gravement blessé: 3 on Force (L86)
        fatigue=2,  # Étourdi: 1 on everything
    )
    target = sheet(characteristics={"coordination": 1}, skills={"PHYSIQUE": -3}, round_actions=2)
    params = attack_params(fighter, target, ("force", armed), ("coordination", dodge))
    assert params == {
        "characteristic": 2,
        "skill": 1,
        "malus": 3 + 1,
        "defender_reacts": True,
        "defence_characteristic": 1,
        "defence_skill": -3,  # inherited from PHYSIQUE
        "defence_malus": 4,  # two actions this round (L510)
    }
    bare = attack_params(fighter, target, ("force", None), ("coordination", None), False)
    assert bare["malus"] == 6 + 1  # 2 x Force carries the wound malus twice (§9 A4)
    check = SYSTEM.check("attack")
    assert check.distribution(check.parse(params)).total == 1
