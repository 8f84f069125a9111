"""Psychic manipulation and perception (L1295-1390, L476-488)."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution
from ecran.systems.organique.checks.base import (
    OrganiqueCheck,
    PsychicTargetName,
    characteristic_field,
    difficulty_field,
    luck_field,
    modifier_field,
)
from ecran.systems.organique.dice import beats, d20_test
from ecran.systems.organique.options import OPTIONS, TieRule
from ecran.systems.organique.tables import FIELDS, HACKING, src, words

METRE_PENALTY = 3  # L1331-1334 and L1359-1361: −3 per metre


def distance_field() -> Any:
    return FIELDS("distance_m", default=0, ge=0)


class ManipulationParams(Params):
    will: int = characteristic_field("characteristic.medium_will")
    skill_bonus: int = FIELDS("skill_bonus.manipulation", default=0, ge=0, le=20)
    modifier: int = modifier_field()
    difficulty: int = difficulty_field(default=20)
    area: bool = FIELDS("area", default=False)
    distance_m: int = distance_field()
    target: PsychicTargetName = FIELDS(
        "target.manipulation", default="human", choices=words(HACKING.psychic_target)
    )
    obvious: bool = FIELDS("obvious", default=False)
    target_perception: int = characteristic_field("characteristic.target_perception", default=10)
    target_will: int = characteristic_field("characteristic.target_will", default=10)
    luck: bool = luck_field()
    tie_rule: TieRule = OPTIONS["tie_rule"].field()


class Manipulation(OrganiqueCheck[ManipulationParams]):
    sources = (src(1307, 1365), src(1381, 1390), src(476, 488))
    example = {"will": 17, "skill_bonus": 4, "area": True, "distance_m": 1}

    def resolve(self, params: ManipulationParams, dice: DiceSource) -> Resolution:
        target = next(t for t in HACKING.psychic_target if t.name == params.target)
        base = params.will + params.skill_bonus + params.modifier + target.modifier
        base += 10 if params.area else 0
        medium = d20_test(dice, base, params.difficulty, params.luck)
        reach = medium.margin - METRE_PENALTY * params.distance_m
        details: dict[str, Any] = {**medium.as_details(), "margin_at_target": reach}
        if not medium.success or reach < 0:
            return Resolution("failure", medium.total, details)
        ties_to_medium = params.tie_rule == "literal"
        if not params.obvious:
            notice = d20_test(dice, params.target_perception, 20, params.luck)
            details.update(notice.as_details("notice_"))
            if not (notice.success and beats(notice.margin, reach, ties_to_medium)):
                return Resolution("manipulated", medium.total, details)
        resist = d20_test(dice, params.target_will, 20, params.luck)
        details.update(resist.as_details("resist_"))
        if resist.success and beats(resist.margin, reach, ties_to_medium):
            return Resolution("resisted", medium.total, details)
        return Resolution("manipulated", medium.total, details)


class PerceptionParams(Params):
    perception: int = characteristic_field("characteristic.per")
    skill_bonus: int = FIELDS("skill_bonus.perception", default=0, ge=0, le=20)
    modifier: int = modifier_field()
    difficulty: int = difficulty_field(default=20)
    distance_m: int = distance_field()
    crowd: int = FIELDS("crowd", default=0)
    luck: bool = luck_field()


class Perception(OrganiqueCheck[PerceptionParams]):
    sources = (src(1367, 1379),)
    example = {"perception": 14, "skill_bonus": 8, "distance_m": 1, "crowd": 8}

    def resolve(self, params: PerceptionParams, dice: DiceSource) -> Resolution:
        penalty = METRE_PENALTY * params.distance_m + params.crowd // 4
        base = params.perception + params.skill_bonus + params.modifier - penalty
        return d20_test(dice, base, params.difficulty, params.luck).resolution(penalty=penalty)


PSYCHIC_CHECKS = (Manipulation(), Perception())
