"""Vehicle manoeuvres (L1393-1457)."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Check, Params, Resolution, param, tr
from ecran.systems.organique.checks import labels
from ecran.systems.organique.checks.base import (
    PASS_FAIL,
    characteristic_field,
    difficulty_field,
    luck_field,
    modifier_field,
)
from ecran.systems.organique.checks.core import skill_bonus
from ecran.systems.organique.dice import d20_test
from ecran.systems.organique.tables import src


class ManoeuvreParams(Params):
    agility: int = characteristic_field("AGI")
    level: int = param(
        tr("Niveau de compétence du véhicule", "Vehicle skill level"), default=1, ge=0, le=6
    )
    manoeuvrability: int = param(
        tr("Maniabilité du véhicule", "Vehicle manoeuvrability"),
        tr("Modificateur du véhicule (ex. +15)", "The vehicle's modifier (e.g. +15)"),
        default=0,
        ge=-40,
        le=40,
    )
    difficulty: int = difficulty_field(default=20)
    speed: int = param(
        tr("Vitesse actuelle", "Current speed"),
        tr("Avec « vitesse = difficulté », la difficulté devient la vitesse", ""),
        default=0,
        ge=0,
        le=200,
    )
    speed_as_difficulty: bool = param(
        tr("Vitesse = difficulté", "Speed is the difficulty"),
        tr(
            "Choix du MJ : la difficulté est la vitesse (virage serré à 30 → 30) ; sinon il "
            "met un malus dans le modificateur",
            "GM's choice: the difficulty is the speed (tight turn at 30 → 30); otherwise he puts "
            "a penalty in the modifier",
        ),
        default=False,
    )
    modifier: int = modifier_field()
    luck: bool = luck_field()


class Manoeuvre(Check[ManoeuvreParams]):
    name = "manoeuvre"
    title = tr("Manœuvre de véhicule", "Vehicle manoeuvre")
    description = tr(
        "AGI + compétence + maniabilité + 1D20 contre la difficulté de la manœuvre, ou la "
        "vitesse quand le MJ le décide.",
        "AGI + skill + manoeuvrability + 1d20 against the manoeuvre's difficulty, or the speed "
        "when the GM so decides.",
    )
    params = ManoeuvreParams
    outcomes = PASS_FAIL
    sources = (src(1393, 1457),)
    example = {"agility": 15, "level": 3, "manoeuvrability": 15, "difficulty": 20}
    detail_labels = labels.ROLL

    def resolve(self, params: ManoeuvreParams, dice: DiceSource) -> Resolution:
        base = params.agility + skill_bonus(params.level) + params.manoeuvrability + params.modifier
        difficulty = params.speed if params.speed_as_difficulty else params.difficulty
        roll = d20_test(dice, base, difficulty, params.luck)
        details: dict[str, Any] = roll.as_details()
        return Resolution("success" if roll.success else "failure", roll.total, details)


VEHICLE_CHECKS = (Manoeuvre(),)
