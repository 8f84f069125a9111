"""Tests of body and mind: survival (L1495-1529), psychic shock (L1531-1545), medicine
(L1585-1597) and the optional hit location (L1441-1457)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from ecran.dice import DiceSource, Distribution, enumerate_outcomes
from ecran.rules import Outcome, Params, Resolution, cite, tr
from ecran.systems.fluid import advantages as adv
from ecran.systems.fluid.checks import base as core
from ecran.systems.fluid.checks.base import (
    CORE_SOURCES,
    MAX_PENALTY,
    FluidCheck,
    major_as_read,
    margin,
)
from ecran.systems.fluid.dice import ExactDraw
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.tables import FIELDS, HEALTH, RANKS, SEED


class PenaltyParams(Params):
    characteristic: int = FIELDS("characteristic", ge=-10, le=30)
    penalty: int = FIELDS("penalty", default=0, ge=0, le=MAX_PENALTY)
    advantages: int = FIELDS("advantages", default=0, ge=0, le=30)
    as_points: int = FIELDS("as_points", default=0, ge=0, le=30)
    modifier: int = FIELDS("modifier", default=0, ge=-60, le=60)
    no_base_explosion: bool = OPTIONS["no_base_explosion"].field()
    no_doubles: bool = OPTIONS["no_doubles"].field()
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()


def _plan(p: PenaltyParams) -> tuple[int, int]:
    """(offset, signed dice) of a test with `advantages` against `penalty`."""
    split = adv.split(p.advantages - p.penalty, p.as_points)
    return p.characteristic + p.modifier + split.points, split.dice


def rolled_score(p: PenaltyParams, dice: DiceSource) -> tuple[int, dict[str, Any]]:
    details = core.rolled(dice, *_plan(p), p)
    return details["score"], details


def score_distribution(p: PenaltyParams) -> Distribution[int]:
    return core.score_distribution(*_plan(p), p)


class SurvivalParams(PenaltyParams):
    major_success_as: Literal["success", "critical"] = OPTIONS["major_success_as"].field()


SURVIVAL = {row.rank: row for row in HEALTH.survival}


class Survival(FluidCheck[SurvivalParams]):
    """A CON test with the critical wound's disadvantages: from death to adrenaline
    (L1495-1529)."""

    outcomes = tuple(Outcome(r.outcome, tr(r.fr, r.en)) for r in HEALTH.survival)
    sources = (cite(SEED, 1495, 1529), cite(SEED, 1459, 1493, note="penalty"), *CORE_SOURCES)
    example = {"characteristic": 5, "penalty": 2}

    @staticmethod
    def _outcome(score: int, major_as: str) -> str:
        return SURVIVAL[major_as_read(score, major_as)].outcome

    def resolve(self, params: SurvivalParams, dice: DiceSource) -> Resolution:
        score, details = rolled_score(params, dice)
        outcome = self._outcome(score, params.major_success_as)
        details.update(self.lasting(outcome, params.penalty))
        return Resolution(outcome, total=score, details=details)

    @staticmethod
    def lasting(outcome: str, penalty: int) -> dict[str, int]:
        """What a result lasts: days of coma, hours unconscious, a haemorrhage's next test with
        one more disadvantage (L1503-1517)."""
        if outcome == "coma":
            return {"coma_days": penalty}
        if outcome == "unconscious":
            return {"unconscious_hours": penalty}
        if outcome == "haemorrhage":
            return {"next_penalty": penalty + 1}
        return {}

    def distribution(self, params: SurvivalParams) -> Distribution[str]:
        return score_distribution(params).map(lambda s: self._outcome(s, params.major_success_as))


#: The window `survival_law` reads a penalty's die in: wide enough that every characteristic
#: a sheet can have (-10 to 30) puts the Results Table's edges (LOW, HIGH) inside it shifted.
_DIE_LOW, _DIE_HIGH = core.LOW - 30, core.HIGH + 10


@lru_cache(maxsize=1024)
def survival_law(characteristic: int, penalty: int) -> Distribution[str]:
    """The exact outcome law (`Survival.distribution`) of the survival test of a
    characteristic with a penalty (no advantages, explosions in force): what a sheet's survival
    test comes to. The score is the characteristic plus the die, so the die's law is read once
    per penalty in a wide window (`_die_law`) and shifted: clipping it there, then at the
    table's edges, is clipping it at the table's edges (a test holds it to `distribution`)."""
    check = Survival()
    params = check.parse({"characteristic": characteristic, "penalty": penalty})
    if not core.HIGH - _DIE_HIGH <= characteristic <= core.LOW - _DIE_LOW:
        return check.distribution(params)
    major = params.major_success_as

    def outcome(die: int) -> str:
        return check._outcome(min(core.HIGH, max(core.LOW, characteristic + die)), major)

    return _die_law(penalty).map(outcome)


@lru_cache(maxsize=1024)
def _die_law(penalty: int) -> Distribution[int]:
    """The survival test's die with `penalty` disadvantages, clipped to its window."""
    check = Survival()
    params = check.parse({"characteristic": 0, "penalty": penalty})
    return core.score_distribution_within(*_plan(params), params, _DIE_LOW, _DIE_HIGH)


@lru_cache(maxsize=1024)
def survival_draw(characteristic: int, penalty: int) -> ExactDraw[str]:
    """`survival_law` drawn with d100s, walkable where the test's own dice are not (a penalty
    of 5 rolls six d10 and their chains)."""
    return ExactDraw(survival_law(characteristic, penalty))


class ShockParams(PenaltyParams):
    san: int = FIELDS("san", default=10, ge=0, le=60)
    me_reference: Literal[10, 11] = OPTIONS["me_reference"].field()


class Shock(FluidCheck[ShockParams]):
    """On failure, SAN lost equals the margin of failure; the excess below 0 becomes a negative
    Trait (L1531-1545)."""

    sources = (cite(SEED, 1531, 1545), cite(SEED, 352, 358, note="ME"), *CORE_SOURCES)
    example = {"characteristic": 5, "penalty": 3, "san": 8}

    @staticmethod
    def loss(score: int, reference: int) -> int:
        return margin(score, reference).get("me", 0)

    def _outcome(self, params: ShockParams, score: int) -> str:
        loss = self.loss(score, params.me_reference)
        return "trauma" if loss > params.san else "shaken" if loss > 0 else "steady"

    def resolve(self, params: ShockParams, dice: DiceSource) -> Resolution:
        score, details = rolled_score(params, dice)
        loss = self.loss(score, params.me_reference)
        details.update(san_loss=loss, san=max(0, params.san - loss))
        details["trait"] = max(0, loss - params.san)
        return Resolution(self._outcome(params, score), total=score, details=details)

    def distribution(self, params: ShockParams) -> Distribution[str]:
        return score_distribution(params).map(lambda s: self._outcome(params, s))


class Medicine(FluidCheck[PenaltyParams]):
    """Wound Trait points healed by the rank of the test, 1 to 4 (L1585-1597)."""

    sources = (cite(SEED, 1585, 1597), *CORE_SOURCES)
    example = {"characteristic": 6, "advantages": 1}

    @staticmethod
    def _outcome(score: int) -> str:
        healed = HEALTH.medicine.healed(RANKS.of(score))
        return f"heal_{healed}" if healed else "no_effect"

    def resolve(self, params: PenaltyParams, dice: DiceSource) -> Resolution:
        score, details = rolled_score(params, dice)
        return Resolution(self._outcome(score), total=score, details=details)

    def distribution(self, params: PenaltyParams) -> Distribution[str]:
        return score_distribution(params).map(self._outcome)


LOCATION_IDS = tuple(loc.id for loc in HEALTH.location)
LocationId = Literal[
    "left_leg", "right_leg", "left_arm", "right_arm", "abdomen", "chest", "head", "choice"
]


class HitLocationParams(Params):
    aim: int = FIELDS("aim", default=0, ge=0, le=9)
    aim_at: LocationId = FIELDS("aim_at", default="head")


class HitLocation(FluidCheck[HitLocationParams]):
    """Option: 1d10 for the part hit once RES is exceeded; aiming with N disadvantages shifts
    the die by up to N toward the aimed part (L1441-1457)."""

    outcomes = tuple(Outcome(loc.id, tr(loc.fr, loc.en)) for loc in HEALTH.location)
    sources = (cite(SEED, 1441, 1457),)
    example = {"aim": 2, "aim_at": "head"}
    #: Aim 0 reaches face 10, two places: each further 10 is rolled again, without end.
    beyond_walk = {"aim": 0, "aim_at": "head"}

    @staticmethod
    def _face(face: int, params: HitLocationParams) -> int:
        """Shift toward the nearest face of the aimed part, by at most `aim` (L1451-1457)."""
        targets = next(loc.faces for loc in HEALTH.location if loc.id == params.aim_at)
        best = min(targets, key=lambda t: abs(t - face))
        step = max(-params.aim, min(params.aim, best - face))
        return face + step

    def resolve(self, params: HitLocationParams, dice: DiceSource) -> Resolution:
        rolled = dice.d(10)
        face = self._face(rolled, params)
        loc = HEALTH.location_of(face)
        details: dict[str, Any] = {"die": rolled, "face": face}
        if loc.id == "two_places":  # roll twice more (a further 10 is rolled again)
            places: list[str] = []
            while len(places) < 2:
                extra = dice.d(10)
                if extra != 10:
                    places.append(HEALTH.location_of(extra).id)
            details["places"] = places
        return Resolution(loc.id, total=face, details=details)

    def distribution(self, params: HitLocationParams) -> Distribution[str]:
        return enumerate_outcomes(
            lambda dice: HEALTH.location_of(self._face(dice.d(10), params)).id
        )
