"""Attacks with the optional rules (fumbles, open-ended rolls), the situational advantages, the
special-effect attack and abbreviated combat."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Distribution, enumerate_outcomes
from ecran.engine import get_system
from ecran.systems.warp.checks.melee import gang_bonus_attackers
from ecran.testing import ScriptedDice
from support import assert_rolls_match_odds
from systems.warp.walk import bounded_walk

WARP = get_system("warp")


def dist(check: str, params: dict[str, Any]) -> Distribution[str]:
    c = WARP.check(check)
    return c.distribution(c.parse(params))


@pytest.mark.parametrize(
    ("check", "params"),
    [
        ("melee", {"attack_dice": 2, "defence_dice": 1, "weapon": "sword", "target_max_hp": 6}),
        (
            "melee",
            {"attack_dice": 1, "defence_dice": 2, "attack_bonus": 1, "armour": "armoured_jacket"},
        ),
        ("ranged", {"attack_dice": 1, "weapon": "taser", "distance_m": 1, "target_max_hp": 4}),
        ("special_effect", {"attack_dice": 1, "defence_dice": 2, "effect_margin": 2}),
    ],
)
def test_fumbles_in_combat_equal_the_walk_of_every_sequence(
    check: str, params: dict[str, Any]
) -> None:
    """Fumble rule (L1784-1851) on attack and defence rolls, against the procedure's walk."""
    c = WARP.check(check)
    p = c.parse({**params, "fumbles": True})
    walked = enumerate_outcomes(lambda dice: c.resolve(p, dice).outcome)
    assert c.distribution(p) == walked
    assert walked.probability("fumble") > 0


@pytest.mark.parametrize(
    ("check", "params", "depth"),
    [
        ("melee", {"attack_dice": 1, "defence_dice": 1, "weapon": "sword", "target_max_hp": 9}, 7),
        (
            "melee",
            {
                "attack_dice": 1,
                "defence_dice": 1,
                "weapon": "unarmed",
                "alternative_damage": True,
                "target_max_hp": 4,
            },
            8,
        ),
        (
            "melee",
            {
                "attack_dice": 1,
                "defence_dice": 1,
                "armour": "armoured_jacket",
                "target_max_hp": 30,
                "target_hp": 3,
            },
            7,
        ),
        (
            "ranged",
            {
                "attack_dice": 1,
                "weapon": "taser",
                "distance_m": 1,
                "armour": "leather",
                "target_max_hp": 12,
            },
            7,
        ),
        ("special_effect", {"attack_dice": 1, "defence_dice": 1, "effect_margin": 4}, 7),
    ],
)
def test_open_ended_attacks_are_exact(check: str, params: dict[str, Any], depth: int) -> None:
    """Open-ended attack and defence rolls (L1853-1885): both totals are unbounded, the odds are
    closed forms; a walk of every sequence of up to `depth` dice brackets them."""
    c = WARP.check(check)
    p = c.parse({**params, "open_ended": True, "fumbles": True})
    exact = c.distribution(p)
    assert exact.total == 1
    walked, left = bounded_walk(lambda dice: c.resolve(p, dice).outcome, depth)
    assert 0 < left < Fraction(1, 6**4)
    for name in c.outcome_names():
        gap = exact.probability(name) - walked.get(name, Fraction(0))
        assert 0 <= gap <= left, name


def test_open_ended_attack_can_kill_a_giant() -> None:
    """Without the rule 1 die against 1 die never does more than 5 x 3; with it, anything."""
    params = {"attack_dice": 1, "defence_dice": 1, "weapon": "sword", "target_max_hp": 40}
    assert dist("melee", params).probability("dead") == 0
    assert dist("melee", {**params, "open_ended": True}).probability("dead") > 0


def test_attacks_with_optional_rules_roll_like_their_odds() -> None:
    assert_rolls_match_odds(
        "warp",
        "melee",
        {
            "attack_dice": 2,
            "defence_dice": 2,
            "weapon": "knife",
            "target_max_hp": 14,
            "open_ended": True,
            "fumbles": True,
        },
    )


def test_fumbled_attack_misses_even_when_it_beats_the_defence_l1823_1851() -> None:
    """E7's logic in combat: 3 dice + a penalty die show 5,1,1,1 (3) against 1 die showing 2."""
    melee = WARP.check("melee")
    params = melee.parse(
        {"attack_dice": 3, "attack_penalty": 1, "defence_dice": 1, "fumbles": True}
    )
    result = melee.resolve(params, ScriptedDice([5, 1, 1, 1, 2]))
    assert result.details["margin"] == 1
    assert result.outcome == "fumble"


def test_situational_advantages_are_bonus_dice_l3732_3845() -> None:
    """Surprise (GM: 2 here), better position, psychological edge, better weapon: one bonus die
    each; a predictable attack is a penalty die (L2829-2873)."""
    base = {"attack_dice": 3, "defence_dice": 3, "weapon": "sword", "target_max_hp": 21}
    with_edges = {
        **base,
        "surprise_dice": 2,
        "better_position": True,
        "psychological_edge": True,
        "better_weapon": True,
        "predictable": True,
    }
    assert dist("melee", with_edges) == dist("melee", {**base, "attack_bonus": 4})
    shot = {"attack_dice": 3, "weapon": "rifle", "distance_m": 60, "target_max_hp": 21}
    assert dist("ranged", {**shot, "better_position": True}) == dist(
        "ranged", {**shot, "attack_bonus": 1}
    )


def test_ganging_up_l3743_3763() -> None:
    """An average person (2 dice) guards against 2 attackers; a third gets a bonus die."""
    assert gang_bonus_attackers(3, 2) == 1
    assert gang_bonus_attackers(2, 2) == 0
    base = {"attack_dice": 2, "defence_dice": 2, "target_max_hp": 14}
    third = dist("melee", {**base, "attackers": 3, "unguarded": True})
    assert third == dist("melee", {**base, "attack_bonus": 1})


@pytest.mark.parametrize(
    "args",
    [
        ("--predictable", "--attacker-is-npc"),
        ("--attackers", "2", "--defence-dice", "2", "--unguarded"),
    ],
)
def test_illegal_advantages_exit_2(cli, args: tuple[str, ...]) -> None:
    result = cli("odds", "warp", "melee", *args, "--json")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1


def test_special_effect_odds_hand_counted_l3710_3730() -> None:
    """1 die against 1 die, effect past a margin of 3: 6 pairs of 36 reach it, 9 only hit."""
    odds = dist("special_effect", {"attack_dice": 1, "defence_dice": 1, "effect_margin": 3})
    assert odds.probability("effect") == Fraction(6, 36)
    assert odds.probability("no_effect") == Fraction(9, 36)
    assert odds.probability("miss") == Fraction(21, 36)


def test_special_effect_deals_half_damage() -> None:
    """Sword x3, margin 5: 15 normal damage, half = 7.5 -> 8 (divisions round half up, §9.8)."""
    check = WARP.check("special_effect")
    params = check.parse(
        {"attack_dice": 1, "defence_dice": 1, "weapon": "sword", "effect_margin": 5}
    )
    result = check.resolve(params, ScriptedDice([6, 1]))
    assert result.outcome == "effect"
    assert result.total == 8


def test_abbreviated_combat_l4011_4055() -> None:
    """Each side sums all its rolls; 1 die each: the PCs win 15 times in 36."""
    odds = dist("abbreviated_combat", {"pc_rolls": "1", "npc_rolls": "1"})
    assert odds.probability("win") == Fraction(15, 36)
    check = WARP.check("abbreviated_combat")
    result = check.resolve(
        check.parse({"pc_rolls": "2,1", "npc_rolls": "1,1,1"}), ScriptedDice([6, 5, 4, 1, 2, 3])
    )
    assert result.total == 15
    assert result.details["npc_total_secret"] == 6
    assert result.outcome == "win"
    assert_rolls_match_odds("warp", "abbreviated_combat", {"pc_rolls": "3,2", "npc_rolls": "2,2,2"})
