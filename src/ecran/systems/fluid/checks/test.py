"""The test (L244-268) in two forms: `test`, the contract's core check on already-netted
numbers, and `action`, the same test assembled from every source of advantage the rules list."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params, Resolution, cite
from ecran.systems.fluid import advantages as adv
from ecran.systems.fluid.checks.base import (
    CORE_SOURCES,
    MAX_PENALTY,
    RANK_OUTCOMES,
    FluidCheck,
    margin,
    rolled,
    score_distribution,
)
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.tables import FIELDS, RANKS, SEED, TIME

#: The book's list of explosion odds is the author's additive approximation; the description
#: gives it beside the exact odds (tests/systems/fluid/test_issue18.py holds them to the engine).
EXPLOSION_ODDS = cite(SEED, 544, 582, note="explosion odds: the book approximates, exact lower")


class TestParams(Params):
    characteristic: int = FIELDS("characteristic", ge=-10, le=30)
    advantage_dice: int = FIELDS("advantage_dice", default=0, ge=0, le=10)
    disadvantage_dice: int = FIELDS("disadvantage_dice", default=0, ge=0, le=10)
    modifier: int = FIELDS("modifier", default=0, ge=-60, le=60)
    # The one reading of the dice themselves the core roll offers (L518-522; see the option).
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()


class Test(FluidCheck[TestParams]):
    """Characteristic + base die + modifier, read on the Results Table (L244-268); advantage
    and disadvantage dice cancel one for one (L852-870); every explosion in force."""

    outcomes = RANK_OUTCOMES
    sources = (*CORE_SOURCES, EXPLOSION_ODDS)
    example = {"characteristic": 5, "advantage_dice": 1, "disadvantage_dice": 0, "modifier": 0}

    def resolve(self, params: TestParams, dice: DiceSource) -> Resolution:
        net = params.advantage_dice - params.disadvantage_dice
        details = rolled(dice, params.characteristic + params.modifier, net, params)
        details["net_dice"] = net
        score = details["score"]
        details.update(margin(score))
        return Resolution(RANKS.of(score), total=score, details=details)

    def distribution(self, params: TestParams) -> Distribution[str]:
        net = params.advantage_dice - params.disadvantage_dice
        offset = params.characteristic + params.modifier
        return score_distribution(offset, net, params).map(RANKS.of)


Difficulty = Literal[
    "immanquable",
    "enfantine",
    "tres_facile",
    "facile",
    "assez_facile",
    "normale",
    "malaisee",
    "assez_difficile",
    "difficile",
    "tres_difficile",
    "impossible",
]


class ActionParams(Params):
    characteristic: int = FIELDS("characteristic", ge=-10, le=30)
    second_characteristic: int | None = FIELDS("second_characteristic", default=None, ge=-10, le=30)
    trait_1: int = FIELDS("trait_1", default=0, ge=0, le=20)
    trait_2: int = FIELDS("trait_2", default=0, ge=0, le=20)
    trait_3: int = FIELDS("trait_3", default=0, ge=0, le=20)
    lent_trait_1: int = FIELDS("lent_trait_1", default=0, ge=0, le=20)
    lent_trait_2: int = FIELDS("lent_trait_2", default=0, ge=0, le=20)
    helpers: int = FIELDS("helpers", default=0, ge=0, le=10)
    negative_traits: int = FIELDS("negative_traits", default=0, ge=0, le=MAX_PENALTY)
    circumstances: int = FIELDS("circumstances", default=0, ge=-10, le=10)
    equipment: int = FIELDS("equipment", default=0, ge=-3, le=10)
    time_steps: int = FIELDS("time_steps", default=0, ge=-11, le=11)
    difficulty: Difficulty = FIELDS("difficulty", default="normale")
    retry: int = FIELDS("retry", default=0, ge=0, le=10)
    points_before: int = FIELDS("points_before", default=0, ge=0, le=30)
    points_after: int = FIELDS("points_after", default=0, ge=0, le=30)
    self_inflicted: int = FIELDS("self_inflicted", default=0, ge=0, le=30)
    as_points: int = FIELDS("action_as_points", default=0, ge=0, le=40)
    flat: int = FIELDS("flat", default=0, ge=-30, le=30)
    base_time: int = FIELDS("base_time", default=0, ge=0, le=12)
    no_base_explosion: bool = OPTIONS["no_base_explosion"].field()
    no_doubles: bool = OPTIONS["no_doubles"].field()
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()
    binary_results: bool = OPTIONS["binary_results"].field()
    variable_delay: bool = OPTIONS["variable_delay"].field()
    me_reference: Literal[10, 11] = OPTIONS["me_reference"].field()
    average_rounding: Literal["half_up", "down"] = OPTIONS["average_rounding"].field()


class Plan:
    """What an action's parameters come to before the dice: characteristic, dice, flat terms."""

    def __init__(self, p: ActionParams) -> None:
        chars = [p.characteristic]
        if p.second_characteristic is not None:
            chars.append(p.second_characteristic)
        self.characteristic = adv.average(chars, p.average_rounding)
        self.traits = adv.multiple_traits(
            [p.trait_1, p.trait_2, p.trait_3], [p.lent_trait_1, p.lent_trait_2]
        )
        self.net = (
            self.traits.advantages
            + p.helpers
            + p.circumstances
            + p.equipment
            + adv.time_net(p.time_steps)
            + adv.difficulty_net(p.difficulty)
            + p.points_before
            - p.negative_traits
            - adv.retry_dis(p.retry)
        )
        self.split = adv.split(self.net, p.as_points)
        self.offset = (
            self.characteristic
            + self.split.points
            + adv.points_after(p.points_after)
            + p.self_inflicted
            + p.flat
        )

    def summary(self) -> dict[str, Any]:
        return {
            "characteristic": self.characteristic,
            "net_advantages": self.net,
            "dice": self.split.dice,
            "points": self.split.points,
            "traits_counted": list(self.traits.counted),
            "res_cost": self.traits.res_cost,
        }


def outcome_of(score: int, binary: bool) -> str:
    rank = RANKS.of(score)
    if binary:  # L346-350: only failure (≤ 10) or success (≥ 11)
        return "success" if score > RANKS.success_above else "fail"
    return rank


def time_taken(base_time: int, rank: str, variable: bool) -> dict[str, Any]:
    if not base_time:
        return {}
    shift = getattr(TIME.variable_delay, rank) if variable else 0
    step = TIME.at(base_time + shift)
    return {"time_rank": step.rank, "time": step.fr, "time_en": step.en}


class ActionCheck(FluidCheck[ActionParams]):
    """The test with its advantages and disadvantages assembled from every source the rules
    list (L604-930)."""

    outcomes = RANK_OUTCOMES
    sources = (
        *CORE_SOURCES,
        cite(SEED, 320, 322, note="several characteristics"),
        cite(SEED, 346, 350, note="option: binary results"),
        cite(SEED, 604, 622, note="options 1 and 2"),
        cite(SEED, 624, 850, note="sources of advantage"),
        cite(SEED, 884, 930, note="sources of disadvantage"),
        cite(SEED, 736, 750, note="option: variable delay"),
        EXPLOSION_ODDS,
    )
    example = {"characteristic": 4, "trait_1": 2, "trait_2": 3, "difficulty": "difficile"}

    def resolve(self, params: ActionParams, dice: DiceSource) -> Resolution:
        plan = Plan(params)
        details = {**plan.summary(), **rolled(dice, plan.offset, plan.split.dice, params)}
        score = details["score"]
        details.update(margin(score, params.me_reference))
        outcome = outcome_of(score, params.binary_results)
        details.update(time_taken(params.base_time, RANKS.of(score), params.variable_delay))
        return Resolution(outcome, total=score, details=details)

    def distribution(self, params: ActionParams) -> Distribution[str]:
        plan = Plan(params)
        law = score_distribution(plan.offset, plan.split.dice, params)
        return law.map(lambda s: outcome_of(s, params.binary_results))
