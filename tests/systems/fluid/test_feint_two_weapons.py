"""Issue #31, item 5: "Feinte. L'attaquant augmente son score d'attaque jusqu'à un maximum égal
à son AGI" (L1173-1175), checked against the attacker's AGI from the sheet; "Combat à deux
armes. Il s'effectue avec un Désavantage pour chaque arme" and "Les scores des deux armes sont
ajoutés pour calculer les dégâts" (L1059-1069) as the `second_weapon` parameter."""

from __future__ import annotations

from typing import Any

from ecran.engine import get_system

SYSTEM = get_system("fluid")
ATTACK = SYSTEM.check("attack")
BASE = {"characteristic": 5, "opponent_characteristic": 4, "weapon": 1}


def test_feint_above_agility_is_refused_L1173_1175(cli: Any) -> None:
    bad = cli(
        "odds",
        "fluid",
        "attack",
        "--characteristic",
        "5",
        "--opponent-characteristic",
        "4",
        "--feint",
        "5",
        "--agility",
        "4",
        "--json",
    )
    assert bad.code == 2 and "L1173-1175" in bad.err
    ok = cli(
        "odds",
        "fluid",
        "attack",
        "--characteristic",
        "5",
        "--opponent-characteristic",
        "4",
        "--feint",
        "4",
        "--agility",
        "4",
        "--json",
    )
    assert ok.code == 0, ok.err


def test_the_sheet_gives_the_attackers_agility_L1173_1175() -> None:
    sheet = SYSTEM.new_character("Roos")
    attack = next(a for a in SYSTEM.actions(sheet) if a.check == "attack")
    assert attack.params["agility"] == sheet.characteristics.agilite
    foe = SYSTEM.new_character("Foe")
    chosen = next(a for a in SYSTEM.attacks(sheet, foe) if a.check == "attack")
    assert chosen.params["agility"] == sheet.characteristics.agilite


def test_two_weapons_one_disadvantage_each_damage_added_L1059_1081() -> None:
    """Roos's dagger 3... the damage 1 + 2 = 3 (L1077-1079), two disadvantages (L1059-1063):
    the same law as typing them by hand."""
    both = ATTACK.parse({**BASE, "weapon": 1, "second_weapon": 2})
    by_hand = ATTACK.parse({**BASE, "weapon": 3, "disadvantage_dice": 2})
    assert ATTACK.distribution(both) == ATTACK.distribution(by_hand)
    one = ATTACK.parse({**BASE, "weapon": 1})
    assert ATTACK.distribution(one) != ATTACK.distribution(both)


def test_a_sheet_with_two_weapons_offers_both_at_once_L1059_1081() -> None:
    sheet = SYSTEM.new_character("Roos")
    gear = sheet.equipment.model_copy(update={"weapon": 1, "second_weapon": 2})
    sheet = sheet.model_copy(update={"equipment": gear})
    attacks = [a for a in SYSTEM.actions(sheet) if a.check == "attack"]
    assert [a.params.get("second_weapon", 0) for a in attacks] == [0, 2]
    assert attacks[0].params["weapon"] == 1


def test_odds_with_a_sheet_bound_the_feint_by_its_agility_L1173_1175(
    cli: Any, tmp_path: Any
) -> None:
    """`ecran odds fluid attack --sheet FILE`: "jusqu'à un maximum égal à son AGI" (L1173-1175)
    with the AGI of the sheet given, as the tracker does; an AGI typed still wins."""
    sheet = SYSTEM.new_character("Roos")
    agility = sheet.characteristics.agilite
    path = tmp_path / "roos.json"
    path.write_text(sheet.model_dump_json(), encoding="utf-8")
    typed = ["--characteristic", "5", "--opponent-characteristic", "4", "--sheet", str(path)]
    over = cli("odds", "fluid", "attack", *typed, "--feint", str(agility + 1), "--json")
    assert over.code == 2 and "L1173-1175" in over.err
    assert len(over.err.strip().splitlines()) == 1
    within = cli("odds", "fluid", "attack", *typed, "--feint", str(agility), "--json")
    assert within.code == 0, within.err
    assert within.json()["params"]["agility"] == agility
    raised = ["--agility", str(agility + 1), "--feint", str(agility + 1), "--json"]
    assert cli("odds", "fluid", "attack", *typed, *raised).code == 0
