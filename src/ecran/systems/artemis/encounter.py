"""The encounter: combat between two sheets (issue 8), read from both characters' weapons,
attitudes, armour and NIFIMO malus.

The turn (L751-776, website §3.1): everyone rolls initiative (`initiative`); the highest attacks;
the defender picks an attitude (or dodges), then the attacker; both hold until the end of the turn.
The attack is a duel of the attacker's attack score against the defender's parry score, each for
the weapon in hand and the chosen attitude, both less their NIFIMO malus. A dodge replaces the
parry, and the dodge test alone decides (rules §4.5). On a hit the defender takes the wound
procedure (`hit`: category, protection, Résistance test, L71-128), rolled by the operation on the
defender's sheet: the attack check rolls no damage die, so nothing is rolled twice.
"""

from __future__ import annotations

import functools
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from ecran.dice import DiceSource
from ecran.rules import (
    Action,
    Consequence,
    EcranError,
    Resolution,
    Text,
    from_validation,
    tr,
)
from ecran.rules.ongoing import lost_reaction
from ecran.rules.validated import validated
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.checks.combat import (
    AttackParams,
    BlowParams,
    DefencelessParams,
    DodgeParams,
    ForcibleParams,
)
from ecran.systems.artemis.sheet import ArtemisSheet, Weapon

Attitude = Literal["prudente", "defensive", "agressive"]


ATTITUDES: tuple[Attitude, ...] = ("prudente", "defensive", "agressive")
ATTITUDE_LABELS: dict[Attitude, Text] = {
    "prudente": tr("prudente", "prudent"),
    "defensive": tr("défensive", "defensive"),
    "agressive": tr("agressive", "aggressive"),
}


def attitudes(w: Weapon) -> list[Attitude]:
    """The attitudes this weapon block has numbers for: the prudent one always (its base
    scores), the others when the sheet holds both their attack and parry (L733-737)."""
    held = {
        "defensive": (w.defensive_attack, w.defensive_parry),
        "agressive": (w.aggressive_attack, w.aggressive_parry),
    }
    return [a for a in ATTITUDES if a == "prudente" or None not in held[a]]


def weapon(sheet: ArtemisSheet, index: int) -> Weapon:
    if not 0 <= index < len(sheet.weapons):
        raise EcranError(
            tr(f"{sheet.name} n'a pas d'arme n° {index}", f"{sheet.name} has no weapon #{index}")
        )
    return sheet.weapons[index]


def scores(w: Weapon, attitude: Attitude) -> tuple[int, int]:
    """Attack and parry of a weapon in an attitude (L733-737): the prudent attitude uses the base
    scores; the sheet must hold the other two, whose modifiers the seed does not give."""
    if attitude == "prudente":
        return w.attack, w.parry
    att, par = (
        (w.defensive_attack, w.defensive_parry)
        if attitude == "defensive"
        else (w.aggressive_attack, w.aggressive_parry)
    )
    if att is None or par is None:
        raise EcranError(
            tr(
                f"{w.name} : scores de l'attitude {attitude} absents de la feuille",
                f"{w.name}: the {attitude} attitude's scores are not on the sheet",
            )
        )
    return att, par


def attack_params(
    attacker: ArtemisSheet,
    defender: ArtemisSheet,
    attacker_weapon: int = 0,
    defender_weapon: int = 0,
    attacker_attitude: Attitude = "prudente",
    defender_attitude: Attitude = "prudente",
    **options: Any,
) -> dict[str, Any]:
    """Parameters of the `attack` check for this exchange (options: precise, weapon_too_big,
    attack_resolution...)."""
    attack, _ = scores(weapon(attacker, attacker_weapon), attacker_attitude)
    _, parry = scores(weapon(defender, defender_weapon), defender_attitude)
    return {
        "attack": attack,
        "parry": parry,
        "attack_malus": tracks.malus(attacker),
        "parry_malus": tracks.malus(defender),
        **options,
    }


def dodge_params(defender: ArtemisSheet, space: str = "open", opponents: int = 1) -> dict[str, Any]:
    return {
        "skill": defender.score("esquive"),
        "malus": tracks.malus(defender),
        "space": space,
        "opponents": opponents,
    }


def damage_category(w: Weapon) -> int:
    """The weapon category's step on the damage ladder (sheet L813-833)."""
    return next(c.category for c in tables.combat().weapon_category if c.id == w.category)


def hit_params(attacker: ArtemisSheet, attacker_weapon: int = 0, **effects: bool) -> dict[str, Any]:
    """Parameters of the defender's `hit` operation (effects: total_attack, head, defenceless)."""
    return {"category": damage_category(weapon(attacker, attacker_weapon)), **effects}


# -- initiative ------------------------------------------------------------------------------


def initiative_score(sheet: ArtemisSheet) -> int:
    """Acrobatie + Réaction (L729)."""
    return sheet.score("acrobaties") + sheet.score("reaction")


def initiative(sheet: ArtemisSheet, dice: DiceSource) -> Resolution:
    """Rolled by everyone at the start of each turn, highest first (website §3.1): Acrobatie +
    Réaction (L729) + the die with criticals, minus the NIFIMO malus. Ties: the GM's call."""
    score, malus = initiative_score(sheet), tracks.malus(sheet)
    die = ad.roll_die(dice, False, "kept_die")
    total = score + die.value - malus
    details = {"score": score, "die": die.value, "raw_dice": die.raw, "malus": malus}
    return Resolution("initiative", total=total, details=details)


# -- the attacks one sheet can make on another ------------------------------------------------

#: How each attack can be made (optional rules L173-197, "choices of the moment"): the plain
#: blow, the all-out attack (+1 category; its price a condition on the attacker, A17), the
#: precise attack aimed at the head (attack -4, +1 category), to knock out, or at the weapon
#: arm to disarm (both take effect with at least one serious wound, L188-197).
MODES: tuple[tuple[Text | None, dict[str, Any]], ...] = (
    (None, {}),
    (tr("attaque totale", "all-out attack"), {"total_attack": True}),
    (tr("précise à la tête", "precise, to the head"), {"precise": True, "head": True}),
    (
        tr("précise à la tête pour assommer", "precise, to the head to knock out"),
        {"precise": True, "head": True, "knockout": True},
    ),
    (
        tr("précise au bras armé pour désarmer", "precise, to the weapon arm to disarm"),
        {"precise": True, "disarm": True},
    ),
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
    """Per weapon: the duels (attack against parry), the defender's dodge, and Bagarre on a
    defenceless target (L183-187); only the last against one whose reaction a condition took
    (`rules.ongoing.lost_reaction`: no parry, no dodge)."""
    if lost_reaction(defender):
        return [a for a in _attacks(attacker, defender) if a.check == "defenceless"]
    return _attacks(attacker, defender)


def _attacks(attacker: ArtemisSheet, defender: ArtemisSheet) -> list[Action]:
    # each side's malus read once for every action (the encounter simulator asks this list
    # for every pair of states it meets)
    maluses = tracks.malus(attacker), tracks.malus(defender)
    found: list[Action] = []
    for index, w in enumerate(attacker.weapons):
        group, category = _group(w), damage_category(w)
        found += _duels(attacker, defender, index, maluses, group, category)
        found += _against_dodge(defender, w, maluses[1], group, category)
        found.append(_defenceless(attacker, w.name, category, group, maluses[0]))
    if not attacker.weapons:
        fists = next(c for c in tables.combat().weapon_category if c.id == FISTS)
        name = Text(fr=fists.fr.capitalize(), en=fists.en.capitalize())
        found.append(_defenceless(attacker, name.fr, fists.category, name, maluses[0]))
    return found


def _group(w: Weapon) -> Text:
    return _group_named(w.name)


# The actions' words depend on names alone: made once per name (the encounter simulator asks
# the attacks of every pair of states it meets; a Text is never changed once made).
@functools.lru_cache(maxsize=1024)
def _group_named(name: str) -> Text:
    return Text(fr=f"Arme : {name}", en=f"Weapon: {name}")


def _with_mode(label: Text, mode: Text | None) -> Text:
    if mode is None:
        return label
    return Text(fr=f"{label.fr}, {mode.fr}", en=f"{label.en}, {mode.en}")


@functools.lru_cache(maxsize=1024)
def _duel_labels(weapon: str, parrying: str, mine: Attitude, theirs: Attitude) -> tuple[Text, ...]:
    """The duel's label in each mode of `MODES`."""
    a, d = ATTITUDE_LABELS[mine], ATTITUDE_LABELS[theirs]
    label = Text(
        fr=f"{weapon} ({a.fr}) contre la parade de {parrying} ({d.fr})",
        en=f"{weapon} ({a.en}) against the parry of {parrying} ({d.en})",
    )
    return tuple(_with_mode(label, mode) for mode, _ in MODES)


@functools.lru_cache(maxsize=1024)
def _dodge_labels(weapon: str) -> tuple[Text, ...]:
    """The blow against a dodge in each mode of `DODGE_MODES`."""
    label = Text(fr=f"{weapon} contre l'esquive", en=f"{weapon} against a dodge")
    return tuple(_with_mode(label, mode) for mode, _ in DODGE_MODES)


@functools.lru_cache(maxsize=1024)
def _defenceless_label(name: str) -> Text:
    return Text(
        fr=f"{name} : cible sans défense (Bagarre)", en=f"{name}: defenceless target (Bagarre)"
    )


def _duels(
    attacker: ArtemisSheet,
    defender: ArtemisSheet,
    index: int,
    maluses: tuple[int, int],
    group: Text,
    category: int,
) -> list[Action]:
    """Every attitude pair both sheets hold numbers for, in every mode; none when the defender
    has no weapon block to parry with (then only the dodge and the defenceless attack remain).
    The defender parries with the first weapon of its sheet. Each pair's parameters are
    `attack_params`' (both sides' malus given, read once)."""
    if not defender.weapons:
        return []
    w, parrying = attacker.weapons[index], defender.weapons[0]
    blow = {"category": category}
    found = []
    for mine in attitudes(w):
        attack, _ = scores(w, mine)
        for theirs in attitudes(parrying):
            _, parry = scores(parrying, theirs)
            base = {
                "attack": attack,
                "parry": parry,
                "attack_malus": maluses[0],
                "parry_malus": maluses[1],
            }
            labels = _duel_labels(w.name, parrying.name, mine, theirs)
            for label, (_, extra) in zip(labels, MODES, strict=True):
                params = {**base, **blow, **extra}
                found.append(Action(label, "attack", params, group))
    return found


def _against_dodge(
    defender: ArtemisSheet, w: Weapon, malus: int, group: Text, category: int
) -> list[Action]:
    """The defender dodges (L129-161): its Esquive against the space (open unless the GM says
    otherwise) and the opponents able to attack it (one: this attacker, a GM input too), as
    `dodge_params` gives them (the defender's malus given)."""
    base = {
        "skill": defender.score("esquive"),
        "malus": malus,
        "space": "open",
        "opponents": 1,
        "category": category,
    }
    return [
        Action(label, "dodge", {**base, **extra}, group)
        for label, (_, extra) in zip(_dodge_labels(w.name), DODGE_MODES, strict=True)
    ]


def _defenceless(
    attacker: ArtemisSheet, name: str, category: int, group: Text, malus: int
) -> Action:
    """Bagarre whatever the weapon, difficulty 8, damage +1 category (L183-187). Whether the
    target is defenceless is the GM's call (rules §9.4): offered, never assumed."""
    params = {
        "skill": attacker.score("bagarre"),
        "malus": malus,
        "category": category,
    }
    return Action(_defenceless_label(name), "defenceless", params, group)


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
    return _damage(check, _parse(model, params), result, defender)


def _damage(
    check: str, blow: BaseModel, result: Resolution, defender: ArtemisSheet
) -> tuple[str, dict[str, Any]] | None:
    """`damage` of the blow's parsed parameters."""
    if result.outcome in MISSED:
        return None
    assert isinstance(blow, BlowParams)
    hit: dict[str, Any] = {
        "category": blow.category,
        "total_attack": blow.total_attack,
        "short_circuit": blow.short_circuit and tables.armour(defender.armour).exoskeleton,
    }
    if isinstance(blow, AttackParams) and blow.precise:
        hit |= {k: True for k in ("head", "knockout", "disarm") if getattr(blow, k)}
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
    final = tracks.final_category(hit["category"], plus, tracks.protection(defender))
    return final > 0 or bool(hit["short_circuit"])


def _parse(model: type[BaseModel], params: dict[str, Any]) -> BaseModel:
    """The blow's parameters, validated once per values (`validated`: the simulator asks the
    consequences of every result of the same attack)."""
    try:
        return validated(model, params)
    except ValidationError as error:
        raise from_validation(error, model) from None


# -- everything one result does, to either side -------------------------------------------------


def consequences(
    check: str,
    params: dict[str, Any],
    result: Resolution,
    attacker: ArtemisSheet,
    defender: ArtemisSheet,
) -> list[Consequence]:
    """In the order they happen: the professional's privilege, chosen before the roll, costs
    whoever used it one serious fatigue, attacker or defender (L46-53); a dodge gives up the
    defender's attack this turn (L761-763); then the defender's wound or forced defence
    (`damage`); then the all-out attack's price on the attacker (L173-176, A17)."""
    model = PARAMS.get(check)
    if model is None:
        return []
    blow = _parse(model, params)
    found = [Consequence(side, "privilege_fatigue", {}) for side in _privileged(check, blow)]
    if check == "dodge":
        found.append(Consequence("defender", "dodge_turn", {}))
    hurt = _damage(check, blow, result, defender)
    if hurt is not None:
        found.append(Consequence("defender", *hurt))
    assert isinstance(blow, BlowParams)
    if blow.total_attack:
        cost = {"total_attack_cost": blow.total_attack_cost}
        found.append(Consequence("attacker", "all_out_attack", cost))
    return found


def consequence_reads(check: str, result: Resolution) -> str:
    """What `consequences` read of a result (`System.consequence_reads`): its outcome alone
    (missed or avoided, uncertain, hit: `damage`, L71-128, L156-161). The wound is rolled by
    the defender's `hit` operation, so the attack's totals and dice change nothing it does."""
    return result.outcome


def consequence_sheets(attacker: ArtemisSheet, defender: ArtemisSheet) -> str:
    """What `consequences` read of the sheets (`System.consequence_sheets`): the defender's
    armour, for its protection (whether a forced defence is worth a fatigue, L156-161) and
    whether it is an exoskeleton a short-circuit reaches (website). The rest they read from
    the attack's parameters and result."""
    return defender.armour


def _privileged(check: str, blow: BaseModel) -> list[Literal["attacker", "defender"]]:
    """Who used the privilege: in the duel either side; the dodge is the defender's test, the
    Bagarre test on a defenceless target the attacker's."""
    if isinstance(blow, AttackParams):
        sides: list[Literal["attacker", "defender"]] = []
        if blow.attacker_professional:
            sides.append("attacker")
        if blow.defender_professional:
            sides.append("defender")
        return sides
    if not getattr(blow, "professional", False):
        return []
    return ["defender"] if check == "dodge" else ["attacker"]
