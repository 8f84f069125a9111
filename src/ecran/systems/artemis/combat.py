"""Combat between two sheets, for an encounter tracker: the parameters of the attack duel, the
dodge and the damage, read from both characters' weapons, attitudes, armour and NIFIMO malus.

The turn (website §3.1): everyone rolls initiative (`System.initiative`); the highest attacks; the
defender picks an attitude (or dodges), then the attacker; both hold until the end of the turn;
`attack` (or `dodge`) is rolled; on a hit the defender applies the `hit` operation.
"""

from __future__ import annotations

from typing import Any, Literal

from ecran.rules import EcranError, Text, tr
from ecran.systems.artemis import tables, tracks
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
            tr(f"{sheet.name} n'a pas d'arme n°{index}", f"{sheet.name} has no weapon #{index}")
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
