"""The encounter's attack chain for organique: `attacks` prefilled from both sheets and
`damage` mapping a landed action to an operation on the defender, replayed on the chapter's
two worked fights (L3714-3838, L3841-4118); and guided creation with every default."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Action, Resolution
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.testing import ScriptedDice

SYSTEM = get_system("organique")


def fighter(name: str, stats: dict[str, int], **update: Any) -> OrganiqueSheet:
    base = SYSTEM.new_character(name).model_dump()
    base["characteristics"].update(stats)
    base["endurance"] = base["characteristics"]["END"]
    base.update(update)
    return OrganiqueSheet.model_validate(base)


def health(sng: float, cps: float, inc: float) -> dict[str, float]:
    return {"sng_max": sng, "cps_max": cps, "inc_max": inc, "sng": sng, "cps": cps, "inc": inc}


def offered(attacker: OrganiqueSheet, defender: OrganiqueSheet, label: str) -> Action:
    return next(a for a in SYSTEM.attacks(attacker, defender) if a.label.fr == label)


def roll(action: Action, dice: Any, **changes: Any) -> tuple[dict[str, Any], Resolution]:
    check = SYSTEM.check(action.check)
    params = check.parse({**action.params, **changes})
    return params.model_dump(), check.resolve(params, dice)


def apply(
    defender: OrganiqueSheet, check: str, params: dict[str, Any], result: Resolution, dice: Any
) -> tuple[OrganiqueSheet, Any]:
    effect = SYSTEM.damage(check, params, result, defender)
    assert effect is not None
    name, values = effect
    op = SYSTEM.operation(name)
    change = op.apply(defender, op.params.model_validate(values), dice)
    assert isinstance(change.sheet, OrganiqueSheet)
    return change.sheet, change


# -- random pairs ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_every_attack_of_random_npcs_parses_and_its_odds_sum_to_one(seed: int) -> None:
    attacker = SYSTEM.random_npc(Roller(seed))
    defender = SYSTEM.random_npc(Roller(seed + 100))
    actions = SYSTEM.attacks(attacker, defender)
    # Every NPC carries one damaging weapon, and everyone can sweep and tackle.
    assert len(actions) >= 3
    for action in actions:
        check = SYSTEM.check(action.check)
        dist = check.distribution(check.parse(action.params))
        assert sum(dist.probability(o) for o in check.outcome_names()) == 1
        assert dist.residual == 0


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16])
def test_rolled_attacks_of_random_npcs_leave_legal_sheets(seed: int) -> None:
    attacker = SYSTEM.random_npc(Roller(seed))
    defender = SYSTEM.random_npc(Roller(seed + 100))
    for i, action in enumerate(SYSTEM.attacks(attacker, defender)):
        params, result = roll(action, Roller(seed * 1000 + i))
        effect = SYSTEM.damage(action.check, params, result, defender)
        if result.outcome in ("miss", "defended"):
            assert effect is None
            continue
        assert effect is not None
        name, values = effect
        op = SYSTEM.operation(name)
        after = op.apply(defender, op.params.model_validate(values), Roller(seed)).sheet
        OrganiqueSheet.model_validate(after.model_dump())
        assert SYSTEM.validate(after) == []
        before_h, after_h = defender.health, after.health
        # L541-613: nothing in combat heals; blood lost past SNG 0 comes off INC.
        assert after_h.sng <= before_h.sng and after_h.cps <= before_h.cps
        assert after_h.inc <= before_h.inc


def test_a_miss_and_a_defended_attack_do_nothing_L2809_2816() -> None:
    rusty = fighter("Rusty", {}, weapons=[{"name": "Couteau de chasse", "reach": "0-1", "bs": 2.5}])
    juanita = fighter("Juanita", {})
    strike = offered(rusty, juanita, "Frapper (Couteau de chasse)")
    for faces in ((1, 20), (12, 20)):
        params, result = roll(strike, ScriptedDice(*faces))
        assert result.outcome in ("miss", "defended")
        assert SYSTEM.damage("attack", params, result, juanita) is None


def test_nobody_out_of_the_fight_attacks_or_reacts_L331_336_L614_635() -> None:
    out = fighter("Out", {}, health=health(0, 4, 0) | {"sng_max": 4, "inc_max": 4})
    sleeper = fighter("Sleeper", {}, conditions=["unconscious"])
    foe = fighter("Foe", {}, weapons=[{"name": "Lance", "reach": "2", "bs": 2.5}])
    assert SYSTEM.attacks(out, foe) == []
    assert SYSTEM.attacks(sleeper, foe) == []
    assert all(a.params["reaction"] == "none" for a in SYSTEM.attacks(foe, sleeper))


def test_a_wreck_still_gets_attacks_that_parse_L512_529_L2869_2960() -> None:
    """Suffering 60 with blind, vomiting, prone, leaning and all-out recovery is −123 to
    actions: past the check's −100, where only a natural 20 succeeds either way."""
    wreck = fighter(
        "W",
        {},
        suffering=60,
        conditions=["blind", "vomiting", "prone", "leaning", "all_out_recovery"],
        weapons=[{"name": "Lance", "reach": "2", "bs": 2.5}],
    )
    for action in SYSTEM.attacks(wreck, wreck):
        check = SYSTEM.check(action.check)
        assert action.params["modifier"] == -100
        assert action.params["defender_modifier"] == -100
        odds = check.distribution(check.parse(action.params))
        assert odds.probability("miss") == Fraction(19, 20)


# -- the simple fight: Rusty and Juanita (L3714-3838) ----------------------------------------


def rusty() -> OrganiqueSheet:
    """L3719-3722, with the FOR 14 the example rolls (reading A12: it is his VIT)."""
    knife = {"name": "Couteau de chasse", "reach": "0-1", "bs": 2.5}
    stats = {"PER": 12, "AGI": 8, "INT": 10, "VIT": 14, "FOR": 14, "VOL": 7}
    return fighter("Rusty", stats, health=health(3, 5, 4), weapons=[knife])


def juanita() -> OrganiqueSheet:
    """L3724-3727 (her Kickboxing is left out, so her best reaction is the dodge she chose)."""
    stats = {"PER": 8, "AGI": 10, "INT": 13, "VIT": 16, "FOR": 4, "VOL": 8}
    return fighter("Juanita", stats, health=health(4, 4, 4))


def test_rusty_split_knife_strike_costs_juanita_2_5_sng_L3738_3763() -> None:
    """FOR 14 + AGI 8 − 10 (split) + 15 = 27 (MR 2) against her dodge PER 8 + AGI 10 + 8 = 26
    (MR 1): the knife's 2.5 bs come off her blood, SNG 4 → 1.5."""
    strike = offered(rusty(), juanita(), "Frapper (Couteau de chasse)")
    assert strike.params["characteristics"] == 22
    assert strike.params["reaction"] == "dodge"
    assert strike.params["defender_characteristics"] == 18
    params, result = roll(strike, ScriptedDice(15, 8), split=True)
    assert (result.details["margin"], result.details["defender_margin"]) == (2, 1)
    after, _ = apply(juanita(), "attack", params, result, ScriptedDice())
    assert (after.health.sng, after.health.cps, after.health.inc) == (1.5, 4, 4)


def test_rusty_counter_takes_juanita_past_sng_0_into_inc_L3811_3825() -> None:
    """Rusty's simultaneous knife (MR 5) on Juanita at SNG 1: 2.5 bs → SNG 0, INC 4 → 2.5."""
    hurt = juanita().model_copy(update={"health": juanita().health.model_copy(update={"sng": 1})})
    strike = offered(rusty(), hurt, "Frapper (Couteau de chasse)")
    # The example gives no −20 + VOL (reading A13); a plain roll reproduces its MR 5.
    params, result = roll(strike, ScriptedDice(8), reaction="none")
    assert result.details["margin"] == 5
    after, change = apply(hurt, "attack", params, result, ScriptedDice())
    assert (after.health.sng, after.health.inc) == (0, 2.5)
    assert "mortellement" in change.summary.fr


# -- the complicated fight (L3841-4118) ------------------------------------------------------


def raul(**update: Any) -> OrganiqueSheet:
    """L3846-3851 (the riot shield is not on the sheet model: its +10 is a GM modifier)."""
    sword = {"name": "Tech Sword", "reach": "1-2", "bs": 6, "ap": 8}
    stats = {"PER": 14, "AGI": 6, "END": 4, "INT": 16, "VIT": 9, "FOR": 3, "VOL": 15}
    return fighter("Raul", stats, health=health(5, 3, 4), weapons=[sword], **update)


def hammerhead() -> OrganiqueSheet:
    """L3869-3877 with the 2 bs + 3 bs of protection the example counts (reading A15)."""
    stats = {"PER": 6, "AGI": 10, "END": 13, "INT": 7, "VIT": 13, "FOR": 17, "VOL": 14}
    armour = [
        {"name": "Nanopadded Armor", "coverage": 10, "bs": 2, "c": 2},
        {"name": "Cotte de nano-mailles", "coverage": 7, "bs": 3, "c": 1},
    ]
    return fighter("Hammerhead", stats, health=health(2, 4, 6), armour=armour)


def ying(**update: Any) -> OrganiqueSheet:
    stats = {"PER": 6, "AGI": 14, "END": 8, "INT": 12, "VIT": 5, "FOR": 7, "VOL": 18}
    return fighter("Ying", stats, **{"health": health(4, 4, 4), **update})


def tyra() -> OrganiqueSheet:
    spear = {"name": "Lance", "reach": "2", "bs": 2.5}
    stats = {"PER": 17, "AGI": 12, "END": 7, "INT": 6, "VIT": 12, "FOR": 8, "VOL": 12}
    skill = {"name": "Combat de rue", "level": 1, "modifiers": {"stun": 4, "disable": 4}}
    return fighter("Tyra", stats, health=health(3, 4, 3), weapons=[spear], combat_skills=[skill])


def test_raul_tech_sword_through_hammerheads_two_armours_L3973_3990() -> None:
    """All-out strike FOR 3 + AGI 6 + 4 (the sword's easy strike) + 5 + d20 against 25 → MR 4,
    Hammerhead's simultaneous disarm failed (no reaction). MR 4 hits both layers; AP 8 against
    2 + 3 bs lets 3 bs through: SNG 2 → 0, INC 6 → 5."""
    strike = offered(raul(), hammerhead(), "Frapper (Tech Sword)")
    assert strike.params["weapon_label"] == "easy"
    assert strike.params["coverage"] == 10
    assert (strike.params["weapon_bs"], strike.params["weapon_ap"]) == (6, 8)
    params, result = roll(strike, ScriptedDice(11), all_out=True, reaction="none")
    assert (result.details["margin"], result.outcome) == (4, "armour")
    after, _ = apply(hammerhead(), "attack", params, result, ScriptedDice())
    assert (after.health.sng, after.health.inc) == (0, 5)
    assert after.battle_bs == 3


def test_tyra_easy_hit_halves_the_spear_on_ying_L3991_4002() -> None:
    """INT 6 + AGI 14 (as written, reading A12) + 5 − 10 + d20 against 20 → MR 7; Ying's leap
    fails; half of 2.5 bs, rounded down to the half point (reading A25), is 1: SNG 3 → 2."""
    poisoned = ying(health=health(4, 4, 4) | {"sng": 3})
    easy = offered(tyra(), poisoned, "Mouliner / attaque facile (Lance)")
    leap = {"reaction": "leap", "defender_characteristics": 19, "defender_modifier": -7}
    params, result = roll(
        easy, ScriptedDice(12, 2), characteristics=20, all_out=True, split=True, **leap
    )
    assert result.details["margin"] == 7 and result.outcome == "hit"
    after, _ = apply(poisoned, "attack", params, result, ScriptedDice())
    assert after.health.sng == 2


def test_tyra_stun_on_ying_held_by_his_pain_save_L3913_3924() -> None:
    """Stun MR 8 against his leap MR 2 lands; VOL 18 + 13 against 20 is MR 11 > 8: he keeps his
    action, and the stun costs no blood (Ying's SNG tally, L3945-3947)."""
    stun = offered(tyra(), ying(), "Étourdir (Lance)")
    # The list's INT + AGI (reading A11) plus her Street fighting +4.
    assert (stun.params["characteristics"], stun.params["modifier"]) == (18, 4)
    result = Resolution("hit", 33, {"margin": 8})
    after, change = apply(ying(), "attack", stun.params, result, ScriptedDice(13))
    assert change.resolution.outcome == "no_effect"
    assert after.health == ying().health


def test_tyra_stun_costs_raul_his_next_action_L4066_4083() -> None:
    """All-out stun MR 12; Raul's save VOL 15 + 14 against 20 is MR 9, 3 short of 12: he loses
    his next action only."""
    stun = offered(tyra(), raul(), "Étourdir (Lance)")
    result = Resolution("hit", 37, {"margin": 12})
    _, change = apply(raul(), "attack", stun.params, result, ScriptedDice(14))
    assert change.resolution.outcome == "loses_action"
    assert change.resolution.details["short_by"] == 3
    # The tracker puts the lost action on Raul for one round.
    assert [(p.label.fr, p.rounds) for p in change.conditions] == [("perd sa prochaine action", 1)]


def test_hammerhead_knocks_raul_out_for_9_rounds_L4084_4099() -> None:
    """Knock-out MR 9; Raul's opposed save VOL 15 + END (currently 1) + 5 against 20 is MR 1:
    unconscious for 9 rounds, then offers no attack and no reaction."""
    punch = {"name": "Coup de poing (Hammerhead)", "reach": "1", "c": 2}
    hammer = hammerhead().model_copy(
        update={
            "weapons": [OrganiqueSheet.model_validate({"name": "x", "weapons": [punch]}).weapons[0]]
        }
    )
    tired = raul(endurance=1)
    knockout = offered(hammer, tired, "Assommer (Coup de poing (Hammerhead))")
    assert knockout.params["characteristics"] == 27
    result = Resolution("hit", 39, {"margin": 9})
    after, change = apply(tired, "attack", knockout.params, result, ScriptedDice(5))
    assert change.resolution.details["rounds"] == 9
    assert "unconscious" in after.conditions
    assert [(p.label.fr, p.rounds) for p in change.conditions] == [("Inconscient", 9)]
    assert after.health == tired.health
    assert SYSTEM.attacks(after, hammer) == []
    assert all(a.params["reaction"] == "none" for a in SYSTEM.attacks(hammer, after))


def test_thrown_dagger_absorbed_by_tyras_junk_armour_L3898_3906() -> None:
    """Ying's dagger: AGI 14 + INT 12 + 12 (skill) − 10 (5 m) + 5 = 33 → MR 8 ≤ coverage 8:
    the junk armour's 5 bs stop the dagger's 2 bs."""
    daggers = {"name": "Dague de lancer", "reach": "incrément 0,5 m, max 6 m", "bs": 2}
    skill = {"name": "Couteaux de lance", "level": 3, "modifiers": {"shoot": 4}}
    thrower = ying(weapons=[daggers], combat_skills=[skill])
    junk = {"name": "Armure de détritus", "coverage": 8, "bs": 5, "c": 4}
    target = tyra().model_copy(
        update={
            "armour": [OrganiqueSheet.model_validate({"name": "x", "armour": [junk]}).armour[0]]
        }
    )
    shoot = offered(thrower, target, "Tirer (Dague de lancer)")
    assert shoot.params["modifier"] == 12 and shoot.params["coverage"] == 8
    params, result = roll(shoot, ScriptedDice(5), range_increments=10, reaction="none")
    assert (result.details["margin"], result.outcome) == (8, "armour")
    after, _ = apply(target, "attack", params, result, ScriptedDice())
    assert after.health == target.health


# -- the other effects, from the action texts ------------------------------------------------


def test_slash_wounds_half_a_point_and_pains_by_the_attackers_mr_L3243_3258() -> None:
    slasher = fighter("S", {}, weapons=[{"name": "Lance", "reach": "2", "bs": 2.5}])
    victim = fighter("V", {"VOL": 5})
    slash = offered(slasher, victim, "Taillader (Lance)")
    result = Resolution("hit", 31, {"margin": 6})
    after, change = apply(victim, "attack", slash.params, result, ScriptedDice(3))
    assert after.health.sng == victim.health.sng - 0.5
    assert after.suffering == 6 and change.resolution.outcome == "suffering"


def test_slash_stopped_by_armour_has_no_effect_L695_698_L711_722() -> None:
    slasher = fighter("S", {}, weapons=[{"name": "Lance", "reach": "2", "bs": 2.5}])
    jacket = [{"name": "Blouson de cuir", "coverage": 7, "bs": 2}]
    victim = fighter("V", {"VOL": 5}, armour=jacket)
    slash = offered(slasher, victim, "Taillader (Lance)")
    after, change = apply(
        victim, "attack", slash.params, Resolution("armour", 30, {"margin": 5}), ScriptedDice()
    )
    assert after.health == victim.health and after.suffering == 0
    assert change.resolution.outcome == "absorbed"


def test_sweep_puts_the_victim_down_with_no_save_L3178_3192() -> None:
    a, v = fighter("A", {}), fighter("V", {})
    sweep = offered(a, v, "Balayer")
    after, _ = apply(
        v, "attack", sweep.params, Resolution("hit", 35, {"margin": 5}), ScriptedDice()
    )
    assert after.conditions == ["prone"]


def test_tackle_opposed_balance_ties_to_the_defender_L3308_3320() -> None:
    """AGI 10 + 15 against 20 is MR 5: it matches the tackle's MR 5 (stays up), not MR 6."""
    a, v = fighter("A", {}), fighter("V", {})
    tackle = offered(a, v, "Tacler / plaquer")
    up, _ = apply(
        v, "attack", tackle.params, Resolution("hit", 25, {"margin": 5}), ScriptedDice(15)
    )
    down, _ = apply(
        v, "attack", tackle.params, Resolution("hit", 26, {"margin": 6}), ScriptedDice(15)
    )
    assert (up.conditions, down.conditions) == ([], ["prone"])
    assert up.health == v.health


def test_push_needs_2_c_and_deals_1_c_then_a_balance_save_L3158_3175() -> None:
    club = {"name": "Batte", "reach": "1", "c": 2}
    pusher = fighter("P", {}, weapons=[club])
    victim = fighter("V", {"AGI": 3})
    names = [a.label.fr for a in SYSTEM.attacks(pusher, victim)]
    assert "Repousser (Batte)" in names
    light = fighter("L", {}, weapons=[{"name": "Matraque", "reach": "1", "c": 1.5}])
    assert "Repousser (Matraque)" not in [a.label.fr for a in SYSTEM.attacks(light, victim)]
    push = offered(pusher, victim, "Repousser (Batte)")
    after, change = apply(
        victim, "attack", push.params, Resolution("hit", 30, {"margin": 3}), ScriptedDice(10)
    )
    assert after.health.cps == victim.health.cps - 1
    assert after.conditions == ["prone"] and "3" in change.summary.fr


# -- creation --------------------------------------------------------------------------------


def test_new_character_is_legal_and_guided_creation_asks_no_play_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`ecran character new organique` in a terminal, pressing Enter at every question."""
    import typer

    from ecran.cli.characters import guided

    def prompt(text: str, default: Any = None, **_: Any) -> Any:
        return "Ana" if default is None else default

    monkeypatch.setattr(typer, "prompt", prompt)
    monkeypatch.setattr(typer, "confirm", lambda text, default=False, **_: default)
    made = guided(SYSTEM)
    assert SYSTEM.validate(made) == []
    assert made.name == "Ana" and made.endurance == made.characteristics.END
    fields = set(SYSTEM.sheet_model().model_fields)
    assert set(SYSTEM.creation_fields or ()) <= fields
    assert not {"suffering", "effects", "intrusion", "battle_bs"} & set(
        SYSTEM.creation_fields or ()
    )


def test_a_landed_tackle_brings_both_down_L3308_3320() -> None:
    """ "l'attaquant et le défenseur finissent à terre": the defender by the balance test, the
    attacker with none; a missed tackle changes nobody."""
    a, v = fighter("A", {}), fighter("V", {})
    tackle = offered(a, v, "Tacler / plaquer")
    landed = SYSTEM.consequences(
        "attack", tackle.params, Resolution("hit", 26, {"margin": 6}), a, v
    )
    assert [(c.side, c.operation) for c in landed] == [
        ("defender", "knock_down_effect"),
        ("attacker", "condition"),
    ]
    sides = {"attacker": a, "defender": v}
    for c in landed:
        op = SYSTEM.operation(c.operation)
        sides[c.side] = op.apply(
            sides[c.side], op.params.model_validate(c.params), ScriptedDice(15)
        ).sheet
    assert "prone" in sides["attacker"].conditions and "prone" in sides["defender"].conditions
    missed = SYSTEM.consequences(
        "attack", tackle.params, Resolution("miss", 3, {"margin": -3}), a, v
    )
    assert missed == []
    # Any other landed action leaves the attacker standing.
    sweep = offered(a, v, "Balayer")
    swept = SYSTEM.consequences("attack", sweep.params, Resolution("hit", 25, {"margin": 5}), a, v)
    assert [c.side for c in swept] == ["defender"]
