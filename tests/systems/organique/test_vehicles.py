"""Vehicles beyond the manoeuvre check (L1393-1457): slide and ramp as combat actions against
a character on foot, who reacts (L1447-1457: Rakesh's ramp MR 5 against Lew's dodge MR 7); a
hit deals the collision's damage, the GM's figure (L567-568: being hit by a vehicle deals c),
through the victim's armour on the encounter's damage step."""

from __future__ import annotations

from typing import Any

from ecran.engine import get_system
from ecran.rules import Resolution
from ecran.testing import ScriptedDice

SYSTEM = get_system("organique")


def test_rakesh_ramp_avoided_by_lews_dodge_through_the_cli_L1451_1457(cli: Any) -> None:
    args = [
        "--manoeuvre",
        "Tremplin",
        "--agility",
        "15",
        "--level",
        "3",
        "--manoeuvrability",
        "15",
        "--difficulty",
        "30",
        "--reaction",
        "Esquive",
        "--defender-characteristics",
        "20",
    ]
    result = cli("odds", "organique", "vehicle_attack", *args, "--json")
    assert result.code == 0, result.err
    got = {o["outcome"]: o["probability"] for o in result.json()["outcomes"]}
    assert set(got) == {"miss", "defended", "hit"}
    rolled = SYSTEM.check("vehicle_attack").resolve(
        SYSTEM.check("vehicle_attack").parse(
            {"agility": 10, "difficulty": 20, "defender_characteristics": 20}
        ),
        ScriptedDice(15, 12),
    )
    assert (rolled.outcome, rolled.details["margin"], rolled.details["defender_margin"]) == (
        "defended",
        5,
        7,
    )


def test_the_difficulty_is_the_gms_or_the_speed_L1417_1445(cli: Any) -> None:
    missing = cli("odds", "organique", "vehicle_attack", "--agility", "15")
    assert missing.code == 2
    at_speed = SYSTEM.check("vehicle_attack").resolve(
        SYSTEM.check("vehicle_attack").parse(
            {"agility": 10, "difficulty": 5, "speed": 30, "speed_as_difficulty": True}
        ),
        ScriptedDice(15, 1),
    )
    assert at_speed.details["difficulty"] == 30 and at_speed.outcome == "miss"


def test_a_hit_deals_the_collision_through_the_armour_L567_568_L643_698() -> None:
    lew = SYSTEM.new_character("Lew")
    params = (
        SYSTEM.check("vehicle_attack")
        .parse({"agility": 10, "difficulty": 20, "reaction": "none", "collision_c": 3})
        .model_dump()
    )
    effect = SYSTEM.damage("vehicle_attack", params, Resolution("hit", 25, {"margin": 5}), lew)
    assert effect == (
        "take_hit",
        {"bs": 0.0, "c": 3.0, "armour_piercing": 0, "attack_margin": 5, "action": "strike"},
    )
    op = SYSTEM.operation("take_hit")
    after = op.run(lew, op.params.model_validate(effect[1]), ScriptedDice()).sheet
    assert after.health.cps == lew.health.cps - 3
