"""The encounter's attack chain: `attacks(attacker, defender)` prefilled from both sheets and
`damage(check, params, result, defender)` turned into the defender's operation. The worked example
is EX5 (seed L714-725); the rest checks the rules stated at the cited lines."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Action, Resolution
from ecran.systems.artemis import tracks
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.testing import ScriptedDice

SYSTEM = get_system("artemis")
PAIRS = [(SYSTEM.random_npc(Roller(s)), SYSTEM.random_npc(Roller(100 + s))) for s in range(6)]
#: Weapon category -> step on the damage ladder, as the sheet prints it (L813-827).
LADDER = {"poings": 1, "baton": 2, "courte": 3, "moyenne": 4, "longue": 5}

FLAMBERGE = {"name": "Flamberge", "category": "longue", "attack": 7, "parry": 5}
BLADE = {
    "name": "Épée",
    "category": "moyenne",
    "attack": 5,
    "parry": 4,
    "defensive_attack": 3,
    "defensive_parry": 7,
    "aggressive_attack": 8,
    "aggressive_parry": 2,
}


def character(**changes: Any) -> ArtemisSheet:
    data = SYSTEM.new_character("Julie").model_dump()
    for key, value in changes.items():
        data[key] = {**data[key], **value} if isinstance(data.get(key), dict) else value
    return ArtemisSheet.model_validate(data)


def labelled(actions: list[Action], label: str) -> Action:
    """The one action with this French label (the labels are what the GM reads)."""
    found = [a for a in actions if a.label.fr == label]
    assert len(found) == 1, [a.label.fr for a in actions]
    return found[0]


def duel(weapon: str, parry: str, mine: str = "prudente", theirs: str = "prudente") -> str:
    return f"{weapon} ({mine}) contre la parade de {parry} ({theirs})"


def roll(action: Action, *faces: int) -> Resolution:
    check = SYSTEM.check(action.check)
    return check.resolve(check.parse(action.params), ScriptedDice(*faces))


def apply(sheet: ArtemisSheet, damage: tuple[str, dict[str, Any]], *faces: int) -> Any:
    name, values = damage
    op = SYSTEM.operation(name)
    return op.apply(sheet, op.params.model_validate(values), ScriptedDice(*faces))


# -- every offered attack, on random NPC pairs --------------------------------------------------


@pytest.mark.parametrize(("attacker", "defender"), PAIRS)
def test_every_attack_parses_and_its_odds_are_exact(
    attacker: ArtemisSheet, defender: ArtemisSheet
) -> None:
    actions = SYSTEM.attacks(attacker, defender)
    assert {a.check for a in actions} == {"attack", "dodge", "defenceless"}
    for action in actions:
        check = SYSTEM.check(action.check)
        law = check.distribution(check.parse(action.params))
        assert law.total == 1
        assert {name for name, _ in law.items()} <= set(check.outcome_names())


@pytest.mark.parametrize("seed", range(6))
def test_rolled_attacks_move_the_defenders_tracks_as_the_rules_say(seed: int) -> None:
    attacker, defender = PAIRS[seed]
    for action in SYSTEM.attacks(attacker, defender):
        check = SYSTEM.check(action.check)
        params = check.parse(action.params)
        result = check.roll(params, Roller(seed))
        damage = SYSTEM.damage(action.check, params.model_dump(), result, defender)
        if result.outcome in ("miss", "avoided"):
            assert damage is None
            continue
        assert damage is not None
        name, values = damage
        op = SYSTEM.operation(name)
        change = op.apply(defender, op.params.model_validate(values), Roller(seed))
        after = ArtemisSheet.model_validate(change.sheet.model_dump())
        if name == "force_defence":  # L756-759: one light fatigue, no wound
            assert result.outcome == "uncertain"
            assert after.nifimo.fatigue.light == defender.nifimo.fatigue.light + 1
            assert after.nifimo.blessure == defender.nifimo.blessure
            continue
        assert name == "hit"
        _check_wounds(defender, after, action, change.resolution)
        if result.outcome == "uncertain":  # taken only when it cannot wound
            assert change.resolution is not None and change.resolution.outcome == "none"


def _check_wounds(
    before: ArtemisSheet, after: ArtemisSheet, action: Action, wound: Resolution | None
) -> None:
    """The category (weapon + its "+1" effects, L173-187) less the protection (L111-119), then
    the marks the Résistance test left (L121-128) land on the Blessure line."""
    assert wound is not None
    plus = sum(bool(action.params.get(k)) for k in ("total_attack", "head"))
    plus += action.check == "defenceless"
    weapon = action.params["category"] + plus
    assert wound.details["category"] == max(0, min(7, weapon) - tracks.protection(before))
    old, new = before.nifimo.blessure, after.nifimo.blessure
    if wound.outcome in ("dead", "destroyed"):
        assert after.nifimo.lethal == wound.outcome
    elif wound.outcome == "none":
        assert new == old
    else:
        serious, light = (int(part[1:]) for part in wound.outcome.split("_"))
        assert (new.serious - old.serious, new.light - old.light) == (serious, light)


# -- the worked example ----------------------------------------------------------------------


def test_ex5_flamberge_blow_on_a_combat_suit_leaves_two_light_wounds_L714_725() -> None:
    """EX5 (L714-725) reached through the chain: a Flamberge (Mortellement blessé, L716-717) hits
    a combat suit (protection 2) and Résistance 5; the Résistance die is 4: total 9 cancels the
    serious wound of Blessé (x//), two light wounds remain."""
    attacker = character(weapons=[FLAMBERGE])
    defender = character(
        weapons=[{"name": "Bâton", "category": "baton", "attack": 4, "parry": 4}],
        armour="combinaison_combat",
        scores={"resistance": 5},
        levels={"resistance": "confirme"},
    )
    assert tracks.malus(defender) == 0  # 3 gênes fill the 0 column (house rule 3 boxes)
    action = labelled(SYSTEM.attacks(attacker, defender), duel("Flamberge", "Bâton"))
    assert action.params["category"] == 5 and "total_attack" not in action.params
    result = roll(action, 5, 2)  # attack 7 + 5 = 12; parry 4 + 2 = 6: failure zone, hit
    assert result.outcome == "hit"
    damage = SYSTEM.damage("attack", action.params, result, defender)
    assert damage == ("hit", {"category": 5, "total_attack": False, "short_circuit": False})
    change = apply(defender, damage, 4)
    assert change.resolution.details["category"] == 3 and change.resolution.total == 9
    assert (change.sheet.nifimo.blessure.serious, change.sheet.nifimo.blessure.light) == (0, 2)


# -- misses, parries, dodges, forcing -----------------------------------------------------------


def test_a_miss_an_avoided_blow_and_a_missed_defenceless_attack_do_nothing() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    actions = SYSTEM.attacks(attacker, defender)
    blow = labelled(actions, duel("Flamberge", "Épée"))
    parried = roll(blow, 1, 4, 6, 6)  # attack 7 + 1 = 8; parry 4 + 9 = 13: success zone
    assert parried.outcome == "miss"
    assert SYSTEM.damage("attack", blow.params, parried, defender) is None
    dodge = labelled(actions, "Flamberge contre l'esquive")
    avoided = roll(dodge, 5)  # Esquive 3 (Débutant) + 5 = 8 against 5 (open space): success
    assert avoided.outcome == "avoided"
    assert SYSTEM.damage("dodge", dodge.params, avoided, defender) is None
    bagarre = labelled(actions, "Flamberge : cible sans défense (Bagarre)")
    fumbled = roll(bagarre, 1, 1)  # 3 - 3 = 0 against 8
    assert fumbled.outcome == "miss"
    assert SYSTEM.damage("defenceless", bagarre.params, fumbled, defender) is None


def test_uncertainty_forces_the_defence_for_a_light_fatigue_or_takes_the_blow_L756_759() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    blow = labelled(SYSTEM.attacks(attacker, defender), duel("Flamberge", "Épée"))
    result = roll(blow, 2, 5)  # attack 7 + 2 = 9 against parry 4 + 5 = 9: uncertainty
    assert result.outcome == "uncertain"
    forced = SYSTEM.damage("attack", blow.params, result, defender)
    assert forced == ("force_defence", {})
    after = apply(defender, forced).sheet
    assert after.nifimo.fatigue.light == 1 and after.nifimo.blessure.light == 0
    taken = SYSTEM.damage("attack", {**blow.params, "on_uncertain": "take"}, result, defender)
    assert taken is not None and taken[0] == "hit" and taken[1]["category"] == 5


def test_a_defender_takes_a_blow_its_armour_brings_down_to_scratched_L101_L111_119() -> None:
    """`auto`: fists (Écorché, L820) on a safety suit (protection 1) leave Égratigné, "pas de
    blessures" (L101): paying a fatigue to force the parry would buy nothing. An exoskeleton
    struck for a short circuit (site §3.3) still forces."""
    attacker = character(weapons=[{"name": "Poing", "category": "poings", "attack": 5}])
    suited = character(weapons=[BLADE], armour="combinaison_securite")
    blow = labelled(SYSTEM.attacks(attacker, suited), duel("Poing", "Épée"))
    uncertain = Resolution("uncertain", 9, {})
    taken = SYSTEM.damage("attack", blow.params, uncertain, suited)
    assert taken is not None and taken[0] == "hit"
    after = apply(suited, taken).sheet  # no Résistance die: nothing to cancel
    assert after.nifimo == suited.nifimo
    aimed = labelled(
        SYSTEM.attacks(attacker, suited), f"{duel('Poing', 'Épée')}, précise à la tête"
    )
    assert SYSTEM.damage("attack", aimed.params, uncertain, suited) == ("force_defence", {})
    forced = {**blow.params, "on_uncertain": "force"}
    assert SYSTEM.damage("attack", forced, uncertain, suited) == ("force_defence", {})
    exo = character(weapons=[BLADE], armour="exosquelette")
    shorting = {**blow.params, "short_circuit": True}
    assert SYSTEM.damage("attack", shorting, uncertain, exo) == ("force_defence", {})


def test_dodge_uncertainty_is_forced_too_L156_161() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    dodge = labelled(SYSTEM.attacks(attacker, defender), "Flamberge contre l'esquive")
    uncertain = roll(dodge, 3)  # Esquive 3 + 3 = 6 against 5 (open space, one opponent)
    assert SYSTEM.damage("dodge", dodge.params, uncertain, defender) == ("force_defence", {})
    hit = SYSTEM.damage("dodge", dodge.params, roll(dodge, 1, 1), defender)  # 3 - 3 = 0 vs 5
    assert hit is not None and hit[0] == "hit"


# -- what each attack mode adds -----------------------------------------------------------------


PLAIN = duel("Épée", "Flamberge")


@pytest.mark.parametrize(
    ("label", "plus"),
    [
        (PLAIN, 0),
        (f"{PLAIN}, attaque totale", 1),  # L173-176
        (f"{PLAIN}, précise à la tête", 1),  # L179-182
        ("Épée : cible sans défense (Bagarre)", 1),  # L183-187
        ("Épée contre l'esquive", 0),
        ("Épée contre l'esquive, attaque totale", 1),
    ],
)
def test_each_mode_raises_the_category_as_its_rule_says(label: str, plus: int) -> None:
    attacker = character(weapons=[BLADE])
    defender = character(weapons=[FLAMBERGE], armour="combinaison_securite")  # protection 1
    action = labelled(SYSTEM.attacks(attacker, defender), label)
    hit = Resolution("hit", None, {})
    damage = SYSTEM.damage(action.check, action.params, hit, defender)
    assert damage is not None
    wound = apply(defender, damage, 3).resolution  # Résistance 3 + 3 = 6: nothing cancelled
    assert wound.details["category"] == LADDER["moyenne"] + plus - 1


def test_the_head_counts_only_on_a_precise_attack_L179_182() -> None:
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    aimed = labelled(
        SYSTEM.attacks(attacker, defender), f"{duel('Flamberge', 'Épée')}, précise à la tête"
    )
    assert aimed.params["precise"] and aimed.params["head"]
    hit = Resolution("hit", None, {})
    damage = SYSTEM.damage("attack", aimed.params, hit, defender)
    assert damage is not None and damage[1]["head"] is True
    loose = SYSTEM.damage("attack", {**aimed.params, "precise": False}, hit, defender)
    assert loose is not None and "head" not in loose[1]


def test_a_table_never_pins_the_choices_of_the_moment() -> None:
    """The tracker forces every table option onto the check and the operation: none of them may
    be a precise, all-out, head or defenceless choice, or those attacks would lose their effect."""
    table = {o.name: o.default for o in SYSTEM.options}  # a new table's values
    attacker, defender = character(weapons=[FLAMBERGE]), character(weapons=[BLADE])
    for action in SYSTEM.attacks(attacker, defender):
        fields = SYSTEM.check(action.check).params.model_fields
        forced = {k: v for k, v in table.items() if k in fields}
        assert {**action.params, **forced} == {**forced, **action.params}, action.label.fr
    hit_fields = SYSTEM.operation("hit").params.model_fields
    moment = {"total_attack", "head", "defenceless", "knockout", "disarm"}
    assert not moment & {k for k in table if k in hit_fields}


def test_a_short_circuit_adds_a_gene_only_to_an_exoskeleton_wearer() -> None:
    """Site §3.3: a blow that lands on an exoskeleton may cause one gêne."""
    attacker = character(weapons=[FLAMBERGE])
    for armour, extra in (("exosquelette", 1), ("combinaison_combat", 0)):
        defender = character(weapons=[BLADE], armour=armour)
        blow = labelled(SYSTEM.attacks(attacker, defender), duel("Flamberge", "Épée"))
        params = {**blow.params, "short_circuit": True}
        damage = SYSTEM.damage("attack", params, Resolution("hit", None, {}), defender)
        assert damage is not None
        after = apply(defender, damage, 3, 3).sheet
        assert after.nifimo.gene_extra == extra


# -- what both sheets put in the params ----------------------------------------------------------


def test_attitudes_both_sheets_hold_are_offered_with_their_numbers_L733_737() -> None:
    attacker = character(weapons=[BLADE], nifimo={"fatigue": {"light": 4}})  # malus 1
    defender = character(weapons=[BLADE], nifimo={"stress": {"serious": 7}})  # malus 2
    actions = SYSTEM.attacks(attacker, defender)
    duels = [a for a in actions if a.check == "attack"]
    # attitude pairs x (plain, all-out, precise to the head, to knock out, to disarm)
    assert len(duels) == 3 * 3 * 5
    fierce = labelled(duels, duel("Épée", "Épée", "agressive", "défensive"))
    assert fierce.params == {
        "attack": 8,
        "parry": 7,
        "attack_malus": 1,
        "parry_malus": 2,
        "category": 4,
    }
    dodge = labelled(actions, "Épée contre l'esquive")
    assert (dodge.params["skill"], dodge.params["malus"]) == (defender.score("esquive"), 2)
    bagarre = labelled(actions, "Épée : cible sans défense (Bagarre)")
    assert (bagarre.params["skill"], bagarre.params["malus"]) == (attacker.score("bagarre"), 1)


def test_an_unarmed_defender_can_only_dodge_or_be_defenceless() -> None:
    actions = SYSTEM.attacks(character(weapons=[FLAMBERGE]), character())
    assert {a.check for a in actions} == {"dodge", "defenceless"}


def test_an_unarmed_attacker_has_fists_for_the_defenceless_attack_L820() -> None:
    actions = SYSTEM.attacks(character(), character(weapons=[BLADE]))
    fists = labelled(actions, "Poings : cible sans défense (Bagarre)")
    assert [a.check for a in actions] == ["defenceless"]
    assert fists.params["category"] == LADDER["poings"]


def test_a_half_filled_attitude_breaks_a_rule() -> None:
    sheet = character(weapons=[{**FLAMBERGE, "aggressive_attack": 9}])
    rules = [v for v in SYSTEM.validate(sheet) if v.rule == "attitude_pair"]
    assert [v.path for v in rules] == ["weapons.0.aggressive_parry"]


def test_other_checks_do_no_damage() -> None:
    defender = character(weapons=[BLADE])
    success = Resolution("success")
    assert SYSTEM.damage("test", {"skill": 5, "difficulty": 6}, success, defender) is None


def test_the_sheets_own_attack_actions_carry_the_weapons_damage_category_L813_827() -> None:
    sheet = character(weapons=[FLAMBERGE, BLADE])
    attacks = [
        a for a in SYSTEM.actions(sheet) if a.check == "attack" and "attack_malus" in a.params
    ]
    assert [a.params["category"] for a in attacks] == [LADDER["longue"]] + [LADDER["moyenne"]] * 3
