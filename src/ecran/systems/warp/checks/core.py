"""The core rolls: a trait against a difficulty, and two traits against each other.

`roll` and `opposed` are the fixed contract (CONTRACTS.md); `versus` is the opposed roll with the
optional rules (fumbles, open-ended rolls, unstoppable six) that the contract's `opposed` leaves
out.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params, Resolution
from ecran.systems.warp.checks.base import (
    WarpCheck,
    bonus_field,
    dice_field,
    difficulty_field,
    penalty_field,
)
from ecran.systems.warp.dice import (
    compare_sums,
    kept_sum,
    kept_sum_six,
    roll_pool,
    total_against,
)
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.tables import src


class RollParams(Params):
    dice: int = dice_field("dice")
    bonus: int = bonus_field("bonus")
    penalty: int = penalty_field("penalty")
    difficulty: int = difficulty_field()
    open_ended: bool = OPTIONS["open_ended"].field()
    fumbles: bool = OPTIONS["fumbles"].field()


class Roll(WarpCheck[RollParams]):
    """T > D success, T = D tie (inconclusive), T < D failure (L1361-1383, L163-169)."""

    sources = (
        src(127, 147),
        src(163, 186),
        src(1350, 1501),
        src(1598, 1613),
        src(1784, 1885),
    )
    example = {"dice": 3, "bonus": 1, "penalty": 0, "difficulty": 11}
    #: Beyond the walk: a trait of 5 with 2 bonus dice: 6**7 sequences.
    beyond_walk = {"dice": 5, "bonus": 2, "difficulty": 14}

    def resolve(self, params: RollParams, dice: DiceSource) -> Resolution:
        pool = roll_pool(dice, params.dice, params.bonus, params.penalty, params.open_ended)
        outcome = _against(pool.total, params.difficulty)
        if params.fumbles and pool.all_ones:
            outcome = "fumble"
        details: dict[str, Any] = {
            **pool.details(),
            "margin": pool.total - params.difficulty,
        }
        return Resolution(outcome, total=pool.total, details=details)

    def distribution(self, params: RollParams) -> Distribution[str]:
        net = params.bonus - params.penalty
        n, d = params.dice, params.difficulty
        totals = total_against(n, net, params.open_ended, d)
        # every die shows at least 1, so a total of N (before any explosion) is all ones
        fumble_total = n if params.fumbles else None
        return totals.map(lambda t: "fumble" if t == fumble_total else _against(t, d))


def _against(total: int, difficulty: int) -> str:
    if total > difficulty:
        return "success"
    return "tie" if total == difficulty else "failure"


class OpposedParams(Params):
    dice: int = dice_field("dice")
    bonus: int = bonus_field("bonus")
    penalty: int = penalty_field("penalty")
    opponent_dice: int = dice_field("opponent_dice")
    opponent_bonus: int = bonus_field("opponent_bonus")
    opponent_penalty: int = penalty_field("opponent_penalty")


class Opposed(WarpCheck[OpposedParams]):
    """Both sides roll; the higher kept total wins (L1614-1658); a tie is not a win (L163-169)."""

    sources = (src(163, 169), src(1568, 1658))
    example = {"dice": 3, "bonus": 1, "opponent_dice": 3}
    #: Beyond the walk: two pools of 4: 6**8 sequences.
    beyond_walk = {"dice": 4, "opponent_dice": 4}

    def resolve(self, params: OpposedParams, dice: DiceSource) -> Resolution:
        mine = roll_pool(dice, params.dice, params.bonus, params.penalty)
        theirs = roll_pool(
            dice, params.opponent_dice, params.opponent_bonus, params.opponent_penalty
        )
        outcome = _versus(mine.total, theirs.total)
        details = {
            **mine.details(),
            **theirs.details("opponent_"),
            "margin": mine.total - theirs.total,
        }
        return Resolution(outcome, total=mine.total, details=details)

    def distribution(self, params: OpposedParams) -> Distribution[str]:
        mine = kept_sum(params.dice, params.bonus - params.penalty)
        theirs = kept_sum(params.opponent_dice, params.opponent_bonus - params.opponent_penalty)
        return mine.combine(theirs, _versus).reduced()


def _versus(a: int, b: int) -> str:
    return "win" if a > b else "tie" if a == b else "loss"


class VersusParams(OpposedParams):
    open_ended: bool = OPTIONS["open_ended"].field()
    fumbles: bool = OPTIONS["fumbles"].field()
    unstoppable_six: bool = OPTIONS["unstoppable_six"].field()


class Versus(WarpCheck[VersusParams]):
    """The opposed roll with the optional rules. Reading: a side that fumbles fails whatever the
    totals (L1823-1851), so an opponent's fumble is a win unless the actor fumbles too."""

    sources = (src(1614, 1658), src(1784, 1935))
    example = {"dice": 4, "opponent_dice": 3, "unstoppable_six": True, "fumbles": True}
    #: Beyond the walk: two pools of 4: 6**8 sequences; open-ended rolls never end.
    beyond_walk = {"dice": 4, "opponent_dice": 4, "fumbles": True}

    def resolve(self, params: VersusParams, dice: DiceSource) -> Resolution:
        mine = roll_pool(dice, params.dice, params.bonus, params.penalty, params.open_ended)
        theirs = roll_pool(
            dice,
            params.opponent_dice,
            params.opponent_bonus,
            params.opponent_penalty,
            params.open_ended,
        )
        outcome = _versus(mine.total, theirs.total)
        if params.fumbles and mine.all_ones:
            outcome = "fumble"
        elif params.fumbles and theirs.all_ones:
            outcome = "win"
        if outcome == "loss" and params.unstoppable_six and mine.kept_sixes:
            outcome = "loss_with_six"
        details = {
            **mine.details(),
            **theirs.details("opponent_"),
            "margin": mine.total - theirs.total,
            "opponent_limited_success": outcome == "win"
            and params.unstoppable_six
            and theirs.kept_sixes > 0,
        }
        return Resolution(outcome, total=mine.total, details=details)

    def distribution(self, params: VersusParams) -> Distribution[str]:
        mine = kept_sum_six(params.dice, params.bonus - params.penalty)
        theirs = kept_sum(params.opponent_dice, params.opponent_bonus - params.opponent_penalty)
        odds: dict[str, Fraction] = {}
        for (a, six), pa in mine.items():
            for b, pb in theirs.items():
                for name, p in self._pair(params, a, six, b).items():
                    odds[name] = odds.get(name, Fraction(0)) + pa * pb * p
        return Distribution.from_fractions(odds).reduced()

    @staticmethod
    def _pair(params: VersusParams, a: int, six: bool, b: int) -> dict[str, Fraction]:
        n, m = params.dice, params.opponent_dice
        if params.fumbles and a == n:
            return {"fumble": Fraction(1)}
        if params.fumbles and b == m:
            return {"win": Fraction(1)}
        odds = compare_sums(a, n, b, m, params.open_ended)
        if params.unstoppable_six and six and "loss" in odds:
            odds["loss_with_six"] = odds.pop("loss")
        return odds


def related_dice(score: int, allowed: bool) -> tuple[int, int]:
    """(dice, bonus dice) for a trait that only loosely applies (L1960-1989): the default 2 dice
    plus a bonus die for a trait of 3, or an extra die (3 dice) for 4 and more. Without the
    optional rule, or below 3, it is the default 2 dice (L1399-1405)."""
    if not allowed or score < 3:
        return 2, 0
    return (2, 1) if score == 3 else (3, 0)


class RelatedParams(Params):
    related_score: int = dice_field("related_score")
    bonus: int = bonus_field("bonus")
    penalty: int = penalty_field("penalty")
    difficulty: int = difficulty_field()
    related_traits: bool = OPTIONS["related_traits"].field()


class Related(WarpCheck[RelatedParams]):
    """A trait close to the task but not on it (L1960-1989). Example: a model (3) doing make-up
    to disguise herself rolls 2 dice + 1 bonus die (L1973-1989)."""

    sources = (src(1960, 1989), src(1399, 1405))
    example = {"related_score": 3, "difficulty": 7, "related_traits": True}
    #: Beyond the walk: 3 dice and 4 bonus dice: 6**7 sequences.
    beyond_walk = {"related_score": 4, "bonus": 4, "difficulty": 14, "related_traits": True}

    def _roll(self, p: RelatedParams) -> RollParams:
        dice, bonus = related_dice(p.related_score, p.related_traits)
        return RollParams(
            dice=dice, bonus=p.bonus + bonus, penalty=p.penalty, difficulty=p.difficulty
        )

    def resolve(self, params: RelatedParams, dice: DiceSource) -> Resolution:
        return Roll().resolve(self._roll(params), dice)

    def distribution(self, params: RelatedParams) -> Distribution[str]:
        return Roll().distribution(self._roll(params))
