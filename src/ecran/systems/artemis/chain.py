"""The encounter's attack chain (issue 8): the attacks one sheet can make on another, each a check
prefilled from both sheets, and what the rolled attack does to the defender's sheet.

The turn (L751-776, website §3.1): the defender picks an attitude (or dodges), then the attacker;
the attack is a duel of the attacker's attack score against the defender's parry score, each for
the weapon in hand and the chosen attitude, both less their NIFIMO malus. A dodge replaces the
parry, and the dodge test alone decides (rules §4.5). On a hit the defender takes the wound
procedure (`hit`: category, protection, Résistance test, L71-128), rolled by the operation on the
defender's sheet: the attack check rolls no damage die, so nothing is rolled twice.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.rules import Action, Resolution, Text, from_validation, tr
from ecran.systems.artemis import combat, tables, tracks, wounds
from ecran.systems.artemis.checks.combat import (
    AttackParams,
    BlowParams,
    DefencelessParams,
    DodgeParams,
    ForcibleParams,
)
from ecran.systems.artemis.sheet import ArtemisSheet, Weapon

#: How each attack can be made (optional rules L173-182, "choices of the moment"): the plain
#: blow, the all-out attack (+1 category; its defensive cost is the GM's, A17) and the precise
#: attack aimed at the head (attack -4, +1 category). A precise attack on the arm (disarm,
#: L188-191) is left out: its effect is the GM's to apply.
MODES: tuple[tuple[Text | None, dict[str, Any]], ...] = (
    (None, {}),
    (tr("attaque totale", "all-out attack"), {"total_attack": True}),
    (tr("précise à la tête", "precise, to the head"), {"precise": True, "head": True}),
)
#: Against a dodge the attacker rolls nothing, so an aim penalty has nowhere to apply: only the
#: plain and all-out blows are offered.
DODGE_MODES = MODES[:2]
#: An attacker with no weapon block still has fists (sheet L820) for the Bagarre test.
FISTS = "poings"

PARAMS: dict[str, type[BaseModel]] = {
    "attack": AttackParams,
    "dodge": DodgeParams,
    "defenceless": DefencelessParams,
}
MISSED = {"miss", "avoided"}


def attacks(attacker: ArtemisSheet, defender: ArtemisSheet) -> list[Action]:
    found: list[Action] = []
    for index, w in enumerate(attacker.weapons):
        found += _duels(attacker, defender, index)
        found += _against_dodge(attacker, defender, w)
        found.append(_defenceless(attacker, w.name, combat.damage_category(w), _group(w)))
    if not attacker.weapons:
        fists = next(c for c in tables.combat().weapon_category if c.id == FISTS)
        name = Text(fr=fists.fr.capitalize(), en=fists.en.capitalize())
        found.append(_defenceless(attacker, name.fr, fists.category, name))
    return found


def _group(w: Weapon) -> Text:
    return Text(fr=f"Arme : {w.name}", en=f"Weapon: {w.name}")


def _with_mode(label: Text, mode: Text | None) -> Text:
    if mode is None:
        return label
    return Text(fr=f"{label.fr}, {mode.fr}", en=f"{label.en}, {mode.en}")


def _duels(attacker: ArtemisSheet, defender: ArtemisSheet, index: int) -> list[Action]:
    """Every attitude pair both sheets hold numbers for, in every mode; none when the defender
    has no weapon block to parry with (then only the dodge and the defenceless attack remain).
    The defender parries with the first weapon of its sheet."""
    if not defender.weapons:
        return []
    w, parrying = attacker.weapons[index], defender.weapons[0]
    blow = {"category": combat.damage_category(w)}
    found = []
    for mine in combat.attitudes(w):
        for theirs in combat.attitudes(parrying):
            base = combat.attack_params(attacker, defender, index, 0, mine, theirs)
            a, d = combat.ATTITUDE_LABELS[mine], combat.ATTITUDE_LABELS[theirs]
            label = Text(
                fr=f"{w.name} ({a.fr}) contre la parade de {parrying.name} ({d.fr})",
                en=f"{w.name} ({a.en}) against the parry of {parrying.name} ({d.en})",
            )
            for mode, extra in MODES:
                params = {**base, **blow, **extra}
                found.append(Action(_with_mode(label, mode), "attack", params, _group(w)))
    return found


def _against_dodge(attacker: ArtemisSheet, defender: ArtemisSheet, w: Weapon) -> list[Action]:
    """The defender dodges (L129-161): its Esquive against the space (open unless the GM says
    otherwise) and the opponents able to attack it (one: this attacker, a GM input too)."""
    base = {**combat.dodge_params(defender), "category": combat.damage_category(w)}
    label = Text(fr=f"{w.name} contre l'esquive", en=f"{w.name} against a dodge")
    return [
        Action(_with_mode(label, mode), "dodge", {**base, **extra}, _group(w))
        for mode, extra in DODGE_MODES
    ]


def _defenceless(attacker: ArtemisSheet, name: str, category: int, group: Text) -> Action:
    """Bagarre whatever the weapon, difficulty 8, damage +1 category (L183-187). Whether the
    target is defenceless is the GM's call (rules §9.4): offered, never assumed."""
    params = {
        "skill": attacker.score("bagarre"),
        "malus": tracks.malus(attacker),
        "category": category,
    }
    label = Text(
        fr=f"{name} : cible sans défense (Bagarre)", en=f"{name}: defenceless target (Bagarre)"
    )
    return Action(label, "defenceless", params, group)


# -- what a rolled attack does ---------------------------------------------------------------


def damage(
    check: str, params: dict[str, Any], result: Resolution, defender: ArtemisSheet
) -> tuple[str, dict[str, Any]] | None:
    """Missed or avoided: nothing. Uncertain: the defender forces the defence for one light
    fatigue (L156-161, L756-759) or takes the blow, as `on_uncertain` says. Hit: the `hit`
    operation on the defender (its armour, Résistance and malus), with the blow's category and
    its "+1 category" effects (L71-128, L173-187)."""
    model = PARAMS.get(check)
    if model is None or result.outcome in MISSED:
        return None
    blow = _parse(model, params)
    assert isinstance(blow, BlowParams)
    hit: dict[str, Any] = {
        "category": blow.category,
        "total_attack": blow.total_attack,
        "short_circuit": blow.short_circuit and tables.armour(defender.armour).exoskeleton,
    }
    if isinstance(blow, AttackParams) and blow.precise and blow.head:
        hit["head"] = True
    if check == "defenceless":
        hit["defenceless"] = True
    choice = blow.on_uncertain if isinstance(blow, ForcibleParams) else "take"
    if result.outcome == "uncertain" and _forces(choice, hit, defender):
        return "force_defence", {}
    return "hit", hit


def _forces(choice: str, hit: dict[str, Any], defender: ArtemisSheet) -> bool:
    """`auto`: a defender pays the light fatigue only for a blow that can hurt. Counting every
    "+1" (stacked) is the highest category the blow can reach, so a blow taken as harmless is
    harmless under either stacking reading; it assumes the recommended reading A6 (Égratigné
    leaves no wound)."""
    if choice != "auto":
        return choice == "force"
    plus = sum(bool(hit.get(k)) for k in ("total_attack", "head", "defenceless"))
    final = wounds.final_category(hit["category"], plus, tracks.protection(defender))
    return final > 0 or bool(hit["short_circuit"])


def _parse(model: type[BaseModel], params: dict[str, Any]) -> BaseModel:
    try:
        return model.model_validate(params)
    except ValidationError as error:
        raise from_validation(error) from None
