"""Casting a spell (L1679-1858): complexity and parameters give disadvantages and the casting
time; hurrying or taking time shifts both; the rank of the test decides the spell's fate."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource, Distribution
from ecran.rules import Outcome, Params, Resolution, cite, tr
from ecran.systems.fluid import advantages as adv
from ecran.systems.fluid.checks.base import (
    CORE_SOURCES,
    FluidCheck,
    major_as_read,
    margin,
    rolled,
    score_distribution,
)
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.tables import FIELDS, MAGIC, SEED, TIME


class SpellParams(Params):
    characteristic: int = FIELDS("spell_characteristic", ge=-10, le=30)
    complexity: int = FIELDS("complexity", ge=0, le=5)
    range_band: int = FIELDS("range_band", default=0, ge=0, le=6)
    area: int = FIELDS("area", default=0, ge=0, le=6)
    time_shift: int = FIELDS("time_shift", default=0, ge=-11, le=11)
    trait_1: int = FIELDS("spell_trait_1", default=0, ge=0, le=20)
    trait_2: int = FIELDS("spell_trait_2", default=0, ge=0, le=20)
    trait_3: int = FIELDS("spell_trait_3", default=0, ge=0, le=20)
    points_before: int = FIELDS("res_committed", default=0, ge=0, le=30)
    as_points: int = FIELDS("spell_as_points", default=0, ge=0, le=40)
    spellbook_int: int = FIELDS("spellbook_int", default=0, ge=0, le=30)
    modifier: int = FIELDS("spell_modifier", default=0, ge=-30, le=30)
    major_success_as: Literal["success", "critical"] = OPTIONS["major_success_as"].field()
    me_reference: Literal[10, 11] = OPTIONS["me_reference"].field()
    no_base_explosion: bool = OPTIONS["no_base_explosion"].field()
    no_doubles: bool = OPTIONS["no_doubles"].field()
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()


RESULTS = {row.rank: row for row in MAGIC.result}


class SpellPlan:
    def __init__(self, p: SpellParams) -> None:
        self.difficulty = p.complexity + p.range_band + p.area
        natural = max(1, self.difficulty)  # a total of 0 is below the table: 1 round (A22)
        book = max(1, natural - p.spellbook_int) if p.spellbook_int else natural
        self.time = TIME.at(book - p.time_shift)
        self.traits = adv.multiple_traits([p.trait_1, p.trait_2, p.trait_3])
        self.net = self.traits.advantages + p.points_before - self.difficulty - p.time_shift
        self.split = adv.split(self.net, p.as_points)
        self.offset = p.characteristic + p.modifier + self.split.points

    def summary(self) -> dict[str, Any]:
        return {
            "spell_disadvantages": self.difficulty,
            "net_advantages": self.net,
            "dice": self.split.dice,
            "points": self.split.points,
            "casting_time": self.time.fr,
            "casting_time_en": self.time.en,
            "trait_res_cost": self.traits.res_cost,
        }


def res_spent(outcome: str, committed: int) -> int:
    """RES the casting finally costs (L1812-1832); a half is rounded down (reading A12)."""
    return {
        "backfire": committed,
        "fizzle": 0,
        "costly": committed + 1,
        "half_cost": committed // 2,
    }.get(outcome, committed)


class Spell(FluidCheck[SpellParams]):
    """Complexity + range + area are the disadvantages and the casting time (L1680-1802); the
    rank decides the spell (L1804-1858)."""

    outcomes = tuple(Outcome(r.outcome, tr(r.fr, r.en)) for r in MAGIC.result)
    sources = (
        cite(SEED, 1680, 1744, note="complexity and parameters"),
        cite(SEED, 1746, 1802, note="casting time"),
        cite(SEED, 1804, 1858, note="results and effects"),
        cite(SEED, 1900, 1910, note="spellbook"),
        *CORE_SOURCES,
    )
    example = {"characteristic": 7, "complexity": 2, "range_band": 3, "area": 1, "trait_1": 5}

    @staticmethod
    def _outcome(score: int, major_as: str) -> str:
        return RESULTS[major_as_read(score, major_as)].outcome

    def resolve(self, params: SpellParams, dice: DiceSource) -> Resolution:
        plan = SpellPlan(params)
        details = {**plan.summary(), **rolled(dice, plan.offset, plan.split.dice, params)}
        score = details["score"]
        outcome = self._outcome(score, params.major_success_as)
        details.update(margin(score, params.me_reference))
        details["res_spent"] = res_spent(outcome, params.points_before) + plan.traits.res_cost
        if "mr" in details and outcome not in ("reality_tear", "backfire", "fizzle"):
            details["duration_if_all_mr"] = TIME.at(details["mr"]).fr
        return Resolution(outcome, total=score, details=details)

    def distribution(self, params: SpellParams) -> Distribution[str]:
        plan = SpellPlan(params)
        law = score_distribution(plan.offset, plan.split.dice, params)
        return law.map(lambda s: self._outcome(s, params.major_success_as))


def extended_duration(duration_points: int, spent: int) -> int:
    """Time Table rank of a renewed spell: the original duration points plus the points spent
    at once (L1860-1880: Jon, 3 points, +1 → 15 minutes again; +2 at once → 1 hour)."""
    return TIME.at(duration_points + spent).rank
