"""The encounter tracker's attack chain for Nephilim: attacks(attacker, defender) prefilled
from both sheets, and damage(check, params, result, defender) applied to the wound track
(seed L72-88 tracks, L455 score, L479-481 opposed tests, L493 parry/dodge, L510 several
actions, L541 weapon damage: heading only, so damage is a labelled house rule)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from ecran.dice import Distribution, Roller, enumerate_outcomes
from ecran.engine import get_system
from ecran.rules import Resolution
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.testing import ScriptedDice
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("nephilim")
ATTACK = SYSTEM.check("attack")
FACES = (0, 1, 2, 2, 3, 4)
UNARMED = "PHYSIQUE > Combat au contact > Combat à mains nues"
ARMED = "PHYSIQUE > Combat au contact > Combat armé"
DODGE = "PHYSIQUE > Combat au contact > Esquive"
FIREARMS = "PHYSIQUE > Combat à distance > Armes à feu"


sheet = Helpers(SYSTEM).sheet


def pair(seed: int) -> tuple[NephilimSheet, NephilimSheet]:
    a = SYSTEM.random_npc(Roller(seed))
    d = SYSTEM.random_npc(Roller(seed + 1000))
    assert isinstance(a, NephilimSheet) and isinstance(d, NephilimSheet)
    return a, d


def by_label(actions: list[Any], start: str) -> dict[str, Any]:
    return next(a.params for a in actions if a.label.fr.startswith(start))


def hit(params: dict[str, Any], dice: list[int]) -> Resolution:
    """Roll the attack with the dice in that order: attacker's D, D, then the defender's."""
    return ATTACK.resolve(ATTACK.parse(params), ScriptedDice(dice))


def wound_boxes_walked(params: Any) -> Distribution[int]:
    """The law of the wound boxes one attack checks, walked over every way the dice fall."""
    return enumerate_outcomes(lambda dice: int(ATTACK.resolve(params, dice).details["wound_boxes"]))


def apply(defender: NephilimSheet, step: tuple[str, dict[str, Any]], seed: int) -> NephilimSheet:
    operation = SYSTEM.operation(step[0])
    changed = operation.apply(defender, operation.params.model_validate(step[1]), Roller(seed))
    new = changed.sheet
    assert isinstance(new, NephilimSheet)
    return new


# -- random pairs: every action parses, odds are exact, the chain moves the track ---------------


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8, 13, 21, 34])
def test_every_attack_parses_and_its_odds_sum_to_one(seed: int) -> None:
    attacker, defender = pair(seed)
    actions = SYSTEM.attacks(attacker, defender)
    assert actions, "anyone in the fight can at least punch or swing a club"
    for action in actions:
        assert action.check == "attack"
        params = ATTACK.parse(action.params)
        assert sum(p for _, p in ATTACK.distribution(params).items()) == 1
        boxes = wound_boxes_walked(params)
        assert sum(p for _, p in boxes.items()) == 1
        assert boxes.probability(0) >= 1 - ATTACK.distribution(params).probability("win")


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8, 13, 21, 34])
def test_roll_then_damage_moves_the_wound_track_by_the_margin(seed: int) -> None:
    attacker, defender = pair(seed)
    roller = Roller(seed)
    for n, action in enumerate(SYSTEM.attacks(attacker, defender)):
        result = ATTACK.resolve(ATTACK.parse(action.params), roller)
        step = SYSTEM.damage("attack", action.params, result, defender)
        d = result.details
        # Independent of the code under test: the margin from the dice the roll recorded.
        own = d["score"] + d["dice"][0] - d["dice"][1]
        other = d["opponent_score"] + (
            d["opponent_dice"][0] - d["opponent_dice"][1] if "opponent_dice" in d else 0
        )
        landed = own > other if action.params["defender_reacts"] else own >= other
        expected = max(0, own - other - defender.armour) if landed else 0
        if expected == 0:
            assert step is None
            continue
        assert step is not None
        new = apply(defender, step, seed * 100 + n)
        NephilimSheet.model_validate(new.model_dump())
        assert new.wounds == min(10, defender.wounds + expected)
        assert SYSTEM.validate(new) == SYSTEM.validate(defender)  # wounds are play state


def test_a_miss_a_dodge_and_a_tie_do_nothing_L481_A15() -> None:
    params = {"characteristic": 1, "skill": 0, "defence_characteristic": 1, "defence_skill": 0}
    dodged = hit(params, [0, 4, 4, 0])  # 1 − 4 = −3 against 1 + 4 = 5
    assert dodged.outcome == "loss"
    assert SYSTEM.damage("attack", params, dodged, sheet()) is None
    tie = hit(params, [2, 2, 3, 3])
    assert tie.outcome == "tie"
    assert SYSTEM.damage("attack", params, tie, sheet()) is None
    unopposed = {"characteristic": 0, "skill": -2, "defender_reacts": False, "difficulty": 0}
    missed = hit(unopposed, [0, 1])
    assert missed.outcome == "loss"
    assert SYSTEM.damage("attack", unopposed, missed, sheet()) is None


def test_other_checks_do_no_damage() -> None:
    result = SYSTEM.check("test").resolve(
        SYSTEM.check("test").parse({"characteristic": 3, "difficulty": 0}), Roller(1)
    )
    assert SYSTEM.damage("test", {}, result, sheet()) is None


# -- the attack's params come from both sheets -----------------------------------------------


def test_both_sides_penalties_prefill_the_attack_E4_L86_E11_L510() -> None:
    # Attacker: Gravement blessé (6 boxes, malus 3 on Force, L86), Étourdi (2 boxes, malus 1 on
    # everything, L86), two actions declared (malus 4 on each, L510): 3 + 1 + 4.
    attacker = sheet(characteristics={"force": 2}, wounds=6, fatigue=2, round_actions=2)
    # Defender: Blessé (4 boxes, malus 2 on Rapidité, the dodge's characteristic).
    defender = sheet(characteristics={"rapidite": 1}, wounds=4, armour=1)
    params = by_label(SYSTEM.attacks(attacker, defender), "Combat à mains nues (Force) contre")
    assert params["characteristic"] == 2 and params["skill"] == -4
    assert params["malus"] == 8
    assert params["defence_characteristic"] == 1 and params["defence_skill"] == -4
    assert params["defence_malus"] == 2
    assert params["armour"] == 1


def test_no_skill_is_still_a_skill_score_so_the_wound_malus_counts_once_A25_A4() -> None:
    # No skill at all is still a skill score (−4, L97): the sheet never tests 2 × Force here,
    # so the wound malus counts once even under the per-characteristic reading.
    attacker = sheet(wounds=6)
    params = by_label(SYSTEM.attacks(attacker, sheet()), "Combat à mains nues")
    assert params["skill"] == -4 and params["malus"] == 3


def test_the_defender_opposes_his_best_defence_L493() -> None:
    fencer = sheet(
        characteristics={"coordination": 2, "rapidite": -1},
        skills={
            "PHYSIQUE": -3,
            "PHYSIQUE > Combat au contact": -1,
            ARMED: 1,
        },
    )
    attacks = SYSTEM.attacks(sheet(), fencer)
    parry = by_label(attacks, "Combat armé (Coordination) contre parade armée (Coordination)")
    assert (parry["defence_characteristic"], parry["defence_skill"]) == (2, 1)
    # Nobody parries a bullet: firearms only meet a dodge (a reading, data/combat.toml).
    gunman = sheet(skills={"PHYSIQUE": -3})
    shot = by_label(SYSTEM.attacks(gunman, fencer), "Armes à feu (Dextérité) contre esquive")
    assert (shot["defence_characteristic"], shot["defence_skill"]) == (-1, -1)


def test_ranged_attacks_need_some_knowledge_of_the_weapon_L97() -> None:
    labels = [a.label.fr for a in SYSTEM.attacks(sheet(), sheet())]
    assert not any("Armes" in label for label in labels)
    assert any(label.startswith("Combat à mains nues") for label in labels)
    assert any(label.startswith("Combat armé") for label in labels)
    trained = [a.label.fr for a in SYSTEM.attacks(sheet(skills={"PHYSIQUE": -3}), sheet())]
    assert sum(label.startswith("Armes à feu") for label in trained) == 2


def test_the_gm_s_pairing_on_the_sheet_picks_the_characteristic_L455() -> None:
    attacker = sheet(
        characteristics={"coordination": 1, "dexterite": 3},
        skill_characteristics={ARMED: "dexterite"},
    )
    params = by_label(SYSTEM.attacks(attacker, sheet()), "Combat armé (Dextérité) contre")
    assert params["characteristic"] == 3


def test_nephilim_attack_with_meta_characteristics_L49_70() -> None:
    # Ka-Feu 31 gives +3 on Force (meta bonus 31-50, L63-70).
    nephilim = sheet(nature="nephilim", characteristics={"force": 1}, ka={"feu": 31})
    params = by_label(SYSTEM.attacks(nephilim, sheet()), "Combat à mains nues")
    assert params["characteristic"] == 4


def test_out_of_the_fight_L77_88() -> None:
    dead, unconscious = sheet(wounds=10), sheet(fatigue=10)
    assert SYSTEM.attacks(dead, sheet()) == []
    assert SYSTEM.attacks(unconscious, sheet()) == []
    against = SYSTEM.attacks(sheet(), unconscious)
    assert against and all(a.params["defender_reacts"] is False for a in against)


def test_each_mode_also_comes_without_reaction_for_an_earlier_segment_E10_L499_506() -> None:
    # E10: Birkul (+3) against Alesym (−2) acts in an earlier segment 42.44 % of the time and
    # Alesym cannot react then; Alesym never gets that chance. The tracker then rolls the
    # attack without reaction, against the GM's difficulty.
    duel = SYSTEM.check("duel_segments")
    birkul = duel.distribution(duel.parse({"initiative": 3, "opponent_initiative": -2}))
    alesym = duel.distribution(duel.parse({"initiative": -2, "opponent_initiative": 3}))
    assert round(float(birkul.probability("first")) * 100, 2) == 42.44
    assert alesym.probability("first") == 0
    actions = SYSTEM.attacks(sheet(), sheet())
    opposed = [a for a in actions if a.params["defender_reacts"]]
    alone = [a for a in actions if not a.params["defender_reacts"]]
    assert len(opposed) == len(alone)
    assert all(a.params["difficulty"] == 0 for a in alone)  # average action (L452)


# -- damage: margin (house rule), weapon (GM), armour ------------------------------------------


def test_a_blow_checks_one_box_per_point_of_margin_then_the_track_reads_L77_79() -> None:
    defender = sheet(wounds=6)  # Gravement blessé
    params = by_label(SYSTEM.attacks(sheet(), defender), "Combat à mains nues (Force) contre")
    # −4 + 4 = 0 against −4 − 3 (his wounds hit Rapidité, the dodge's) − 2 = −9: margin 9
    result = hit(params, [4, 0, 0, 2])
    assert result.outcome == "win" and result.details["wound_boxes"] == 9
    step = SYSTEM.damage("attack", params, result, defender)
    assert step == ("take_wounds", {"damage": 9, "ignore_armour": True})
    new = apply(defender, step, 1)
    assert new.wounds == 10  # clamped: Mort (box 10, pairs reading)
    assert SYSTEM.attacks(new, sheet()) == []


def test_incapacity_follows_a_blow_and_asks_its_round_check_E5_L88() -> None:
    defender = sheet(wounds=6)
    params = by_label(SYSTEM.attacks(sheet(), defender), "Combat à mains nues (Force) contre")
    result = hit(params, [2, 2, 1, 0])  # −4 + 0 against −4 − 3 (wounds) + 1 = −6: margin 2
    step = SYSTEM.damage("attack", params, result, defender)
    assert step is not None
    new = apply(defender, step, 1)
    assert new.wounds == 8
    assert "incapacity_check" in [a.check for a in SYSTEM.actions(new)]


def test_armour_is_taken_off_once_and_weapon_boxes_add() -> None:
    defender = sheet(armour=2)
    params = by_label(SYSTEM.attacks(sheet(), defender), "Combat armé (Coordination) contre")
    result = hit(params, [4, 0, 0, 1])  # margin 5, armour 2
    step = SYSTEM.damage("attack", params, result, defender)
    assert step == ("take_wounds", {"damage": 3, "ignore_armour": True})
    assert apply(defender, step, 1).wounds == 3
    heavy = {**params, "weapon_boxes": 2}
    assert hit(heavy, [4, 0, 0, 1]).details["wound_boxes"] == 5
    weapon_only = {**heavy, "margin_wounds": False}
    assert hit(weapon_only, [4, 0, 0, 1]).details["wound_boxes"] == 0  # 2 − armour 2
    stopped = hit(params, [2, 0, 0, 0])  # margin 2, all of it stopped by the armour
    assert stopped.outcome == "win"
    assert SYSTEM.damage("attack", params, stopped, defender) is None


def test_unopposed_blow_that_just_reaches_the_difficulty_needs_a_weapon_L458() -> None:
    params = {"characteristic": 0, "skill": 0, "defender_reacts": False, "difficulty": 0}
    reached = hit(params, [2, 2])
    assert reached.outcome == "win" and reached.details["wound_boxes"] == 0
    assert SYSTEM.damage("attack", params, reached, sheet()) is None
    armed = {**params, "weapon_boxes": 1}
    assert SYSTEM.damage("attack", armed, hit(armed, [2, 2]), sheet()) == (
        "take_wounds",
        {"damage": 1, "ignore_armour": True},
    )


def test_a_result_without_recorded_boxes_is_recomputed_from_its_margin() -> None:
    params = {"characteristic": 1, "skill": 0, "armour": 1}
    old = Resolution("win", total=3, details={"margin": 3})
    assert SYSTEM.damage("attack", params, old, sheet()) == (
        "take_wounds",
        {"damage": 2, "ignore_armour": True},
    )


def test_wound_distribution_is_exact_against_every_die() -> None:
    params = {
        "characteristic": 1,
        "skill": 0,
        "defence_characteristic": 0,
        "defence_skill": -1,
        "armour": 1,
        "weapon_boxes": 1,
    }
    expected: dict[int, Fraction] = {}
    for a, b, c, d in product(FACES, repeat=4):
        margin = (1 + a - b) - (-1 + c - d)
        boxes = max(0, min(10, 1 + margin - 1)) if margin > 0 else 0
        expected[boxes] = expected.get(boxes, Fraction(0)) + Fraction(1, 6**4)
    dist = wound_boxes_walked(ATTACK.parse(params))
    assert dict(dist.items()) == {k: v for k, v in expected.items() if v}


def test_attack_rolls_agree_with_odds() -> None:
    attacker, defender = pair(3)
    action = SYSTEM.attacks(attacker, defender)[0]
    assert_rolls_match_odds("nephilim", "attack", action.params, n=3000)


# -- guided creation asks no play state ----------------------------------------------------------


def test_creation_asks_the_character_not_the_fight() -> None:
    asked = set(SYSTEM.creation_fields or ())
    assert {"characteristics", "ka", "skills", "armour"} <= asked
    assert not asked & {"wounds", "fatigue", "stasis_bonus", "round_actions", "delayed_rounds"}
    assert asked <= set(NephilimSheet.model_fields)


def test_cli_odds_take_the_damage_params(cli: Any) -> None:
    r = cli(
        "odds",
        "nephilim",
        "attack",
        "--characteristic",
        "1",
        "--armour",
        "1",
        "--weapon-boxes",
        "2",
        "--no-margin-wounds",
        "--json",
    )
    assert r.code == 0, r.err
    data = r.json()
    assert data["params"]["weapon_boxes"] == 2 and data["params"]["margin_wounds"] is False
    bad = cli("odds", "nephilim", "attack", "--characteristic", "1", "--armour", "11")
    assert bad.code == 2 and "\n" not in bad.err.strip()
