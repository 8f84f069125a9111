"""The encounter's attack chain: `attacks` between two sheets, the roll, `damage`, and the
operation on the defender's sheet (L995-1049, L1343-1353, L1425-1529, L1645-1649)."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Action, Resolution
from ecran.systems.fluid import tracks
from ecran.systems.fluid.encounter import counter_damage as counter
from ecran.systems.fluid.sheet import (
    Characteristics,
    Condition,
    Equipment,
    FluidSheet,
    Trait,
)
from ecran.testing import ScriptedDice

SYSTEM = get_system("fluid")
MISSES = {"countered", "repelled", "absorbed"}


def pair(seed: int) -> tuple[FluidSheet, FluidSheet]:
    a = SYSTEM.random_npc(Roller(seed))
    d = SYSTEM.random_npc(Roller(1000 + seed))
    assert isinstance(a, FluidSheet) and isinstance(d, FluidSheet)
    return a, d


def sheet(name: str, traits: dict[str, int] | None = None, **update: Any) -> FluidSheet:
    chars = update.pop("characteristics", {})
    found = FluidSheet(
        name=name,
        characteristics=Characteristics(**chars),
        traits=[Trait(name=n, value=v) for n, v in (traits or {}).items()],
        **update,
    )
    return found


def action(attacker: FluidSheet, defender: FluidSheet, starts: str) -> Action:
    return next(a for a in SYSTEM.attacks(attacker, defender) if a.label.en.startswith(starts))


def roll(act: Action, dice: Any, **override: Any) -> Resolution:
    check = SYSTEM.check(act.check)
    result = check.resolve(check.parse({**act.params, **override}), dice)
    if isinstance(dice, ScriptedDice):
        assert dice.exhausted, "the example's dice were not all used"
    return result


def hurt(act: Action, result: Resolution, defender: FluidSheet, seed: int = 0) -> FluidSheet:
    found = SYSTEM.damage(act.check, act.params, result, defender)
    assert found is not None
    op = SYSTEM.operation(found[0])
    changed = op.apply(defender, op.params.model_validate(found[1]), Roller(seed)).sheet
    assert isinstance(changed, FluidSheet)
    return changed


# -- every attack of random pairs ------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_every_attack_parses_and_its_odds_are_exact(seed: int) -> None:
    attacker, defender = pair(seed)
    found = SYSTEM.attacks(attacker, defender)
    assert {a.check for a in found} >= {"attack", "verbal_joust"}
    for act in found:
        check = SYSTEM.check(act.check)
        law = dict(check.distribution(check.parse(act.params)).items())
        assert sum(law.values()) == 1 and set(law) <= set(check.outcome_names())
        assert act.label.fr and act.label.en and act.group is not None


@pytest.mark.parametrize("seed", range(6))
def test_a_rolled_attack_moves_the_defenders_tracks_as_its_result_says(seed: int) -> None:
    attacker, defender = pair(seed)
    for n, act in enumerate(SYSTEM.attacks(attacker, defender)):
        result = SYSTEM.check(act.check).roll(
            SYSTEM.check(act.check).parse(act.params), Roller(100 * seed + n)
        )
        mapped = SYSTEM.damage(act.check, act.params, result, defender)
        if act.check == "attack" and result.outcome in MISSES:
            assert mapped is None
            hurts_back = counter(act.check, act.params, result, attacker)
            assert (hurts_back is not None) == (result.outcome == "countered")
            continue
        if mapped is None:
            assert result.outcome not in ("hit", "down", "critical", "scores", "wins")
            continue
        after = hurt(act, result, defender, seed)
        FluidSheet.model_validate(after.model_dump())  # still a well-formed sheet
        if act.check == "verbal_joust":
            lost = min(result.total or 0, tracks.current(defender, "AUR"))
            assert tracks.current(after, "AUR") == tracks.current(defender, "AUR") - lost
            continue
        d = result.details
        assert tracks.current(after, "RES") == tracks.current(defender, "RES") - d["res_lost"]
        new = [t for t in after.traits if t not in defender.traits]
        assert [t.value for t in new] == ([d["wound"]] if d["wound"] else [])
        assert all(t.kind == "negative" and t.origin == "wound" for t in new)


def test_attacks_read_both_sheets() -> None:
    attacker = sheet(
        "A",
        {"Épée": 2, "Esquive": 3},
        characteristics={"agilite": 6, "force": 4},
        equipment=Equipment(weapon=2, armour=1, shield=1),
        spent={"AGI": 1},
    )
    defender = sheet(
        "D",
        {"Esquive": 3, "Dague": 1},
        characteristics={"agilite": 5, "constitution": 4, "volonte": 3},
        equipment=Equipment(weapon=1, armour=2, shield=2),
        res=4,
    )
    defender = defender.model_copy(
        update={
            "traits": [
                *defender.traits,
                Trait(name="Plaie", value=2, kind="negative", origin="wound", hinders=["*"]),
            ]
        }
    )
    counter = action(attacker, defender, "Weapon 2 (AGI)").params
    # effective AGI 6 − 1 spent; a weapon of score 2 is a sword (L1361): Épée 2
    assert counter["characteristic"] == 5 and counter["advantage_dice"] == 2
    assert (counter["weapon"], counter["armour"], counter["shield"]) == (2, 1, 1)
    # the defender strikes back with its dagger (Dague 1) hindered by its wound (2): net −1
    assert counter["opponent_disadvantage_dice"] == 1 and counter["opponent_advantage_dice"] == 0
    assert (counter["opponent_armour"], counter["opponent_weapon"]) == (2, 1)
    assert (counter["opponent_res"], counter["opponent_res_max"], counter["opponent_wounds"]) == (
        4,
        7,
        2,
    )
    dodge = action(attacker, defender, "Weapon 2 (AGI) + Épée 2: the opponent dodges").params
    assert dodge["stance"] == "dodge" and dodge["opponent_advantage_dice"] == 1  # Esquive 3 − 2
    parry = action(attacker, defender, "Weapon 2 (AGI) + Épée 2: the opponent parries").params
    # the shield (2) is bigger than the dagger (1): the parry is a shield's, no Bouclier Trait
    assert parry["stance"] == "parry" and parry["opponent_disadvantage_dice"] == 2
    assert action(attacker, defender, "Shield bash 1").params["weapon"] == 1
    assert action(attacker, defender, "Bare hands (FOR)").params["characteristic"] == 4


def test_two_weapons_at_once_add_their_scores_and_cost_a_die_each_l1059_1081() -> None:
    roos = sheet(
        "Roos",
        {"Combat à deux mains": 3, "Dague": 3, "Épée": 2},
        equipment=Equipment(weapon=2, weapon_name="Épée", second_weapon=1),
    )
    both = action(roos, sheet("Golem"), "Both weapons at once").params
    # the best single Trait (3, no RES) less 1 disadvantage per weapon
    assert both["weapon"] == 3 and both["advantage_dice"] == 1
    assert action(roos, sheet("Golem"), "Weapon Épée (AGI) + Épée 2").params["weapon"] == 2


def test_a_helpless_defender_rolls_nothing_l1045_1049() -> None:
    sleeper = sheet(
        "Dormeur", condition=Condition(unconscious_hours=3), equipment=Equipment(armour=1)
    )
    found = [a for a in SYSTEM.attacks(sheet("A"), sleeper) if a.check == "attack"]
    assert found and all(a.params["stance"] == "defenceless" for a in found)


def test_minion_levels_weigh_on_both_sides_l1637_1643() -> None:
    tough = sheet("Sbire", minion=True, minion_level=3)
    easy = sheet("Sbire", minion=True, minion_level=-2)
    params = action(tough, easy, "Bare hands").params
    assert params["advantage_dice"] == 3 and params["opponent_disadvantage_dice"] == 2


def test_a_mage_can_drain_res_l1892_1898() -> None:
    mage = sheet("Mage", characteristics={"magie": 4, "volonte": 7})
    victim = sheet("Victime", res=3)
    drain = action(mage, victim, "Drain RES")
    result = roll(drain, ScriptedDice(9, 2))  # VOL 7 + 9 = 16 against 5 + 2 = 7: margin 9
    assert result.details["res_stolen"] == 3
    assert tracks.current(hurt(drain, result, victim), "RES") == 0


# -- the seed's worked combats, from the sheets --------------------------------------------------

GYR = sheet(
    "Gyr",
    {"Hache": 3, "Berserk": 2},
    characteristics={"force": 6, "agilite": 3, "constitution": 5, "volonte": 4},
    equipment=Equipment(weapon=2, weapon_name="Hache d'arme", armour=1, armour_name="cuir"),
)


def glouby(traits: dict[str, int], weapon: int, name: str) -> FluidSheet:
    return sheet(
        "Glouby",
        traits,
        characteristics={"agilite": 4, "constitution": 3, "volonte": 2},
        equipment=Equipment(weapon=weapon, weapon_name=name),
        minion=True,
    )


def test_e28_the_dagger_glouby_takes_4_res_off_gyr_l1137_1145() -> None:
    first = glouby({"Dague": 2, "Esquive": 3}, 1, "Dague")
    act = action(first, GYR, "Weapon Dague (AGI) + Dague 2")
    assert act.params["weapon"] == 1 and act.params["opponent_armour"] == 1
    # glouby AGI 4 + 8 (base 8; 3, 6) = 12; Gyr AGI 3 + 5 (base 5; Hache 3: 2, 4, 3) = 8
    result = roll(act, ScriptedDice(8, 3, 6, 5, 2, 4, 3))
    assert (result.outcome, result.details["damage"]) == ("hit", 4)  # 12 − 8 + 1 − 1
    after = hurt(act, result, GYR)
    assert tracks.current(after, "RES") == 9 - 4 and after.traits == GYR.traits


def test_e30_gyr_puts_the_third_glouby_out_l1155_1163() -> None:
    third = glouby({"Épée": 2}, 2, "Épée")
    act = action(GYR, third, "Weapon Hache d'arme (FOR) + Hache 3")
    assert act.params["opponent_res"] == 5 and act.params["opponent_armour"] == 0
    # Gyr FOR 6 + 6 (base 6; 2, 4, 3) = 12; glouby AGI 4 + 3 (base 3; Épée 2: 2, 3) = 7
    dice = (6, 2, 4, 3, 3, 2, 3)
    text = roll(act, ScriptedDice(*dice), include_weapon_damage=False)
    assert (text.outcome, text.details["damage"]) == ("down", 5)  # the text: 12 − 7
    rule = roll(act, ScriptedDice(*dice))
    assert rule.details["damage"] == 7  # + the axe's 2 (L1351-1353, reading A3)
    after = hurt(act, text, third)
    assert tracks.current(after, "RES") == 0 and after.traits == third.traits  # out, no Trait


RIPOIS = sheet(
    "Ripois",
    {"Masse": 3, "Combat à mains nues": 2},
    characteristics={"agilite": 5, "force": 6},
    equipment=Equipment(weapon=2, weapon_name="Masse", armour=2),
)
DEMON = sheet(
    "Démon",
    {"Mâchoires vicieuses": 2, "Griffes": 3, "Vivacité diabolique": 2},
    characteristics={"agilite": 4},
    equipment=Equipment(weapon_name="Mâchoires vicieuses", armour=1, armour_name="peau de cuir"),
)


def test_e32_ripois_mace_costs_the_demon_1_res_l1237_1241() -> None:
    act = action(RIPOIS, DEMON, "Weapon Masse (AGI) + Masse 3")
    assert act.params["advantage_dice"] == 3 and act.params["opponent_advantage_dice"] == 2
    # Ripois 5 + 7 (base 2; 7, 3, 5) = 12; the demon 4 + 6 (base 6; 4, 2) = 10
    dice = (2, 7, 3, 5, 6, 4, 2)
    text = roll(act, ScriptedDice(*dice), include_weapon_damage=False)
    assert text.details["damage"] == 1  # 2 − the leather skin 1, the mace left out
    params = {**act.params, "include_weapon_damage": False}
    mapped = SYSTEM.damage("attack", params, text, DEMON)
    assert mapped == (
        "take_hit",
        {"damage": 1, "wound_name": "Blessure", "survival_combine": "max"},
    )
    full = tracks.attribute(DEMON, "RES")
    assert tracks.current(hurt(act, text, DEMON), "RES") == full - 1
    assert roll(act, ScriptedDice(*dice)).details["damage"] == 3  # with the mace (reading A3)


def test_e34_the_demons_counter_hurts_ripois_not_the_demon_l1259_1279() -> None:
    clawing = DEMON.model_copy(
        update={"equipment": DEMON.equipment.model_copy(update={"weapon_name": "Griffes"})}
    )
    act = action(RIPOIS, clawing, "Bare hands (FOR) + Combat à mains nues 2")
    assert act.params["opponent_advantage_dice"] == 3  # Griffes 3
    # second action: 1 disadvantage (L1249-1257); the GM turns 2 of the demon's 4 into points
    seed_choices = {"advantage_dice": 1, "opponent_advantage_dice": 2, "opponent_modifier": 2}
    # Ripois 6 + 4 (base 4; 2) = 10; the demon 4 + 2 + 9 (base 9; 3, 5) = 15
    result = roll(act, ScriptedDice(4, 2, 9, 3, 5), **seed_choices)
    assert result.outcome == "countered" and result.details["damage_taken"] == 3  # 5 − armour 2
    assert SYSTEM.damage("attack", {**act.params, **seed_choices}, result, clawing) is None
    found = counter("attack", act.params, result, RIPOIS)
    assert found is not None and found[0] == "take_hit"
    op = SYSTEM.operation(found[0])
    after = op.apply(RIPOIS, op.params.model_validate(found[1]), Roller(0)).sheet
    assert isinstance(after, FluidSheet)
    assert tracks.current(after, "RES") == tracks.attribute(RIPOIS, "RES") - 3  # L1279


def test_e39_accumulated_wounds_roll_the_survival_test_l1471_1477() -> None:
    ilya = sheet(
        "Ilya",
        characteristics={"constitution": 4, "volonte": 3},
        res=0,
    ).model_copy(
        update={
            "traits": [
                Trait(name="Œil poché", value=2, kind="negative", origin="wound", hinders=["PER"]),
                Trait(name="Cheville foulée", value=4, kind="negative", origin="wound"),
            ]
        }
    )
    op = SYSTEM.operation("take_hit")
    # CON 4 with 2 disadvantages (base 5; 7, 8): 9, a failure (L258): coma, 2 days (L1509-1511)
    change = op.apply(
        ilya,
        op.params.model_validate({"damage": 3, "wound_name": "Côte cassée"}),
        ScriptedDice(5, 7, 8),
    )
    assert change.resolution is not None and change.resolution.outcome == "coma"
    after = change.sheet
    assert isinstance(after, FluidSheet)
    assert [t.value for t in after.traits if t.name == "Côte cassée"] == [3]
    assert after.condition.coma_days == 2 and not after.condition.dead


def test_e40_a_grave_wound_of_6_is_tested_with_1_disadvantage_l1487_1489() -> None:
    roos = sheet("Roos", res=0)
    op = SYSTEM.operation("take_hit")
    change = op.apply(
        roos, op.params.model_validate({"damage": 6}), ScriptedDice(7, 4)
    )  # 5 + min(7, 4) = 9
    assert change.resolution is not None and change.resolution.details.get("coma_days") == 1
    no_test = op.apply(
        roos, op.params.model_validate({"damage": 6, "survival_test": False}), ScriptedDice()
    )
    assert no_test.resolution is None and no_test.sheet.condition.coma_days == 0


def test_hit_location_names_the_wound_l1441_1449() -> None:
    victim = sheet("Cible", res=0)
    act = action(sheet("A", characteristics={"agilite": 7}), victim, "Bare hands")
    # 5 + 9 = 14 against 5 + 2 = 7; then the location die 8: the head
    result = roll(act, ScriptedDice(9, 2, 8), hit_location=True)
    found = SYSTEM.damage("attack", act.params, result, victim)
    assert found is not None and found[1]["wound_name"] == "Blessure (tête)"
