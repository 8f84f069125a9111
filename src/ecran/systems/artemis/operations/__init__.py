"""Changes of state in play, one module per topic: skill tests from the sheet, the NIFIMO marks
and tests, wounds, healing, fatigue, stress and fear, psy powers, experience and mental balance.
Every operation returns a new sheet."""

from __future__ import annotations

from typing import Any

from ecran.rules import Operation
from ecran.systems.artemis.operations import (
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
    skills.SkillTest(),
    nifimo.AdjustMarks(),
    wounds.ForceDefence(),
    nifimo.NifimoTest(),
    nifimo.CalmTest(),
    wounds.TakeWounds(),
    wounds.Hit(),
    healing.Aggravate(),
    healing.Stabilise(),
    healing.Convalesce(),
    fatigue.Rest(),
    fatigue.Sleep(),
    fatigue.Holiday(),
    fatigue.StayAwake(),
    stress.Soothe(),
    stress.FearFades(),
    psy.PsyPower(),
    experience.AwardXp(),
    experience.NewScenario(),
    experience.BalanceEvent(),
)
