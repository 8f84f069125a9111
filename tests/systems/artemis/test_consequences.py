"""Issue 18: one result changes both sides, and operations put conditions on their bearer.

`System.consequences(check, params, result, attacker, defender)` lists, in order, the operations
the encounter tracker applies to either sheet; each test below applies them the way the tracker
does (`Operation.run` on the named side) and reads the sheets and conditions a player sees."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import Action, Change, Consequence, EcranError, Resolution
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.testing import ScriptedDice

SYSTEM = get_system("artemis")
FLAMBERGE = {"name": "Flamberge", "category": "longue", "attack": 7, "parry": 5}
BLADE = {"name": "Épée", "category": "moyenne", "attack": 5, "parry": 4}


def character(resistance: int = 3, **changes: Any) -> ArtemisSheet:
    data = SYSTEM.new_character("Julie").model_dump()
    data["scores"] = {**data["scores"], "resistance": resistance}
    data |= changes
    return ArtemisSheet.model_validate(data)


def action(attacker: ArtemisSheet, defender: ArtemisSheet, label: str) -> Action:
    found = [a for a in SYSTEM.attacks(attacker, defender) if a.label.fr == label]
    assert len(found) == 1, [a.label.fr for a in SYSTEM.attacks(attacker, defender)]
    return found[0]


def rolled(check: str, params: dict[str, Any], *faces: int) -> Resolution:
    found = SYSTEM.check(check)
    return found.resolve(found.parse(params), ScriptedDice(*faces))


def settle(
    check: str,
    params: dict[str, Any],
    result: Resolution,
    sides: dict[str, ArtemisSheet],
    *faces: int,
) -> tuple[list[Consequence], dict[str, list[Change[ArtemisSheet]]]]:
    """Apply every consequence in order, as the tracker does; `faces` feed the operations that
    roll (the defender's Résistance test)."""
    found = SYSTEM.consequences(check, params, result, sides["attacker"], sides["defender"])
    changes: dict[str, list[Change[ArtemisSheet]]] = {"attacker": [], "defender": []}
    dice = ScriptedDice(*faces)
    for c in found:
        op = SYSTEM.operation(c.operation)
        change = op.run(sides[c.side], op.params.model_validate(c.params), dice)
        sides[c.side] = change.sheet
        changes[c.side].append(change)
    return found, changes


def conditions(changes: list[Change[ArtemisSheet]]) -> list[tuple[str, int | None]]:
    return [(p.label.fr, p.rounds) for c in changes for p in c.conditions]


# -- the professional's privilege on either side (L46-53) ---------------------------------------


def test_the_privilege_costs_whoever_used_it_a_serious_fatigue_L46_53() -> None:
    """ "Si le joueur le désire, il subit une fatigue grave et en échange il lance deux dés"
    (L50-51): in the duel each side may use it, and each pays, whatever the result."""
    attacker = character(weapons=[FLAMBERGE])
    defender = character(weapons=[BLADE])
    plain = action(attacker, defender, "Flamberge (prudente) contre la parade de Épée (prudente)")
    params = {**plain.params, "attacker_professional": True, "defender_professional": True}
    # attack 7 + best of (2, 3) = 10; parry 4 + best of (6, 5) → 6, confirmed 6,6 → 9: 13, a miss
    result = rolled("attack", params, 2, 3, 6, 5, 6)
    assert result.outcome == "miss"
    sides = {"attacker": attacker, "defender": defender}
    found, _ = settle("attack", params, result, sides)
    assert found == [
        Consequence("attacker", "privilege_fatigue", {}),
        Consequence("defender", "privilege_fatigue", {}),
    ]
    assert sides["attacker"].nifimo.fatigue.serious == 1
    assert sides["defender"].nifimo.fatigue.serious == 1
    alone = SYSTEM.consequences(
        "attack", {**params, "defender_professional": False}, result, attacker, defender
    )
    assert alone == [Consequence("attacker", "privilege_fatigue", {})]


def test_the_dodger_pays_its_own_privilege_and_the_brawler_his_L46_53() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    dodge = action(attacker, defender, "Flamberge contre l'esquive")
    params = {**dodge.params, "professional": True}
    result = rolled("dodge", params, 6, 6, 1)  # Esquive 3 + 6 (unconfirmed) = 9 ≥ 5 + 2
    assert result.outcome == "avoided"
    found = SYSTEM.consequences("dodge", params, result, attacker, defender)
    assert Consequence("defender", "privilege_fatigue", {}) in found
    assert all(c.side == "defender" for c in found)
    brawl = action(attacker, defender, "Flamberge : cible sans défense (Bagarre)")
    params = {**brawl.params, "professional": True}
    result = rolled("defenceless", params, 1, 2, 3)
    assert SYSTEM.consequences("defenceless", params, result, attacker, defender)[0] == (
        Consequence("attacker", "privilege_fatigue", {})
    )


def test_no_privilege_no_cost() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    plain = action(attacker, defender, "Flamberge (prudente) contre la parade de Épée (prudente)")
    result = rolled("attack", plain.params, 1, 2, 6, 3)  # 7 + 1 = 8 against 4 + 6 = 10: a miss
    assert result.outcome == "miss"
    assert SYSTEM.consequences("attack", plain.params, result, attacker, defender) == []


# -- the dodge gives up the turn's attack (L760-763) --------------------------------------------


def test_a_dodge_puts_no_attack_this_turn_on_the_dodger_L760_763() -> None:
    """ "Au moment de choisir son attitude on peut décider d'esquiver. Pas d'attaque à ce tour"
    (L761-763): whatever the dodge's result, the tracker marks the dodger for this round."""
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    dodge = action(attacker, defender, "Flamberge contre l'esquive")
    result = rolled("dodge", dodge.params, 1, 1)  # Esquive 3 - 3 (1, 1 confirmed) = 0: hit
    assert result.outcome == "hit"
    sides = {"attacker": attacker, "defender": defender}
    found, changes = settle("dodge", dodge.params, result, sides, 2)
    assert [c.operation for c in found] == ["dodge_turn", "hit"]
    assert conditions(changes["defender"])[0] == ("esquive : pas d'attaque à ce tour", 1)
    assert sides["defender"].nifimo.blessure.serious >= 1  # longue (5), no protection


# -- the all-out attack's price (L173-176, A17) -------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "label"),
    [
        ("gm", "attaque totale : défense négligée jusqu'à la fin du tour (effet au MJ, L173-176)"),
        (
            "no_defence",
            "attaque totale : sans défense jusqu'à la fin du tour (règle maison, L183-187)",
        ),
    ],
)
def test_the_all_out_attack_marks_its_author_until_the_end_of_the_turn_L173_176(
    reading: str, label: str
) -> None:
    """ "lorsqu'un personnage frappe sans se soucier de sa défense, les dommages augmentent d'une
    catégorie" (L173-176): the defender takes the +1 category, the attacker carries the price
    the seed leaves unnamed (A17), as the table's reading says, for this round."""
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    total = action(
        attacker,
        defender,
        "Flamberge (prudente) contre la parade de Épée (prudente), attaque totale",
    )
    params = {**total.params, "total_attack_cost": reading}
    result = rolled("attack", params, 5, 2)  # 7 + 5 = 12 against 4 + 2 = 6: a hit
    assert result.outcome == "hit"
    sides = {"attacker": attacker, "defender": defender}
    found, changes = settle("attack", params, result, sides)
    assert [(c.side, c.operation) for c in found] == [
        ("defender", "hit"),
        ("attacker", "all_out_attack"),
    ]
    assert changes["defender"][0].resolution is not None
    assert changes["defender"][0].resolution.details["category"] == 6  # longue 5 + 1: Mort
    assert sides["defender"].nifimo.lethal == "dead"
    assert conditions(changes["attacker"]) == [(label, 1)]
    assert sides["attacker"] == attacker  # the price is a condition, no mark


def test_the_all_out_price_is_a_named_reading_with_its_lines() -> None:
    option = next(o for o in SYSTEM.options if o.name == "total_attack_cost")
    assert option.kind == "house_rule" and option.source.lines == (173, 176)
    assert option.default == "gm"


# -- conditions from operations ----------------------------------------------------------------


def hit(sheet: ArtemisSheet, *faces: int, **params: Any) -> Change[ArtemisSheet]:
    op = SYSTEM.operation("hit")
    return op.run(sheet, op.params.model_validate(params), ScriptedDice(*faces))


def test_a_knock_out_blow_with_a_serious_wound_knocks_out_L192_197() -> None:
    """ "Assommer un adversaire : il faut réussir une attaque précise sur la tête et occasionner
    au moins une blessure grave" (L192-194). Courte (3) + head (1) = Sévèrement blessé xx//;
    Résistance 3 + 2 = 5 cancels nothing: two serious wounds, knocked out."""
    change = hit(character(), 2, category=3, knockout=True)
    assert change.resolution is not None and change.resolution.outcome == "s2_l2"
    [(label, rounds)] = conditions([change])
    assert label.startswith("assommé") and "L192-197" in label and rounds is None


def test_no_serious_wound_no_knock_out_L192_194() -> None:
    """Bâton (2) + head = Blessé x//; Résistance 6 + 6 (confirmed 6,6 → 9) = 15 cancels two,
    the serious one first: / only, so the target stays up."""
    change = hit(character(resistance=6), 6, 6, category=2, knockout=True)
    assert change.resolution is not None and change.resolution.outcome == "s0_l1"
    assert change.conditions == ()


def test_a_disarming_blow_with_a_serious_wound_disarms_L188_191() -> None:
    change = hit(character(), 2, category=3, disarm=True)  # x//, nothing cancelled
    assert conditions([change]) == [("désarmé (L188-191)", None)]
    with pytest.raises(EcranError):
        hit(character(), 2, category=3, disarm=True, knockout=True)


def test_a_blow_that_kills_says_so_on_the_tracker_A5() -> None:
    change = hit(character(), category=7)  # Détruit, no protection: no test
    assert change.sheet.nifimo.lethal == "destroyed"
    assert conditions([change]) == [("Détruit", None)]
    rows = {r.label.fr: r.value for r in SYSTEM.tracks(change.sheet)}
    assert rows["État"].fr == "Détruit" and rows["État"].en == "Destroyed"


def test_tracing_a_sketch_loses_the_physical_actions_of_the_turn_L199_203() -> None:
    """ "L'empathe ne peut réaliser d'actions physiques pendant un tour" (L199-200)."""
    empath = character()
    empath = empath.model_copy(update={"scores": {**empath.scores, "esquisse": 6}})
    op = SYSTEM.operation("psy_power")
    change = op.run(empath, op.params.model_validate({"power": "sketch_trace"}), ScriptedDice(4))
    assert conditions([change]) == [("trace une esquisse : aucune action physique ce tour", 1)]
    assert change.sheet.nifimo.fatigue.permanent == 1  # L202-203


# -- the aimed blows reach the defender's hit, and are refused where the rule forbids ---------


def test_the_encounter_offers_the_knock_out_and_disarm_blows_L188_197() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    base = "Flamberge (prudente) contre la parade de Épée (prudente)"
    knock = action(attacker, defender, f"{base}, précise à la tête pour assommer")
    hit_it = Resolution("hit", None, {})
    damage = SYSTEM.damage("attack", knock.params, hit_it, defender)
    assert damage is not None and damage[1]["head"] is True and damage[1]["knockout"] is True
    disarm = action(attacker, defender, f"{base}, précise au bras armé pour désarmer")
    damage = SYSTEM.damage("attack", disarm.params, hit_it, defender)
    assert damage is not None and damage[1].get("disarm") and "head" not in damage[1]


def test_knocking_out_without_a_precise_attack_is_one_line_exit_2(cli) -> None:
    result = cli("odds", "artemis", "attack", "--knockout", "--json")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert "L188-197" in result.err
