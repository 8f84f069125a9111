"""Drug dependence (L916-1044)."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution
from ecran.systems.organique.checks.base import (
    OrganiqueCheck,
    characteristic_field,
    difficulty_field,
)
from ecran.systems.organique.dice import d20_test
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.tables import FIELDS, src


class DependenceParams(Params):
    endurance: int = characteristic_field("characteristic.endurance")
    will: int = characteristic_field("characteristic.vol")
    physical: int = difficulty_field(default=5)
    psychological: int = difficulty_field(default=1)
    doses: int = FIELDS("doses.dependence", default=1, ge=1, le=100)
    physical_dependence_stat: Literal["END", "VOL"] = OPTIONS["physical_dependence_stat"].field()


class Dependence(OrganiqueCheck[DependenceParams]):
    sources = (src(953, 962), src(999, 1044), src(147, 149))
    example = {"endurance": 9, "will": 12, "physical": 5, "psychological": 1, "doses": 10}

    def resolve(self, params: DependenceParams, dice: DiceSource) -> Resolution:
        body = params.endurance if params.physical_dependence_stat == "END" else params.will
        physical = d20_test(dice, body, params.physical + params.doses)
        mental = d20_test(dice, params.will, params.psychological + params.doses)
        details: dict[str, Any] = {
            **physical.as_details("physical_"),
            **mental.as_details("psychological_"),
        }
        hooked = (not physical.success, not mental.success)
        outcome = {
            (True, True): "both",
            (True, False): "physical",
            (False, True): "psychological",
            (False, False): "none",
        }[hooked]
        return Resolution(outcome, None, details)


DRUG_CHECKS = (Dependence(),)
