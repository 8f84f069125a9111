"""The test (L244-268) in two forms: `test`, the contract's core check on already-netted
numbers, and `action`, the same test assembled from every source of advantage the rules list."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource, Distribution
from ecran.rules import Check, Params, Resolution, cite, tr
from ecran.systems.fluid import advantages as adv
from ecran.systems.fluid.checks import labels
from ecran.systems.fluid.checks.common import (
    CORE_SOURCES,
    HIGH,
    LOW,
    RANK_OUTCOMES,
    explosions,
    margin,
    scored,
)
from ecran.systems.fluid.dice import Explosions, roll_die, score_atoms, score_law
from ecran.systems.fluid.options import (
    AVERAGE_ROUNDING,
    BINARY_RESULTS,
    ME_REFERENCE,
    NO_BASE_EXPLOSION,
    NO_DOUBLES,
    VARIABLE_DELAY,
)
from ecran.systems.fluid.tables import FIELDS, RANKS, SEED, TIME


def rank_law(offset: int, net_dice: int, rules: Explosions) -> Distribution[str]:
    """Exact law of the rank of characteristic + die + flat terms (`offset`)."""
    return score_law(score_atoms(offset, net_dice, rules), LOW, HIGH).map(RANKS.of)


class TestParams(Params):
    characteristic: int = FIELDS("characteristic", ge=-10, le=30)
    advantage_dice: int = FIELDS("advantage_dice", default=0, ge=0, le=10)
    disadvantage_dice: int = FIELDS("disadvantage_dice", default=0, ge=0, le=10)
    modifier: int = FIELDS("modifier", default=0, ge=-60, le=60)


class Test(Check[TestParams]):
    name = "test"
    title = tr("Test", "Test")
    description = tr(
        "Caractéristique + 1D10 (dé de base) + modificateur, lu sur la Table de résultats ; "
        "dés d'avantage/désavantage annulés un pour un, dés explosifs.",
        "Characteristic + 1d10 (base die) + modifier, read on the Results Table; advantage and "
        "disadvantage dice cancel one for one; exploding dice.",
    )
    params = TestParams
    outcomes = RANK_OUTCOMES
    sources = CORE_SOURCES
    example = {"characteristic": 5, "advantage_dice": 1, "disadvantage_dice": 0, "modifier": 0}
    #: Its base die explodes without end (L360-374): no walk of its dice ever ends.
    beyond_walk = example
    detail_labels = labels.TEST

    def resolve(self, params: TestParams, dice: DiceSource) -> Resolution:
        net = params.advantage_dice - params.disadvantage_dice
        offset = params.characteristic + params.modifier
        roll = roll_die(dice, net)
        details = scored(roll, offset)
        details["net_dice"] = net
        score = details["score"]
        details.update(margin(score))
        return Resolution(RANKS.of(score), total=score, details=details)

    def distribution(self, params: TestParams) -> Distribution[str]:
        net = params.advantage_dice - params.disadvantage_dice
        return rank_law(params.characteristic + params.modifier, net, Explosions())


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
    negative_traits: int = FIELDS("negative_traits", default=0, ge=0, le=40)
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
    no_base_explosion: bool = NO_BASE_EXPLOSION.field()
    no_doubles: bool = NO_DOUBLES.field()
    binary_results: bool = BINARY_RESULTS.field()
    variable_delay: bool = VARIABLE_DELAY.field()
    me_reference: Literal[10, 11] = ME_REFERENCE.field()
    average_rounding: Literal["half_up", "down"] = AVERAGE_ROUNDING.field()


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


class ActionCheck(Check[ActionParams]):
    name = "action"
    title = tr("Action (test complet)", "Action (full test)")
    description = tr(
        "Un test dont les avantages et désavantages sont assemblés depuis leurs sources : "
        "Traits (multiples, prêtés), aides, circonstances, équipement, temps, difficulté, "
        "nouvelles tentatives, points dépensés avant/après, Trait négatif infligé.",
        "A test whose advantages and disadvantages are assembled from their sources: Traits "
        "(multiple, lent), helpers, circumstances, equipment, time, difficulty, retries, points "
        "spent before/after, self-inflicted negative Trait.",
    )
    params = ActionParams
    outcomes = RANK_OUTCOMES
    sources = (
        *CORE_SOURCES,
        cite(SEED, 320, 322, note="several characteristics"),
        cite(SEED, 346, 350, note="option: binary results"),
        cite(SEED, 604, 622, note="options 1 and 2"),
        cite(SEED, 624, 850, note="sources of advantage"),
        cite(SEED, 884, 930, note="sources of disadvantage"),
        cite(SEED, 736, 750, note="option: variable delay"),
    )
    example = {"characteristic": 4, "trait_1": 2, "trait_2": 3, "difficulty": "difficile"}
    #: Its base die explodes without end (L360-374): no walk of its dice ever ends.
    beyond_walk = example
    detail_labels = labels.ACTION

    def resolve(self, params: ActionParams, dice: DiceSource) -> Resolution:
        plan = Plan(params)
        roll = roll_die(dice, plan.split.dice, explosions(params))
        details = {**plan.summary(), **scored(roll, plan.offset)}
        score = details["score"]
        details.update(margin(score, params.me_reference))
        outcome = outcome_of(score, params.binary_results)
        details.update(time_taken(params.base_time, RANKS.of(score), params.variable_delay))
        return Resolution(outcome, total=score, details=details)

    def distribution(self, params: ActionParams) -> Distribution[str]:
        plan = Plan(params)
        law = score_law(score_atoms(plan.offset, plan.split.dice, explosions(params)), LOW, HIGH)
        return law.map(lambda s: outcome_of(s, params.binary_results))
