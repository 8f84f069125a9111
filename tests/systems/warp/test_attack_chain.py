"""The encounter's attack chain: `attacks(attacker, defender)` prefilled from both sheets, then
`damage(check, params, result, defender)` applied to the defender's tracks. The seed's gunfight
(L3117-3199) is replayed through it."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Action, Resolution
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.systems.warp.tracks import is_dying, is_out
from ecran.testing import ScriptedDice

WARP = get_system("warp")
GEAR: list[dict[str, Any]] = [
    {},
    {"weapons": ["knife", "smg_small"], "armour": ["armoured_jacket"]},
    {"weapons": ["sword", "shotgun", "taser"], "armour": ["leather", "chain_mail"]},
    {"weapons": ["assault_rifle"], "bulletproof": "military"},
    {"weapons": ["handgun_large", "crossbow"], "bulletproof": "vest"},
]


def fighter(name: str, *, dice: int = 4, agility: int = 0, **values: Any) -> WarpSheet:
    """A sheet whose combat and agility traits are given; the rest at the seed's examples."""
    central = Trait(name="Tireur d'élite", sign="Revolver", score=dice, superior=True, combat=True)
    reflexes = Trait(name="Très agile", sign="Souple", score=agility, agility=agility > 0)
    return WarpSheet.model_validate(
        {
            "name": name,
            "central": central.model_dump(),
            "secondary_1": reflexes.model_dump(),
            "secondary_2": Trait(name="Discret", sign="Terne", score=3).model_dump(),
            **values,
        }
    )


def apply(defender: WarpSheet, step: tuple[str, dict[str, Any]], seed: int = 1) -> WarpSheet:
    name, params = step
    operation = WARP.operation(name)
    change = operation.apply(defender, operation.params.model_validate(params), Roller(seed))
    assert isinstance(change.sheet, WarpSheet)
    return change.sheet


def action(actions: list[Action], check: str, **match: Any) -> Action:
    found = [
        a
        for a in actions
        if a.check == check and all(a.params.get(k, False) == v for k, v in match.items())
    ]
    assert len(found) == 1, [a.label.en for a in actions]
    return found[0]


def roll(act: Action, dice: Any, **gm: Any) -> tuple[dict[str, Any], Resolution]:
    params = {**act.params, **gm}
    check = WARP.check(act.check)
    return params, check.resolve(check.parse(params), dice)


# -- every action of random pairs --------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_random_pairs_every_attack_parses_sums_to_one_and_moves_the_tracks(seed: int) -> None:
    attacker = WARP.random_npc(Roller(seed), **GEAR[seed])
    defender = WARP.random_npc(Roller(50 + seed), **GEAR[(seed + 2) % len(GEAR)])
    attacks = WARP.attacks(attacker, defender)
    assert {a.check for a in attacks} >= {"melee", "special_effect"}
    applied = rolled = 0
    for n, act in enumerate(attacks):
        check = WARP.check(act.check)
        params = check.parse(act.params)
        odds = check.distribution(params)
        assert sum((p for _, p in odds.items()), Fraction(0)) == 1
        assert {o for o, _ in odds.items()} <= set(check.outcome_names())
        for k in range(4):
            rolled += 1
            result = check.resolve(params, Roller(1000 * seed + 10 * n + k))
            step = WARP.damage(act.check, act.params, result, defender)
            if step is None:
                assert result.outcome in ("fumble", "miss") or result.total == 0
                continue
            applied += 1
            after = apply(defender, step)
            WarpSheet.model_validate(after.model_dump())
            assert step[1]["damage"] == result.total > 0
            assert after.hp() == defender.hp() - result.total
            lost = after.temporary_damage - defender.temporary_damage
            assert lost == (result.total if result.details["temporary"] else 0)
            if act.check != "special_effect":
                assert result.outcome == result.details["target_state"]
                assert (result.outcome in ("out", "dead")) == is_out(after.hp())
                assert (result.outcome == "dead") == is_dying(after.hp(), after.max_hp)
    assert 0 < applied < rolled  # both hits and misses were seen


@pytest.mark.parametrize("seed", range(3))
def test_random_npcs_attack_with_the_weapons_their_examples_carry(seed: int) -> None:
    armed = 0
    for s in range(40 * seed, 40 * seed + 40):
        npc = WARP.random_npc(Roller(s))
        armed += bool(npc.weapons)
        for key in npc.weapons:
            assert any(a.params.get("weapon") == key for a in WARP.attacks(npc, npc))
    assert armed


# -- the seed's gunfight -----------------------------------------------------------------


def test_e19_gunfight_through_the_tracker_l3117_3165() -> None:
    """E19: the agent, a 4-dice sharpshooter with a .22 revolver, aims (bonus die) from hiding
    at 8 m: 16 against 6, (16 - 6) x 3 = 30, the armoured jacket rolls 3, halved against bullets:
    1; 29 damage bring the 22-HP character to -7: out of combat, not dead by the -max rule."""
    agent = fighter("Agent", kind="npc", weapons=["revolver_small"])
    first = fighter("Premier", max_hp=22, hp_rolled=True, armour=["armoured_jacket"])
    attacks = WARP.attacks(agent, first)
    # a revolver fires once per round (L4117-4121): no second shot on offer
    assert [a.params.get("second_shot") for a in attacks if a.check == "ranged"] == [None]
    shot = action(attacks, "ranged", weapon="revolver_small")
    assert shot.params["distance_m"] == 10  # short range of a pistol: 2 range dice, as at 8 m
    assert shot.params["armour"] == "armoured_jacket" and shot.params["target_hp"] == 22
    # the GM: he aims (bonus die), she does not see it coming (no dodge), 8 m
    params, result = roll(
        shot, ScriptedDice([1, 4, 4, 4, 4, 3, 3, 3]), attack_bonus=1, dodge_dice=0, distance_m=8
    )
    assert (result.details["attack_total"], result.details["defence_total"]) == (16, 6)
    step = WARP.damage("ranged", params, result, first)
    assert step == ("take_damage", {"damage": 29, "temporary": False})
    after = apply(first, step)
    assert after.hp() == -7 and is_out(after.hp()) and not is_dying(after.hp(), after.max_hp)


def test_e20_the_agile_runner_dodges_with_her_four_dice_l3167_3199() -> None:
    """E20: 2 range dice + 1 for moving, and 4 bonus dice for dodging ("extremely agile"):
    roll 7 keep the best 3 = 15 against 17; (17 - 15) x 3 = 6, the vest rolls 4: 6 / 4 = 1.5
    -> 2 damage."""
    agent = fighter("Agent", kind="npc", weapons=["revolver_small"])  # the same .22 revolver
    runner = fighter("Seconde", agility=4, bulletproof="vest")
    shot = action(WARP.attacks(agent, runner), "ranged", weapon="revolver_small")
    assert shot.params["dodge_dice"] == 4 and shot.params["bulletproof"] == "vest"
    dice = ScriptedDice([5, 4, 4, 4, 6, 5, 4, 1, 1, 2, 3, 4])
    params, result = roll(shot, dice, target_moving=True)
    assert dice.exhausted
    step = WARP.damage("ranged", params, result, runner)
    assert step == ("take_damage", {"damage": 2, "temporary": False})
    assert apply(runner, step).hp() == runner.max_hp - 2


def test_e19_with_serious_wounds_leaves_a_wound_l3936_4009() -> None:
    """29 damage in one hit is past the 20 of a serious wound (optional rule on)."""
    agent = fighter("Agent", kind="npc", weapons=["revolver_small"])
    first = fighter(
        "Premier", max_hp=22, hp_rolled=True, armour=["armoured_jacket"], serious_wounds_rule=True
    )
    shot = action(WARP.attacks(agent, first), "ranged", weapon="revolver_small")
    params, result = roll(
        shot, ScriptedDice([1, 4, 4, 4, 4, 3, 3, 3]), attack_bonus=1, dodge_dice=0, distance_m=8
    )
    step = WARP.damage("ranged", params, result, first)
    assert step is not None
    after = apply(first, step)
    assert len(after.serious_wounds) == 1
    assert WARP.attacks(after, agent) == []  # out of combat at -7
    rested = apply(after, ("recover", {}))  # half the loss back, rounded up (L3462-3555)
    assert rested.hp() == 8
    melee = next(a for a in WARP.attacks(rested, agent) if a.check == "melee")
    # HP <= half (L3253-3261) and the wound that heals badly (L3957-3969)
    assert melee.params["attack_penalty"] == 1 + 1


# -- misses, tasers, nothing to apply ----------------------------------------------------


def test_a_miss_or_a_tie_does_nothing_l2664_2668() -> None:
    a, b = fighter("A", dice=2), fighter("B", dice=2)
    punch = action(WARP.attacks(a, b), "melee", weapon="unarmed")
    params, tie = roll(punch, ScriptedDice([3, 4, 4, 3]))
    assert tie.outcome == "miss" and WARP.damage("melee", params, tie, b) is None
    params, low = roll(punch, ScriptedDice([1, 2, 6, 6]))
    assert low.outcome == "miss" and WARP.damage("melee", params, low, b) is None


def test_armour_that_stops_it_all_does_nothing() -> None:
    """A 1-point margin with bare hands against leather (1 point, L3216-3239)."""
    a, b = fighter("A", dice=2), fighter("B", dice=2, armour=["leather"])
    punch = action(WARP.attacks(a, b), "melee", weapon="unarmed")
    params, result = roll(punch, ScriptedDice([3, 4, 3, 3]))
    assert result.outcome == "no_damage" and WARP.damage("melee", params, result, b) is None


def test_taser_damage_is_temporary_l2405_2408() -> None:
    a = fighter("A", weapons=["taser"])
    b = fighter("B")
    zap = action(WARP.attacks(a, b), "ranged", weapon="taser")
    assert zap.params["distance_m"] == 2  # a taser's short range (L2756)
    params, result = roll(zap, ScriptedDice([6, 6, 6, 6, 1, 1, 1, 1, 1, 1]))
    step = WARP.damage("ranged", params, result, b)
    assert step is not None and step[1]["temporary"] is True
    after = apply(b, step)
    assert after.temporary_damage == step[1]["damage"] and after.damage == 0


def test_special_effect_passes_its_half_damage() -> None:
    """Half the normal damage (L3710-3730): margin 6 with bare hands -> 3."""
    a, b = fighter("A", dice=2), fighter("B", dice=2)
    tackle = action(WARP.attacks(a, b), "special_effect")
    params, result = roll(tackle, ScriptedDice([6, 6, 3, 3]))
    assert result.outcome == "effect"
    assert WARP.damage("special_effect", params, result, b) == (
        "take_damage",
        {"damage": 3, "temporary": False},
    )


def test_checks_that_are_not_attacks_do_nothing() -> None:
    result = Resolution("success", 12, {})
    assert WARP.damage("roll", {"dice": 3, "difficulty": 7}, result, fighter("B")) is None


# -- what the actions take from both sheets ----------------------------------------------


def test_modes_follow_the_rates_of_fire_l4112_4329() -> None:
    a = fighter("A", weapons=["smg_small", "handgun_small", "revolver_medium", "shotgun", "rifle"])
    by_weapon: dict[str, list[dict[str, Any]]] = {}
    for act in WARP.attacks(a, fighter("B")):
        if act.check == "ranged":
            by_weapon.setdefault(act.params["weapon"], []).append(act.params)
    modes = {
        w: sorted(p.get("burst", "second" if p.get("second_shot") else "single") for p in ps)
        for w, ps in by_weapon.items()
    }
    assert modes == {
        "smg_small": ["long_single", "long_spread", "second", "single", "three_round"],
        "handgun_small": ["second", "single"],
        "revolver_medium": ["single"],  # once per round (L4117-4121)
        "shotgun": ["single"],
        "rifle": ["single"],
    }


def test_both_sides_penalties_reach_the_attack() -> None:
    """Wounds (L3253-3261), heavy armour and an extra layer (L3049-3075) on either side."""
    attacker = fighter("A", weapons=["sword", "rifle"], armour=["leather", "chain_mail"])
    hurt = fighter("B", agility=3, max_hp=21, damage=11, armour=["chain_mail"])
    attacks = WARP.attacks(attacker, hurt)
    for act in attacks:
        assert act.params["attack_penalty"] == 2  # chain mail + the leather layer
        assert act.params["target_hp"] == 10 and act.params["target_max_hp"] == 21
    sword = action(attacks, "melee", weapon="sword")
    assert sword.params["defence_penalty"] == 1 + 1  # wounded + chain mail
    assert sword.params["defence_dice"] == 4  # "Tireur d'élite", superior: a combat trait
    rifle = action(attacks, "ranged", weapon="rifle")
    assert rifle.params["defence_penalty"] == 2 and rifle.params["dodge_dice"] == 3


def test_ranged_defence_penalty_lowers_the_defence() -> None:
    ranged = WARP.check("ranged")
    base = {"attack_dice": 3, "weapon": "handgun_small", "distance_m": 8, "dodge_dice": 2}
    free = ranged.distribution(ranged.parse(base)).probability("miss")
    slowed = ranged.distribution(ranged.parse({**base, "defence_penalty": 1})).probability("miss")
    assert slowed < free


def test_sheet_ranged_action_carries_the_heavy_armour_penalty_l3049_3055() -> None:
    armoured = fighter("A", bulletproof="military")
    ranged = next(a for a in WARP.actions(armoured) if a.check == "ranged")
    assert ranged.params["attack_penalty"] == 1


def test_better_weapon_against_bare_hands_l3779_3815() -> None:
    armed = fighter("A", weapons=["knife"])
    knife_vs_hands = action(WARP.attacks(armed, fighter("B")), "melee", weapon="knife")
    assert knife_vs_hands.params["better_weapon"] is True
    knife_vs_sword = action(
        WARP.attacks(armed, fighter("B", weapons=["sword"])), "melee", weapon="knife"
    )
    assert knife_vs_sword.params["better_weapon"] is False
    hands = action(WARP.attacks(armed, fighter("B")), "melee", weapon="unarmed")
    assert hands.params["better_weapon"] is False


def test_out_of_combat_makes_no_attack_l3273_3361() -> None:
    down = fighter("A", damage=14)
    assert WARP.attacks(down, fighter("B")) == []


def test_npc_attacks_are_never_predictable_l2829_2873() -> None:
    npc = fighter("A", kind="npc")
    act = action(WARP.attacks(npc, fighter("B")), "melee", weapon="unarmed")
    assert act.params["attacker_is_npc"] is True
    with pytest.raises(ValueError):
        WARP.check("melee").parse({**act.params, "predictable": True})


# -- initiative, creation ----------------------------------------------------------------


def test_initiative_rolls_the_agility_trait_without_tie_break_l2520_2538() -> None:
    agile = fighter("A", dice=0, agility=4).model_copy(
        update={"central": Trait(name="Mannequin", sign="Podium", score=4, superior=True)}
    )
    result = WARP.initiative(agile, Roller(3))
    assert result.details["dice"] == 4
    assert "tie_break" not in result.details  # the seed breaks no ties


def test_new_character_is_legal() -> None:
    assert WARP.validate(WARP.new_character("Zoé")) == []


def test_guided_creation_with_every_default_is_legal(
    cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ecran.cli import characters

    monkeypatch.setattr(characters, "_interactive", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("Zoé\n" + "\n" * 200))
    result = cli("character", "new", "warp")
    assert result.code == 0, result.err
    sheet = WarpSheet.model_validate(json.loads(result.out[result.out.index("{") :]))
    assert sheet.name == "Zoé" and WARP.validate(sheet) == []
    assert "damage" not in (WARP.creation_fields or ())


def test_unknown_gear_is_refused_in_one_line() -> None:
    from ecran.rules import EcranError

    with pytest.raises(EcranError):
        WARP.random_npc(Roller(1), weapons=["bazooka"])
