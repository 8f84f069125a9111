"""Opposed tests (seed L479-481): both sides total their score, with or without dice, and the
higher total wins by the difference. A tie is not specified (§9 A15): it is its own outcome."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, TypeVar

from pydantic import BaseModel

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution, cite
from ecran.systems.nephilim.checks.base import NephilimCheck, rolled_modifier, rolled_plexus
from ecran.systems.nephilim.checks.core import CHARACTERISTIC, SKILL, base_score
from ecran.systems.nephilim.dice import DiceVariant
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.tables import FIELDS, SEED

P = TypeVar("P", bound=BaseModel)

LOSS, TIE, WIN = "loss", "tie", "win"


def _verdict(difference: int) -> str:
    return WIN if difference > 0 else TIE if difference == 0 else LOSS


class OpposedCheck(NephilimCheck[P]):
    """Subclasses give both scores and whether each side rolls."""

    @abstractmethod
    def sides(self, params: P) -> tuple[int, bool, int, bool]:
        """(own score, own roll?, opponent score, opponent roll?)"""

    def explain(self, params: P) -> dict[str, Any]:
        return {}

    def verdict(self, params: P, difference: int) -> str:
        return _verdict(difference)

    def resolve(self, params: P, dice: DiceSource) -> Resolution:
        own, own_rolls, other, other_rolls = self.sides(params)
        name = getattr(params, "dice", "D")
        details: dict[str, Any] = {}
        own_r = rolled_modifier(dice, name, details) if own_rolls else 0
        other_r = rolled_modifier(dice, name, details, "opponent_dice") if other_rolls else 0
        extra = rolled_plexus(dice, params, details)
        total, opponent_total = own + own_r + extra, other + other_r
        details |= {"score": own, "opponent_score": other, "opponent_total": opponent_total}
        details |= {"margin": total - opponent_total, **self.explain(params)}
        return Resolution(
            self.verdict(params, total - opponent_total), total=total, details=details
        )


class OpposedParams(Params):
    characteristic: int = CHARACTERISTIC
    skill: int | None = SKILL
    malus: int = FIELDS("malus_opposed", default=0, ge=0)
    roll: bool = FIELDS("roll", default=True)
    opponent_characteristic: int = FIELDS("opponent_characteristic", ge=-4, le=10)
    opponent_skill: int | None = FIELDS("opponent_skill", default=None, ge=-4, le=10)
    opponent_malus: int = FIELDS("opponent_malus", default=0, ge=0)
    opponent_roll: bool = FIELDS("opponent_roll", default=True)
    dice: DiceVariant = OPTIONS["dice"].field()


class Opposed(OpposedCheck[OpposedParams]):
    sources = (cite(SEED, 479, 481),)
    example = {"characteristic": 1, "skill": 0, "opponent_characteristic": 0, "opponent_skill": 1}

    def sides(self, params: OpposedParams) -> tuple[int, bool, int, bool]:
        own = base_score(params.characteristic, params.skill) - params.malus
        other = base_score(params.opponent_characteristic, params.opponent_skill)
        return own, params.roll, other - params.opponent_malus, params.opponent_roll
