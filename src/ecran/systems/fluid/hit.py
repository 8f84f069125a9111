"""What an attack's result does to the defender (L1343-1353, L1425-1529, L1645-1649,
L1671-1677): the operation an encounter tracker applies to the defender's sheet.

The attack check has already rolled the exchange and worked out the damage, so the damage is
passed on as a number, never rolled again. Only the survival test a critical wound calls for
(the defender's own CON roll, L1495-1499) is rolled by the operation.
"""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Operation, Params, Resolution, cite, param, tr
from ecran.systems.fluid import tracks
from ecran.systems.fluid.checks.combat import wound_of
from ecran.systems.fluid.operations import (
    DamageParams,
    Survive,
    SurviveParams,
    TakeDamage,
)
from ecran.systems.fluid.options import SURVIVAL_COMBINE
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import HEALTH, SEED

#: The survival check's bound on disadvantages; a wound past it is all but certain death anyway.
MAX_PENALTY = 30
#: The operation's bound on damage: a longer explosion chain destroys the limb all the same.
MAX_DAMAGE = 200
HITS = ("hit", "down", "critical")
JOUST_HITS = ("scores", "wins")
JOUST_LOSSES = ("shaken", "convinced")


class HitParams(Params):
    damage: int = param(
        tr("Dégâts", "Damage"),
        tr("Dégâts de l'attaque, armure déjà ôtée", "The attack's damage, armour taken off"),
        ge=0,
        le=200,
    )
    wound_name: str = param(
        tr("Nom de la blessure", "Wound name"),
        tr("Nommée selon la blessure et l'endroit touché", "Named by the wound and the place hit"),
        default="Blessure",
    )
    hinders: str = param(
        tr("Gêne", "Hinders"),
        tr(
            "Caractéristiques dont la blessure gêne les actions (FOR,AGI… ; * = toutes) : au MJ",
            "Characteristics whose actions the wound hinders (FOR,AGI…; * = all): GM input",
        ),
        default="*",
    )
    survival_test: bool = param(
        tr("Test de survie", "Survival test"),
        tr(
            "Lancer tout de suite le test de survie qu'une blessure critique impose (sauf sbire)",
            "Roll at once the survival test a critical wound calls for (not for minions)",
        ),
        default=True,
    )
    survival_combine: Literal["max", "sum"] = SURVIVAL_COMBINE.field()


class TakeHit(Operation[FluidSheet, HitParams]):
    """RES first, then a wound Trait, then the survival test of a critical wound."""

    name = "take_hit"
    title = tr("Encaisser une attaque", "Take a hit")
    params = HitParams
    sources = (
        cite(SEED, 1425, 1439, note="RES, then wound Traits"),
        cite(SEED, 1459, 1529, note="critical wounds and the survival test"),
        cite(SEED, 1645, 1649, note="minions: out at RES 0, survival test optional"),
    )

    def apply(self, sheet: FluidSheet, params: HitParams, dice: DiceSource) -> Change[FluidSheet]:
        hurt = TakeDamage().apply(
            sheet,
            DamageParams(
                damage=params.damage,
                wound_name=params.wound_name,
                hinders=params.hinders,
                survival_combine=params.survival_combine,
            ),
            dice,
        )
        wound = wound_of(
            params.damage,
            tracks.current(sheet, "RES"),
            tracks.attribute(sheet, "RES"),
            tracks.wound_total(sheet),
            params.survival_combine,
        )
        if not (params.survival_test and wound.survival_penalty) or sheet.minion:
            return hurt
        penalty = min(MAX_PENALTY, wound.survival_penalty)
        test = Survive().apply(hurt.sheet, SurviveParams(penalty=penalty), dice)
        summary = tr(
            f"{hurt.summary.fr} ; test de survie : {test.summary.fr}",
            f"{hurt.summary.en}; survival test: {test.summary.en}",
        )
        return Change(test.sheet, summary, test.resolution)


def wound_name(location: str | None) -> str:
    """'Blessure' named after the place the hit-location option gave (L1441-1449), when it
    names one place."""
    if location in (None, "choice", "two_places"):
        return "Blessure"
    place = next(loc for loc in HEALTH.location if loc.id == location)
    return f"Blessure ({place.fr})"


def damage(
    check: str, params: dict[str, Any], result: Resolution, defender: FluidSheet
) -> tuple[str, dict[str, Any]] | None:
    """The operation a result applies to the defender, or None: repelled, absorbed by armour,
    or countered (the counter hurts the attacker, whose sheet this hook does not see; the
    damage it takes is in the result's `damage_taken`)."""
    details = result.details
    if check == "attack" and result.outcome in HITS:
        combine = params.get("survival_combine", SURVIVAL_COMBINE.default)
        return "take_hit", {
            "damage": min(MAX_DAMAGE, int(details["damage"])),
            "wound_name": wound_name(details.get("location")),
            "survival_combine": combine,
        }
    if check == "verbal_joust" and result.outcome in JOUST_HITS:
        # The joust's "damage" is the score difference, taken off AUR (L1673-1677).
        joust = min(MAX_DAMAGE, int(result.total or 0))
        return "take_damage", {"damage": joust, "target": "AUR"}
    if check == "vampirism" and result.outcome == "drained":
        stolen = min(int(details["res_stolen"]), tracks.current(defender, "RES"))
        return ("spend", {"pool": "RES", "points": stolen}) if stolen else None
    return None


def counter(
    check: str, params: dict[str, Any], result: Resolution, attacker: FluidSheet
) -> tuple[str, dict[str, Any]] | None:
    """What the exchange does to the attacker: both sides strike at once, so a defender who
    wins hurts the attacker (L999-1003, Ripois L1273-1279); a lost joust costs the speaker
    AUR. Not part of the System contract yet (the tracker applies `damage` to the defender
    only): ready for a hook that hands the attacker's sheet."""
    details = result.details
    if check == "attack" and result.outcome == "countered":
        combine = params.get("survival_combine", SURVIVAL_COMBINE.default)
        return "take_hit", {
            "damage": min(MAX_DAMAGE, int(details["damage_taken"])),
            "survival_combine": combine,
        }
    if check == "verbal_joust" and result.outcome in JOUST_LOSSES:
        lost = min(MAX_DAMAGE, -int(result.total or 0))
        return "take_damage", {"damage": lost, "target": "AUR"}
    return None
