"""Combat: range dice, the damage pipeline against the worked examples, exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.rules import tr
from ecran.systems.warp.checks.ranged import range_dice
from ecran.systems.warp.damage import DamageRules, Hit, Protection, final_damage
from ecran.systems.warp.sheet import max_hp
from ecran.systems.warp.tables import ARMOUR, by_key
from ecran.systems.warp.tracks import multiple_actions
from support import assert_rolls_match_odds

WARP = get_system("warp")
RULES = DamageRules()
JACKET = Protection(normal_dice=1)
VEST = by_key(ARMOUR.bulletproof, "vest", tr("a", "a"))
BULLET = Hit(firearm=True)


@pytest.mark.parametrize(
    ("weapon", "distance", "dice"),
    [
        ("smg_small", 30, 3),  # E16 L2738-2745
        ("throwing_knife", 6, 3),  # E17 L2778-2784 (baseball, balanced)
        ("handgun_small", 8, 2),  # E38 L3127-3139
        ("shotgun", 10, 3),  # E25 L4149-4155
        ("taser", 5, 3),
        ("rifle", 400, 5),
    ],
)
def test_range_dice_examples(weapon: str, distance: float, dice: int) -> None:
    assert range_dice(weapon, distance) == dice


def test_e19_revolver_through_armoured_jacket_l3117_3165() -> None:
    """E19: (16 - 6) x 3 = 30; jacket rolls 3, halved vs firearms -> 1; 29 damage."""
    assert final_damage(30, 10, 3, 0, BULLET, JACKET, RULES) == 29


def test_e20_bulletproof_vest_divides_l3167_3199() -> None:
    """E20: (17 - 15) x 3 = 6; vest rolls 4: 6 / 4 = 1.5 -> 2."""
    assert final_damage(6, 2, 0, 4, BULLET, Protection(bulletproof=VEST), RULES) == 2


def test_e26_armour_piercing_l4365_4373() -> None:
    """E26: 30 - 1 (jacket, flat) = 29, halved: 14.5 -> 15."""
    ap = Hit(firearm=True, ammo="armour_piercing")
    assert final_damage(30, 10, 3, 0, ap, JACKET, RULES) == 15


def test_e27_armour_piercing_vest_follows_the_rule_not_the_text_l4375_4381() -> None:
    """E27: the text says 5; the rule (deduct 1 then halve) gives 2.5 -> 3 (§9.6)."""
    ap = Hit(firearm=True, ammo="armour_piercing")
    assert final_damage(6, 2, 0, 4, ap, Protection(bulletproof=VEST), RULES) == 3


def test_e28_hollow_points_kill_outright_l4481_4499() -> None:
    """E28: DF 3 + 2 = 5, 10 x 5 = 50; jacket 3 doubled = 6 -> 44; 22 - 44 = -22 = -max."""
    hollow = Hit(firearm=True, ammo="hollow_point")
    damage = final_damage(50, 10, 3, 0, hollow, JACKET, RULES)
    assert damage == 44
    from ecran.systems.warp.damage import state_after

    assert state_after(22, 22, damage) == "dead"


def test_e29_hollow_points_against_the_vest_l4501_4509() -> None:
    """E29: 2 x 5 = 10; vest 4 doubled = 8: 10 / 8 = 1.25 -> 1."""
    hollow = Hit(firearm=True, ammo="hollow_point")
    assert final_damage(10, 2, 0, 4, hollow, Protection(bulletproof=VEST), RULES) == 1


def test_e30_jacket_over_vest_l4572_4616() -> None:
    """E30: knife -(1d6 + 1); bullet -floor(1d6/2) then / 1d6; AP -2 then halve."""
    both = Protection(normal_dice=1, bulletproof=VEST)
    assert final_damage(20, 10, 4, 0, Hit(), both, RULES) == 15
    assert final_damage(20, 10, 5, 3, BULLET, both, RULES) == 6  # (20 - 2) / 3
    ap = Hit(firearm=True, ammo="armour_piercing")
    assert final_damage(20, 10, 5, 3, ap, both, RULES) == 9  # (20 - 2) / 2


def test_taser_all_or_nothing_l2918_2942() -> None:
    taser = Hit(taser=True)
    assert final_damage(15, 3, 3, 0, taser, JACKET, RULES) == 0  # armour 3 >= margin 3
    assert final_damage(15, 3, 2, 0, taser, JACKET, RULES) == 15  # full damage, nothing off


def test_e3_hit_points_l806_818() -> None:
    """E3: HP trait 4 / 3 / none -> 28 / 21 / 14; technical trait at 1 counts 3 dice -> 21."""
    assert [max_hp(4), max_hp(3), max_hp(None), max_hp(1, technical=True)] == [28, 21, 14, 21]
    assert max_hp(1) == 14  # "weak" does not lower HP below 14 (L812-814)


def test_multiple_actions_table_l1937_1958() -> None:
    assert [multiple_actions(n) for n in range(5)] == [(0, 0), (1, 0), (0, 1), (0, 2), (0, 3)]
    assert multiple_actions(2, replaces=False) == (1, 1)


@pytest.mark.parametrize(
    ("check", "params"),
    [
        (
            "melee",
            {
                "attack_dice": 1,
                "defence_dice": 1,
                "weapon": "sword",
                "armour": "armoured_jacket",
                "target_max_hp": 8,
            },
        ),
        (
            "melee",
            {
                "attack_dice": 2,
                "defence_dice": 1,
                "weapon": "knife",
                "alternative_damage": True,
                "target_max_hp": 10,
            },
        ),
        (
            "ranged",
            {
                "attack_dice": 1,
                "weapon": "handgun_medium",
                "distance_m": 2,
                "bulletproof": "vest",
                "armour": "armoured_jacket",
                "target_max_hp": 6,
            },
        ),
        (
            "ranged",
            {
                "attack_dice": 2,
                "weapon": "taser",
                "distance_m": 1,
                "armour": "armoured_jacket",
                "target_max_hp": 5,
            },
        ),
        (
            "ranged",
            {
                "attack_dice": 1,
                "weapon": "shotgun",
                "distance_m": 5,
                "ammo": "hollow_point",
                "target_max_hp": 9,
            },
        ),
        (
            "ranged",
            {
                "attack_dice": 1,
                "weapon": "handgun_small",
                "distance_m": 2,
                "ammo": "armour_piercing",
                "bulletproof": "suit",
                "target_max_hp": 2,
            },
        ),
    ],
)
def test_analytic_odds_equal_the_walk_of_every_dice_sequence(
    check: str, params: dict[str, object]
) -> None:
    """The analytic distribution against `enumerate_outcomes` of the very roll procedure."""
    c = WARP.check(check)
    p = c.parse(params)
    walked = enumerate_outcomes(lambda dice: c.resolve(p, dice).outcome)
    assert c.distribution(p) == walked
    assert c.distribution(p).total == Fraction(1)


def test_rolls_agree_with_odds() -> None:
    assert_rolls_match_odds(
        "warp",
        "ranged",
        {
            "attack_dice": 4,
            "weapon": "smg_medium",
            "distance_m": 30,
            "burst": "three_round",
            "bulletproof": "vest",
            "target_max_hp": 21,
        },
    )
    assert_rolls_match_odds(
        "warp",
        "melee",
        {"attack_dice": 3, "weapon": "sword", "armour": "chain_mail", "target_max_hp": 21},
    )


@pytest.mark.parametrize(
    "args",
    [
        ("ranged", "--weapon", "taser", "--distance-m", "8"),
        ("ranged", "--weapon", "rifle", "--second-shot"),
        ("ranged", "--weapon", "handgun_small", "--burst", "three_round"),
        ("ranged", "--weapon", "crossbow", "--ammo", "hollow_point"),
        ("melee", "--weapon", "bazooka"),
        ("melee", "--armour", "plate"),
        ("melee", "--attack-dice", "2", "--extra-actions", "3"),
    ],
)
def test_illegal_attacks_exit_2(cli, args: tuple[str, ...]) -> None:
    result = cli("odds", "warp", *args, "--json")
    assert result.code == 2, result.out
    assert len(result.err.strip().splitlines()) == 1
