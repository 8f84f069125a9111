"""Vehicle manoeuvres (L1393-1457)."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Check, Params, Resolution, tr
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
from ecran.systems.organique.tables import FIELDS, src


class ManoeuvreParams(Params):
    agility: int = characteristic_field("AGI")
    level: int = FIELDS("level.manoeuvre", default=1, ge=0, le=6)
    manoeuvrability: int = FIELDS("manoeuvrability", default=0, ge=-40, le=40)
    difficulty: int = difficulty_field(default=20)
    speed: int = FIELDS("speed.manoeuvre", default=0, ge=0, le=200)
    speed_as_difficulty: bool = FIELDS("speed_as_difficulty", default=False)
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
        return d20_test(dice, base, difficulty, params.luck).resolution()


VEHICLE_CHECKS = (Manoeuvre(),)
