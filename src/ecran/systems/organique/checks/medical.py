"""Disease progression (L1062-1129): what one progression save does to a disease, given its
level and whether a first success has already stopped it."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution
from ecran.systems.organique.checks.base import (
    OrganiqueCheck,
    characteristic_field,
    difficulty_field,
)
from ecran.systems.organique.dice import d20_test
from ecran.systems.organique.tables import FIELDS, src


class ProgressionParams(Params):
    endurance: int = characteristic_field("characteristic.endurance")
    treatment: int = FIELDS("treatment", default=0, ge=0, le=40)
    immunity: int = FIELDS("immunity", default=0, ge=0, le=10)
    difficulty: int = difficulty_field(default=20)
    level: int = FIELDS("level.progression", default=1, ge=1, le=20)
    stopped: bool = FIELDS("stopped", default=False)


class DiseaseProgression(OrganiqueCheck[ProgressionParams]):
    sources = (src(1062, 1088), src(1100, 1129))
    example = {"endurance": 7, "treatment": 8, "difficulty": 20, "level": 2}

    def resolve(self, params: ProgressionParams, dice: DiceSource) -> Resolution:
        base = params.endurance + params.treatment + params.immunity
        roll = d20_test(dice, base, params.difficulty)
        details: dict[str, Any] = roll.as_details()
        return Resolution(progression_outcome(roll.success, params), roll.total, details)


def progression_outcome(success: bool, params: ProgressionParams) -> str:
    if not success:
        return "unchanged" if params.stopped else "worsens"
    if not params.stopped:
        return "stopped"
    return "cured" if params.level <= 1 else "improves"


MEDICAL_CHECKS = (DiseaseProgression(),)
