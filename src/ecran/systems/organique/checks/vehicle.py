"""Vehicle manoeuvres (L1393-1457)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution
from ecran.rules.data import row_where
from ecran.systems.organique.checks.base import (
    OrganiqueCheck,
    ReactionName,
    characteristic_field,
    difficulty_field,
    luck_field,
    modifier_field,
)
from ecran.systems.organique.checks.core import skill_bonus
from ecran.systems.organique.dice import beats, d20_test
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.tables import COMBAT, FIELDS, NONE, src, words

if TYPE_CHECKING:
    VehicleManoeuvreName = str
else:
    VehicleManoeuvreName = Literal[
        tuple(m.name for m in COMBAT.vehicle_manoeuvre if m.combat == "action")
    ]


class ManoeuvreParams(Params):
    agility: int = characteristic_field("characteristic.agi")
    level: int = FIELDS("level.manoeuvre", default=1, ge=0, le=6)
    manoeuvrability: int = FIELDS("manoeuvrability", default=0, ge=-40, le=40)
    difficulty: int = difficulty_field(default=20)
    speed: int = FIELDS("speed.manoeuvre", default=0, ge=0, le=200)
    speed_as_difficulty: bool = FIELDS("speed_as_difficulty", default=False)
    modifier: int = modifier_field()
    luck: bool = luck_field()


class Manoeuvre(OrganiqueCheck[ManoeuvreParams]):
    sources = (src(1393, 1457),)
    example = {"agility": 15, "level": 3, "manoeuvrability": 15, "difficulty": 20}

    def resolve(self, params: ManoeuvreParams, dice: DiceSource) -> Resolution:
        base = params.agility + skill_bonus(params.level) + params.manoeuvrability + params.modifier
        difficulty = params.speed if params.speed_as_difficulty else params.difficulty
        return d20_test(dice, base, difficulty, params.luck).resolution()


class VehicleAttackParams(Params):
    manoeuvre: VehicleManoeuvreName = FIELDS(
        "manoeuvre.combat", default="ramp", choices=words(COMBAT.vehicle_manoeuvre)
    )
    agility: int = characteristic_field("characteristic.agi")
    level: int = FIELDS("level.manoeuvre", default=1, ge=0, le=6)
    manoeuvrability: int = FIELDS("manoeuvrability", default=0, ge=-40, le=40)
    difficulty: int = FIELDS("difficulty.vehicle_combat", ge=0, le=60)
    speed: int = FIELDS("speed.manoeuvre", default=0, ge=0, le=200)
    speed_as_difficulty: bool = FIELDS("speed_as_difficulty", default=False)
    modifier: int = modifier_field()
    reaction: ReactionName = FIELDS(
        "reaction", default="dodge", choices=words(COMBAT.reaction, none=NONE)
    )
    defender_characteristics: int = FIELDS(
        "defender_characteristics.vehicle", default=0, ge=-20, le=80
    )
    defender_modifier: int = modifier_field("modifier.vehicle_defender")
    luck_in_combat: bool = OPTIONS["luck_in_combat"].field()
    # The collision's damage (L567-568: being hit by a vehicle deals c) is the GM's: the
    # chapter gives no figure. It rides along for the damage step, like a weapon's.
    collision_bs: float = FIELDS("collision_bs", default=0.0, ge=0, le=100, multiple_of=0.5)
    collision_c: float = FIELDS("collision_c", default=0.0, ge=0, le=100, multiple_of=0.5)


class VehicleAttack(OrganiqueCheck[VehicleAttackParams]):
    sources = (src(1447, 1457), src(1393, 1445), src(567, 568), src(3385, 3480))
    example = {
        "manoeuvre": "ramp",
        "agility": 15,
        "level": 3,
        "manoeuvrability": 15,
        "difficulty": 30,
        "reaction": "dodge",
        "defender_characteristics": 20,
    }

    def resolve(self, params: VehicleAttackParams, dice: DiceSource) -> Resolution:
        base = params.agility + skill_bonus(params.level) + params.manoeuvrability + params.modifier
        difficulty = params.speed if params.speed_as_difficulty else params.difficulty
        attack = d20_test(dice, base, difficulty, params.luck_in_combat)
        details: dict[str, Any] = attack.as_details()
        if not attack.success:
            return Resolution("miss", attack.total, details)
        if params.reaction != "none":
            reaction = row_where(COMBAT.reaction, name=params.reaction)
            base = params.defender_characteristics + params.defender_modifier
            defence = d20_test(dice, base, reaction.difficulty, params.luck_in_combat)
            details.update(defence.as_details("defender_"))
            # As the attack check: the defender's margin must match the attacker's (L2809-2816).
            exceed = reaction.defender_must_exceed
            if defence.success and beats(defence.margin, attack.margin, ties_to_other=exceed):
                return Resolution("defended", attack.total, details)
        return Resolution("hit", attack.total, details)


VEHICLE_CHECKS = (Manoeuvre(), VehicleAttack())
