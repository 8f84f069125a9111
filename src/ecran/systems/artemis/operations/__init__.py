"""Changes of state in play, one module per topic: skill tests from the sheet, the NIFIMO marks
and tests, wounds, healing, fatigue, stress and fear, psy powers, experience and mental balance.
Every operation returns a new sheet."""

from __future__ import annotations

from typing import Any

from ecran.rules import Operation
from ecran.systems.artemis.operations import (
    combat,
    experience,
    fatigue,
    healing,
    nifimo,
    psy,
    skills,
    stress,
    wounds,
)

OPERATIONS: tuple[Operation[Any, Any], ...] = (
    skills.skill_test,
    nifimo.adjust_marks,
    wounds.force_defence,
    nifimo.nifimo_test,
    nifimo.calm_test,
    wounds.take_wounds,
    wounds.hit,
    combat.privilege_fatigue,
    combat.dodge_turn,
    combat.all_out_attack,
    healing.aggravate,
    healing.stabilise,
    healing.convalesce,
    fatigue.rest,
    fatigue.sleep,
    fatigue.holiday,
    fatigue.stay_awake,
    stress.soothe,
    stress.fear_fades,
    psy.psy_power,
    experience.award_xp,
    experience.new_scenario,
    experience.balance_event,
)
