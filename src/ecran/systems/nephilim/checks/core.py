"""The profane test (seed L450-460) in its contract form, in its full form with every
penalty and option, and the Ka (willpower) test (L47)."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution, Text, cite, tr
from ecran.systems.nephilim import tables
from ecran.systems.nephilim.checks.base import (
    DiceOptions,
    DiceTest,
    KaScaleParams,
    NephilimCheck,
)
from ecran.systems.nephilim.dice import FAILURE, SUCCESS
from ecran.systems.nephilim.ka import NO_KA
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.tables import FIELDS, SEED

CHARACTERISTIC = FIELDS("characteristic", ge=-4, le=10)
SKILL = FIELDS("skill_core", default=None, ge=-4, le=10)
DIFFICULTY = FIELDS("difficulty_core", ge=-15, le=15)
MALUS = FIELDS("malus_core", default=0, ge=0)


def base_score(characteristic: int, skill: int | None) -> int:
    """Characteristic + skill, or the characteristic twice when no skill fits (L455)."""
    return characteristic + skill if skill is not None else 2 * characteristic


class CoreTestParams(Params):
    characteristic: int = CHARACTERISTIC
    skill: int | None = SKILL
    difficulty: int = DIFFICULTY
    malus: int = MALUS


class CoreTest(DiceTest[CoreTestParams]):
    sources = (cite(SEED, 452, 458), cite(SEED, 464, 475))
    example = {"characteristic": 1, "skill": 0, "difficulty": 0, "malus": 0}

    def score(self, params: CoreTestParams) -> int:
        return base_score(params.characteristic, params.skill) - params.malus

    def difficulty(self, params: CoreTestParams) -> int:
        return params.difficulty


class ActionParams(DiceOptions):
    characteristic: int = FIELDS("characteristic_action", ge=-4, le=30)
    skill: int | None = SKILL
    difficulty: int = DIFFICULTY
    wound_malus: int = FIELDS("wound_malus_action", default=0, ge=0, le=4)
    fatigue_malus: int = FIELDS("fatigue_malus", default=0, ge=0, le=4)
    malus: int = FIELDS("malus_action", default=0, ge=0)
    bonus: int = FIELDS("bonus", default=0)
    actions_this_round: int = FIELDS("actions_this_round", default=1, ge=1, le=6)
    min_skill: int | None = FIELDS("min_skill", default=None, ge=-4, le=10)
    wound_malus_count: Literal["per_characteristic", "once"] = OPTIONS["wound_malus_count"].field()
    roll_needed: bool = OPTIONS["roll_needed"].field()


def action_score(p: ActionParams) -> int:
    doubled = p.skill is None
    wound = p.wound_malus * (2 if doubled and p.wound_malus_count == "per_characteristic" else 1)
    extra_actions = tables.COMBAT.multiple_actions.malus_per_extra_action * (
        p.actions_this_round - 1
    )
    return base_score(p.characteristic, p.skill) - wound - p.fatigue_malus - p.malus - extra_actions


class ActionCheck(DiceTest[ActionParams]):
    sources = (
        cite(SEED, 452, 460),
        cite(SEED, 86, note="wound and fatigue maluses"),
        cite(SEED, 510, note="multiple actions"),
        cite(SEED, 477, note="dice variants"),
    )
    example = {"characteristic": 1, "skill": 0, "difficulty": 0}

    def score(self, params: ActionParams) -> int:
        return action_score(params) + params.bonus

    def difficulty(self, params: ActionParams) -> int:
        return params.difficulty

    def barred(self, params: ActionParams) -> Text | None:
        if params.min_skill is None:
            return None
        if params.skill is not None and params.skill >= params.min_skill:
            return None
        return tr(
            f"compétence {params.skill} sous le minimum {params.min_skill} (L460)",
            f"skill {params.skill} below the minimum {params.min_skill} (L460)",
        )


KA_PARAM = FIELDS("ka_param", ge=NO_KA, le=10000)


class KaTestParams(DiceOptions, KaScaleParams):
    ka: int = KA_PARAM
    difficulty: int = DIFFICULTY
    malus: int = FIELDS("malus_ka_test", default=0, ge=0)
    bonus: int = FIELDS("bonus_ka_test", default=0)
    roll_needed: bool = OPTIONS["roll_needed"].field()


class KaTest(DiceTest[KaTestParams]):
    sources = (cite(SEED, 32, 47), cite(SEED, 455))
    example = {"ka": 18, "difficulty": 0}

    def score(self, params: KaTestParams) -> int:
        return params.normalized("ka") + params.bonus - params.malus

    def difficulty(self, params: KaTestParams) -> int:
        return params.difficulty

    def explain(self, params: KaTestParams) -> dict[str, Any]:
        return {"normalized_ka": params.normalized("ka")}


class KnowledgeParams(Params):
    skill: int = FIELDS("skill_knowledge", ge=-4, le=10)
    threshold: int = FIELDS("threshold", ge=-4, le=10)


class Knowledge(NephilimCheck[KnowledgeParams]):
    sources = (cite(SEED, 460),)
    example = {"skill": 0, "threshold": -1}

    def resolve(self, params: KnowledgeParams, dice: DiceSource) -> Resolution:
        known = params.skill >= params.threshold
        margin = params.skill - params.threshold
        return Resolution(
            SUCCESS if known else FAILURE, total=params.skill, details={"margin": margin}
        )
