"""The occult sciences (seed L543-633): Magic (concentration, control), Kabbalah (incantation,
contract), Alchemy (transmutation, control) and the stasis ritual.

Each science gates the roll on the circle's skill reaching the level (L558, L574, L590), rolls
the timed skill roll at the end of the chosen period, then a Ka-element roll. The outcome lists
are missing from the text: the checks report the outcome, margin and criticals for the GM.
"""

from __future__ import annotations

import datetime as dt
from abc import abstractmethod
from math import ceil, floor
from typing import Any, ClassVar, Literal, Self, TypeVar

from pydantic import model_validator

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params, Resolution, Text, cite, tr
from ecran.rules.data import row_where
from ecran.systems.nephilim.astro import conjunction
from ecran.systems.nephilim.checks.astro import DATE, ELEMENT
from ecran.systems.nephilim.checks.base import (
    DiceOptions,
    DiceTest,
    KaScaleParams,
    PlexusOption,
    plexus_distribution,
)
from ecran.systems.nephilim.checks.opposed import OpposedCheck
from ecran.systems.nephilim.dice import DiceVariant, modifier_distribution, roll_modifier
from ecran.systems.nephilim.ka import NO_KA, normalize
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.sheet import Element
from ecran.systems.nephilim.tables import CIRCLE_WORDS, FIELDS, OCCULT, SEED

MagicCircle = Literal["basse_magie", "haute_magie", "grand_secret"]
KabbalahCircle = Literal["sceaux", "pentacles", "clefs"]
AlchemyCircle = Literal["oeuvre_au_noir", "oeuvre_au_blanc", "grand_oeuvre"]
MagicDuration = Literal[
    "free_action",
    "normal_action",
    "x_rounds",
    "x_turns",
    "x_minutes",
    "x_tens_of_minutes",
    "x_hours",
    "x_sizaines_of_hours",
    "x_days",
]
KabbalahDuration = Literal["half_x_rounds", "x_rounds", "x_turns", "x_minutes", "x_tens_of_minutes"]
StasisDistance = Literal[
    "contact",
    "under_1m",
    "under_10m",
    "under_100m",
    "under_1km",
    "under_10km",
    "under_100km",
    "under_1000km",
    "under_10000km",
    "over_10000km",
]


OCCULT_SKILL = FIELDS("occult_skill", ge=-4, le=20)
GM_CHARACTERISTIC = FIELDS("gm_characteristic", default=0, ge=-4, le=20)
MALUS = FIELDS("malus_occult", default=0, ge=0)
ASTRO = FIELDS("astro", default=0, ge=-10, le=10)
STASIS_POINTS = FIELDS("stasis_points", default=0, ge=0, le=100)
SACRIFICE = FIELDS("sacrifice", default=0, ge=0, le=20)
KA_ELEMENT = FIELDS("ka_element", ge=NO_KA, le=10000)


def occult_score(skill: int, characteristic: int, reading: str) -> int:
    if reading == "skill":
        return skill
    if reading == "double_skill":
        return 2 * skill
    return skill + characteristic


def gate(skill: int, level: int, circle: str) -> Text | None:
    """The circle's skill must reach the level of the spell, invocation or formula."""
    if skill >= level:
        return None
    name = row_where(OCCULT.circle, id=circle)
    return tr(
        f"{name.fr} {skill} < niveau {level} : impossible ({OCCULT.level_source})",
        f"{name.en} {skill} < level {level}: not allowed ({OCCULT.level_source})",
    )


def ka_with_stasis(params: BoostParams, name: str) -> tuple[int, int]:
    """(normalized score, roll bonus) of the Ka-element `name` boosted by the stasis points
    drawn just before (L630, §9 A12): +1 to the roll per point, or +1 absolute Ka per point
    with the normalized score recomputed."""
    if params.stasis_bonus_unit == "absolute_ka":
        return normalize(getattr(params, name) + params.stasis_points), 0
    return params.normalized(name), params.stasis_points


class TimedParams(DiceOptions):
    skill: int = OCCULT_SKILL
    characteristic: int = GM_CHARACTERISTIC
    malus: int = MALUS
    occult_score: Literal["skill_plus_characteristic", "skill", "double_skill"] = OPTIONS[
        "occult_score"
    ].field()


T = TypeVar("T", bound=TimedParams)


class TimedTest(DiceTest[T]):
    """A work's timed roll (L558, L574, L590): the circle's skill, read by the occult-score
    option, less the malus, against the circle's difficulty for the period taken; not allowed
    while the skill is below the level of the spell, invocation or formula."""

    @abstractmethod
    def work(self, params: T) -> tuple[str, int, str]:
        """The circle, the level of the work, and the period it takes (a key of the circle's
        difficulties)."""

    def score(self, params: T) -> int:
        base = occult_score(params.skill, params.characteristic, params.occult_score)
        return base - params.malus

    def difficulty(self, params: T) -> int:
        circle, _, period = self.work(params)
        return row_where(OCCULT.circle, id=circle).durations[period]

    def barred(self, params: T) -> Text | None:
        circle, level, _ = self.work(params)
        return gate(params.skill, level, circle)


class ConcentrationParams(TimedParams):
    circle: MagicCircle = FIELDS("circle", choices=CIRCLE_WORDS["magie"], default="basse_magie")
    spell_level: int = FIELDS("spell_level", ge=OCCULT.level_min, le=OCCULT.level_max)
    duration: MagicDuration = FIELDS("duration", default="normal_action")
    sizaines: Literal["six_hours", "tens_of_hours"] = OPTIONS["sizaines"].field()


class Concentration(TimedTest[ConcentrationParams]):
    sources = (cite(SEED, 558, 568),)
    example = {"circle": "basse_magie", "skill": 1, "spell_level": 0, "duration": "x_rounds"}

    def work(self, params: ConcentrationParams) -> tuple[str, int, str]:
        return params.circle, params.spell_level, params.duration

    def explain(self, params: ConcentrationParams) -> dict[str, Any]:
        x = params.spell_level + 4
        unit = params.duration.removeprefix("x_")
        if params.duration == "x_sizaines_of_hours":
            unit = "six_hour_blocks" if params.sizaines == "six_hours" else "tens_of_hours"
        elif not params.duration.startswith("x_"):
            return {"time": params.duration}
        return {"x": x, "time": f"{x} {unit}"}


class AstroParams(Params):
    astro_modifier: int = ASTRO
    date: dt.date | None = DATE
    element: Element | None = ELEMENT
    conjunction_modifier: int = OPTIONS["conjunction_modifier"].field(ge=-10, le=10)


def astro_bonus(params: AstroParams) -> tuple[int, dict[str, Any]]:
    """The GM's astrological modifier, plus the house-rule amount for each of the day's and
    the sign's conjunctions ruled by the roll's element (L600, §9 A13)."""
    if params.date is None:
        return params.astro_modifier, {}
    found = conjunction(params.date)
    count = sum(found.matches(params.element))
    extra = params.conjunction_modifier * count
    return params.astro_modifier + extra, {"conjunction": found.details(), "conjunctions": count}


class BoostParams(KaScaleParams):
    """What may raise or lower a control or contract roll (L570, L586, L594, L630): the
    malus, the stasis points drawn just before, the sacrifice's bonus."""

    malus: int = MALUS
    stasis_points: int = STASIS_POINTS
    sacrifice_bonus: int = SACRIFICE
    stasis_bonus_unit: Literal["roll", "absolute_ka"] = OPTIONS["stasis_bonus_unit"].field()

    @model_validator(mode="after")
    def _absolute_ka_needs_absolute_scores(self) -> Self:
        if self.stasis_bonus_unit == "absolute_ka" and self.ka_scale == "normalized":
            raise ValueError(
                "stasis-bonus-unit absolute_ka ajoute des points au Ka absolu : ka-scale absolute"
                " / stasis-bonus-unit absolute_ka adds points to the absolute Ka: ka-scale"
                " absolute"
            )
        return self


class ControlParams(DiceOptions, PlexusOption, AstroParams, BoostParams):
    pass


class MagicControlParams(ControlParams):
    circle: MagicCircle = FIELDS("circle", choices=CIRCLE_WORDS["magie"], default="basse_magie")
    ka: int = KA_ELEMENT
    improvements: int = FIELDS("improvements", default=0, ge=0, le=30)
    concentration_bonus: int = FIELDS("concentration_bonus", default=0, ge=0, le=10)


def control_score(params: ControlParams, name: str) -> tuple[int, dict[str, Any]]:
    normalized, stasis = ka_with_stasis(params, name)
    astro, shown = astro_bonus(params)
    bonus = astro + params.sacrifice_bonus + stasis
    return normalized + bonus - params.malus, {"normalized_ka": normalized, **shown}


class MagicControl(DiceTest[MagicControlParams]):
    sources = (cite(SEED, 570), cite(SEED, 598, 623), cite(SEED, 626), cite(SEED, 630))
    example = {"circle": "basse_magie", "ka": 25, "improvements": 1}

    def score(self, params: MagicControlParams) -> int:
        return control_score(params, "ka")[0] + params.concentration_bonus

    def difficulty(self, params: MagicControlParams) -> int:
        return (row_where(OCCULT.circle, id=params.circle).control or 0) + params.improvements

    def explain(self, params: MagicControlParams) -> dict[str, Any]:
        return control_score(params, "ka")[1]


class IncantationParams(TimedParams):
    circle: KabbalahCircle = FIELDS("circle", choices=CIRCLE_WORDS["kabbale"], default="sceaux")
    invocation_level: int = FIELDS("invocation_level", ge=OCCULT.level_min, le=OCCULT.level_max)
    creature_ka: int = FIELDS("creature_ka", ge=0)
    duration: KabbalahDuration = FIELDS("duration_incantation", default="x_rounds")
    half_rounding: Literal["up", "down"] = OPTIONS["half_rounding"].field()


class Incantation(TimedTest[IncantationParams]):
    sources = (cite(SEED, 574, 584),)
    example = {"circle": "sceaux", "skill": 0, "invocation_level": -1, "creature_ka": 12}

    def work(self, params: IncantationParams) -> tuple[str, int, str]:
        return params.circle, params.invocation_level, params.duration

    def explain(self, params: IncantationParams) -> dict[str, Any]:
        x = params.creature_ka
        if params.duration == "half_x_rounds":
            half = ceil(x / 2) if params.half_rounding == "up" else floor(x / 2)
            return {"x": x, "time": f"{half} rounds"}
        return {"x": x, "time": f"{x} {params.duration.removeprefix('x_')}"}


class ContractParams(PlexusOption, AstroParams, BoostParams):
    ka: int = KA_ELEMENT
    creature_ka: int = FIELDS("creature_ka_contract", ge=NO_KA, le=10000)
    fast_incantation: bool = FIELDS("fast_incantation", default=False)
    creature_rolls: bool = FIELDS("creature_rolls", default=True)
    contract_scale: Literal["normalized", "absolute"] = OPTIONS["contract_scale"].field()
    dice: DiceVariant = OPTIONS["dice"].field()
    ka_fields: ClassVar[tuple[str, ...]] = ("ka", "creature_ka")

    @model_validator(mode="after")
    def _absolute_contract_needs_absolute_scores(self) -> Self:
        if self.contract_scale == "absolute" and self.ka_scale == "normalized":
            raise ValueError(
                "contract-scale absolute compare les Ka absolus : ka-scale absolute"
                " / contract-scale absolute compares absolute Ka: ka-scale absolute"
            )
        return self


class Contract(OpposedCheck[ContractParams]):
    sources = (cite(SEED, 586), cite(SEED, 626), cite(SEED, 630))
    example = {"ka": 30, "creature_ka": 12}

    def sides(self, params: ContractParams) -> tuple[int, bool, int, bool]:
        bonus = astro_bonus(params)[0] + params.sacrifice_bonus - params.malus
        if params.fast_incantation:
            bonus -= OCCULT.kabbalah.fast_contract_malus
        if params.contract_scale == "absolute":
            own, other = params.ka + params.stasis_points, params.creature_ka
        else:
            normalized, stasis = ka_with_stasis(params, "ka")
            own, other = normalized + stasis, params.normalized("creature_ka")
        return own + bonus, True, other, params.creature_rolls

    def explain(self, params: ContractParams) -> dict[str, Any]:
        return astro_bonus(params)[1]

    #: Both sides' 1D − 1D and the plexus' d8 − d8 are 82,944 sequences, past the walk's budget.
    beyond_walk: ClassVar[dict[str, Any] | None] = {
        "ka": 30,
        "creature_ka": 12,
        "plexus": "d8-d8",
    }

    def distribution(self, params: ContractParams) -> Distribution[str]:
        """The law of the margin (L479-481): own dice and plexus less the creature's dice."""
        own, own_rolls, other, other_rolls = self.sides(params)
        zero: Distribution[int] = Distribution.constant(0)
        mine = modifier_distribution(params.dice) if own_rolls else zero
        theirs = modifier_distribution(params.dice) if other_rolls else zero
        extra = plexus_distribution(params.plexus)
        if extra is not None:
            mine = mine + extra
        margin = (mine - theirs).reduced()
        return margin.map(lambda d: self.verdict(params, own - other + d))


class TransmutationParams(TimedParams):
    circle: AlchemyCircle = FIELDS(
        "circle", choices=CIRCLE_WORDS["alchimie"], default="oeuvre_au_noir"
    )
    formula_level: int = FIELDS("formula_level", ge=OCCULT.level_min, le=OCCULT.level_max)


class Transmutation(TimedTest[TransmutationParams]):
    sources = (cite(SEED, 590, 592),)
    example = {"circle": "oeuvre_au_noir", "skill": 0, "formula_level": 0}

    def work(self, params: TransmutationParams) -> tuple[str, int, str]:
        return params.circle, params.formula_level, "any"


class AlchemyControlParams(ControlParams):
    circle: AlchemyCircle = FIELDS(
        "circle", choices=CIRCLE_WORDS["alchimie"], default="oeuvre_au_noir"
    )
    athanor_ka: int = FIELDS("athanor_ka", ge=NO_KA, le=10000)
    ka_fields: ClassVar[tuple[str, ...]] = ("athanor_ka",)


class AlchemyControl(DiceTest[AlchemyControlParams]):
    sources = (cite(SEED, 594), cite(SEED, 600), cite(SEED, 626))
    example = {"circle": "oeuvre_au_noir", "athanor_ka": 20}

    def score(self, params: AlchemyControlParams) -> int:
        return control_score(params, "athanor_ka")[0]

    def difficulty(self, params: AlchemyControlParams) -> int:
        return row_where(OCCULT.circle, id=params.circle).control or 0

    def explain(self, params: AlchemyControlParams) -> dict[str, Any]:
        return control_score(params, "athanor_ka")[1]


class StasisParams(DiceOptions, KaScaleParams):
    ka: int = FIELDS("ka", ge=NO_KA, le=10000)
    distance: StasisDistance = FIELDS("distance")
    points: int = FIELDS("points", default=1, ge=0, le=100)
    malus: int = MALUS


def stasis_difficulty(distance: str) -> int:
    return OCCULT.stasis.difficulty[OCCULT.stasis.bands.index(distance)]


class StasisRitual(DiceTest[StasisParams]):
    sources = (cite(SEED, 630, 633),)
    example = {"ka": 30, "distance": "under_100m", "points": 3}

    def score(self, params: StasisParams) -> int:
        return params.normalized("ka") - params.malus

    def difficulty(self, params: StasisParams) -> int:
        return stasis_difficulty(params.distance)

    def resolve(self, params: StasisParams, dice: DiceSource) -> Resolution:
        test = super().resolve(params, dice)
        if not test.outcome.endswith("success"):
            return Resolution(test.outcome, total=0, details={**test.details, "drawn": 0})
        first, second, r = roll_modifier(dice, params.dice)
        drawn = max(0, params.points + r)
        details = {**test.details, "draw_dice": [first, second], "drawn": drawn}
        return Resolution(test.outcome, total=drawn, details=details)
