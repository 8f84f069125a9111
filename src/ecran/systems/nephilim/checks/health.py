"""Per-round tests of the critical states (seed L88): Constitution + Constitution when
incapacitated, Ka when exhausted, both against 0; failure checks every fatigue box."""

from __future__ import annotations

from typing import Any

from ecran.rules import cite
from ecran.systems.nephilim.checks.base import AgainstZero, DiceOptions, KaScaleParams
from ecran.systems.nephilim.checks.core import KA_PARAM
from ecran.systems.nephilim.tables import FIELDS, SEED

FATIGUE = FIELDS("fatigue", default=0, ge=0, le=4)


class IncapacityParams(DiceOptions):
    constitution: int = FIELDS("constitution", ge=-4, le=10)
    fatigue_malus: int = FATIGUE
    malus: int = FIELDS("malus_incapacity", default=0, ge=0)


class IncapacityCheck(AgainstZero[IncapacityParams]):
    sources = (cite(SEED, 88),)
    example = {"constitution": 0}

    def score(self, params: IncapacityParams) -> int:
        return 2 * params.constitution - params.fatigue_malus - params.malus


class ExhaustionParams(DiceOptions, KaScaleParams):
    ka: int = KA_PARAM
    fatigue_malus: int = FATIGUE
    malus: int = FIELDS("malus_exhaustion", default=0, ge=0)


class ExhaustionCheck(AgainstZero[ExhaustionParams]):
    sources = (cite(SEED, 88), cite(SEED, 47))
    example = {"ka": 18}

    def score(self, params: ExhaustionParams) -> int:
        return params.normalized("ka") - params.fatigue_malus - params.malus

    def explain(self, params: ExhaustionParams) -> dict[str, Any]:
        return {"normalized_ka": params.normalized("ka")}
