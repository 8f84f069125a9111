"""Opposed rolls (L932-966) and the subsystems built on them: vampirism (L1892-1898), chases
(L1651-1669), verbal jousts (L1671-1677) and mass combat (L1599-1623)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Literal

from pydantic import model_validator

from ecran.dice import DiceSource, Distribution
from ecran.rules import Resolution, cite
from ecran.systems.fluid.checks.base import CORE_SOURCES, FluidCheck, explosions
from ecran.systems.fluid.checks.sides import TwoSides, outcome_law, side_of, stable_window
from ecran.systems.fluid.checks.winner import tie_probability, winner_law
from ecran.systems.fluid.dice import floor_at_zero
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.tables import FIELDS, RANKS, SEED


class OpposedParams(TwoSides):
    tie_rule: Literal["stand_off", "reroll"] = OPTIONS["tie_rule"].field()
    no_base_explosion: bool = OPTIONS["no_base_explosion"].field()
    no_doubles: bool = OPTIONS["no_doubles"].field()
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()


def exchange(params: Any, dice: DiceSource) -> tuple[int, dict[str, Any]]:
    """Roll both sides (again on a tie when ties are rerolled); return A − B and the work."""
    rules = explosions(params)
    rounds: list[dict[str, Any]] = []
    while True:
        a, a_work = side_of(params, "").roll(dice, rules)
        b, b_work = side_of(params, "opponent_").roll(dice, rules)
        rounds.append({"you": a_work, "opponent": b_work})
        if a != b or params.tie_rule != "reroll":
            break
    details: dict[str, Any] = {"score": a, "opponent_score": b, "difference": a - b}
    if len(rounds) > 1:
        details["tied_rounds"] = rounds[:-1]
    details.update(rounds[-1])
    return a - b, details


def exchange_law(params: Any, f: Callable[[int], str]) -> Distribution[str]:
    rules = explosions(params)
    a = side_of(params, "").atoms(rules)
    b = side_of(params, "opponent_").atoms(rules)
    return outcome_law(a, b, f, params.tie_rule == "reroll")


def _sign(d: int) -> str:
    return "loss" if d < 0 else "tie" if d == 0 else "win"


OPPOSED_SOURCES = (cite(SEED, 932, 966, note="opposed rolls"), *CORE_SOURCES)


class Opposed(FluidCheck[OpposedParams]):
    """Each side rolls with its own advantages and disadvantages; the higher score wins
    (L932-966)."""

    sources = OPPOSED_SOURCES
    example = {"characteristic": 5, "opponent_characteristic": 6, "advantage_dice": 1}

    def resolve(self, params: OpposedParams, dice: DiceSource) -> Resolution:
        d, details = exchange(params, dice)
        details["margin"] = abs(d)
        return Resolution(_sign(d), total=d, details=details)

    def distribution(self, params: OpposedParams) -> Distribution[str]:
        return exchange_law(params, _sign)


class VampirismParams(OpposedParams):
    victim_res: int = FIELDS("victim_res", default=10, ge=0, le=60)


class Vampirism(FluidCheck[VampirismParams]):
    """An opposed VOL test against the victim; the margin is the RES stolen (L1892-1898)."""

    sources = (cite(SEED, 1892, 1898), *OPPOSED_SOURCES)
    example = {"characteristic": 6, "opponent_characteristic": 5}

    @staticmethod
    def _outcome(d: int) -> str:
        return "resisted" if d < 0 else "stand_off" if d == 0 else "drained"

    def resolve(self, params: VampirismParams, dice: DiceSource) -> Resolution:
        d, details = exchange(params, dice)
        details["res_stolen"] = min(max(d, 0), params.victim_res)
        return Resolution(self._outcome(d), total=d, details=details)

    def distribution(self, params: VampirismParams) -> Distribution[str]:
        return exchange_law(params, self._outcome)


#: Gaps on foot stay within the margins a roll can make; vehicles reach ten times further.
ON_FOOT_MAX = 150


class ChaseParams(OpposedParams):
    """Every distance in metres (L1653-1663): the GM estimates the gap to the metre on foot and
    to the ten metres with vehicles, where one point of margin is 10 m."""

    gap: int = FIELDS("gap", default=10, ge=1, le=10 * ON_FOOT_MAX)
    escape_at: int = FIELDS("escape_at", default=30, ge=2, le=10 * ON_FOOT_MAX)
    vehicles: bool = FIELDS("vehicles", default=False)
    chase_margin: Literal["difference", "winner_mr"] = OPTIONS["chase_margin"].field()

    @model_validator(mode="after")
    def _on_foot_within_reach(self) -> ChaseParams:
        if not self.vehicles and max(self.gap, self.escape_at) > ON_FOOT_MAX:
            raise ValueError(
                f"à pied, écart et écart de fuite ≤ {ON_FOOT_MAX} m (en véhicules ≤ "
                f"{10 * ON_FOOT_MAX} m) / on foot, gap and escape gap ≤ {ON_FOOT_MAX} m "
                f"(with vehicles ≤ {10 * ON_FOOT_MAX} m)"
            )
        return self

    @property
    def metres_per_point(self) -> int:
        """One point of margin is 1 m on foot, 10 m with vehicles (L1661-1663)."""
        return 10 if self.vehicles else 1


class Chase(FluidCheck[ChaseParams]):
    """You are the pursuer; the opponent flees. The winner's margin narrows or widens the gap,
    ×10 with vehicles: at 0 the fugitive is caught, at the target it escapes (L1651-1669)."""

    sources = (
        cite(SEED, 1651, 1669, note="margin: score difference or winner's MR, reading A26"),
        cite(SEED, 1653, 1663, note="one unit: metres; with vehicles 1 point of margin = 10 m"),
        cite(SEED, 352, 356, note="MR: the score above 10"),
        *OPPOSED_SOURCES,
    )
    example = {"characteristic": 6, "opponent_characteristic": 5, "gap": 5, "escape_at": 20}

    @staticmethod
    def new_gap(params: ChaseParams, step: int) -> int:
        """The gap in metres after a margin of `step` points won by the pursuer."""
        return params.gap - step * params.metres_per_point

    @classmethod
    def _outcome(cls, params: ChaseParams, step: int) -> str:
        """`step` is the signed margin: > 0 when the pursuer wins it, < 0 for the fugitive."""
        gap = cls.new_gap(params, step)
        if gap <= 0:
            return "caught"
        if gap >= params.escape_at:
            return "escaped"
        return "closer" if step > 0 else "further" if step < 0 else "no_change"

    @staticmethod
    def step(params: ChaseParams, score: int, opponent_score: int) -> int:
        """The winner's margin, signed. Reading A26: the score difference, or the winner's MR
        (score above 10, L352-356): a winner who failed too has no MR and the gap stays."""
        d = score - opponent_score
        if params.chase_margin == "difference" or d == 0:
            return d
        return _mr(score) if d > 0 else -_mr(opponent_score)

    def resolve(self, params: ChaseParams, dice: DiceSource) -> Resolution:
        _, details = exchange(params, dice)
        step = self.step(params, details["score"], details["opponent_score"])
        details["margin"] = abs(step)
        details["metres"] = -step * params.metres_per_point
        details["new_gap"] = max(0, self.new_gap(params, step))
        return Resolution(self._outcome(params, step), total=step, details=details)

    def distribution(self, params: ChaseParams) -> Distribution[str]:
        if params.chase_margin == "difference":
            return exchange_law(params, lambda d: self._outcome(params, d))
        return self._winner_mr_law(params)

    def _winner_mr_law(self, params: ChaseParams) -> Distribution[str]:
        """Pursuer wins with score A: step = MR(A); the fugitive wins with B: step = −MR(B);
        each side's law of its own winning score (checks.winner), ties apart."""
        rules = explosions(params)
        a = side_of(params, "").atoms(rules)
        b = side_of(params, "opponent_").atoms(rules)

        def f(step: int) -> str:
            return self._outcome(params, step)

        lo, hi = stable_window(f)
        top = RANKS.success_above
        law: dict[tuple[str, str], Fraction] = {}
        for k, p in winner_law(a, b, lambda s: f(_mr(s)), top, top + hi).items():
            law[("won", k)] = law.get(("won", k), Fraction(0)) + p
        for k, p in winner_law(b, a, lambda s: f(-_mr(s)), top, top - lo).items():
            law[("won", k)] = law.get(("won", k), Fraction(0)) + p
        law[("tie", f(0))] = tie_probability(a, b)
        both = Distribution.from_fractions(law)
        if params.tie_rule == "reroll":
            both = both.condition(lambda o: o[0] != "tie")
        return both.map(lambda o: o[1])


def _mr(score: int) -> int:
    return max(score - RANKS.success_above, 0)


class JoustParams(OpposedParams):
    aura: int = FIELDS("aura", default=10, ge=0, le=60)
    opponent_aura: int = FIELDS("opponent_aura", default=10, ge=0, le=60)


class VerbalJoust(FluidCheck[JoustParams]):
    """Like combat: the score difference comes off the loser's AUR; the first at 0 is beaten
    or convinced (L1671-1677)."""

    sources = (
        cite(SEED, 1671, 1677, note="damage = score difference, no weapon"),
        *OPPOSED_SOURCES,
    )
    example = {"characteristic": 6, "opponent_characteristic": 5, "aura": 9, "opponent_aura": 8}

    @staticmethod
    def _outcome(params: JoustParams, d: int) -> str:
        if d > 0:
            return "wins" if d >= params.opponent_aura else "scores"
        if d < 0:
            return "convinced" if -d >= params.aura else "shaken"
        return "stand_off"

    def resolve(self, params: JoustParams, dice: DiceSource) -> Resolution:
        d, details = exchange(params, dice)
        details["aura"] = max(0, params.aura - max(0, -d))
        details["opponent_aura"] = max(0, params.opponent_aura - max(0, d))
        return Resolution(self._outcome(params, d), total=d, details=details)

    def distribution(self, params: JoustParams) -> Distribution[str]:
        return exchange_law(params, lambda d: self._outcome(params, d))


class MassParams(TwoSides):
    no_base_explosion: bool = OPTIONS["no_base_explosion"].field()
    no_doubles: bool = OPTIONS["no_doubles"].field()
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()
    characteristic: int = FIELDS("mass_characteristic", ge=0, le=30)
    modifier: int = FIELDS("mass_modifier", default=0, ge=-10, le=60)
    opponent_characteristic: int = FIELDS("mass_opponent_characteristic", ge=0, le=30)
    opponent_modifier: int = FIELDS("mass_opponent_modifier", default=0, ge=-10, le=60)
    scale: int = FIELDS("scale", default=1, ge=1, le=100)


class MassCombat(FluidCheck[MassParams]):
    """Each side tests; its score (at least 0) is the casualties it inflicts, ×10 or ×100 at
    large scale (L1599-1623)."""

    sources = (cite(SEED, 1599, 1623), *CORE_SOURCES)
    example = {"characteristic": 5, "opponent_characteristic": 5, "advantage_dice": 2}

    @staticmethod
    def _outcome(d: int) -> str:
        return "worse" if d < 0 else "even" if d == 0 else "better"

    def resolve(self, params: MassParams, dice: DiceSource) -> Resolution:
        rules = explosions(params)
        a, a_work = side_of(params, "").roll(dice, rules)
        b, b_work = side_of(params, "opponent_").roll(dice, rules)
        inflicted, suffered = max(a, 0), max(b, 0)
        details = {
            "you": a_work,
            "opponent": b_work,
            "casualties_inflicted": inflicted * params.scale,
            "casualties_suffered": suffered * params.scale,
        }
        return Resolution(self._outcome(inflicted - suffered), total=inflicted, details=details)

    def distribution(self, params: MassParams) -> Distribution[str]:
        rules = explosions(params)
        a = floor_at_zero(side_of(params, "").atoms(rules))
        b = floor_at_zero(side_of(params, "opponent_").atoms(rules))
        return outcome_law(a, b, self._outcome, reroll_ties=False)
