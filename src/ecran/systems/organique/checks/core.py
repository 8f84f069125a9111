"""Core tests: the action test (the contract's `test`), two characteristics, skills, saves,
opposed actions (L6-165, L1132-1216)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import model_validator

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution
from ecran.rules.data import row_where
from ecran.systems.organique.checks.base import (
    D20Check,
    OrganiqueCheck,
    SaveKindName,
    characteristic_field,
    difficulty_field,
    luck_field,
    modifier_field,
)
from ecran.systems.organique.dice import TestRoll, beats, d20_test, two_characteristics
from ecran.systems.organique.options import OPTIONS, TieRule, TwoCharMode
from ecran.systems.organique.tables import CORE, FIELDS, src, words


class TestParams(Params):
    characteristic: int = characteristic_field()
    difficulty: int = difficulty_field()
    modifier: int = modifier_field()
    luck: bool = luck_field()


class ActionTest(D20Check[TestParams]):
    """The contract's core check: characteristic + 1d20 + modifier against the difficulty."""

    sources = (src(6, 24), src(58, 61), src(83, 106), src(2809, 2816))
    example = {"characteristic": 9, "difficulty": 20, "modifier": 8}

    def base(self, params: TestParams) -> int:
        return params.characteristic + params.modifier

    def resolve(self, params: TestParams, dice: DiceSource) -> Resolution:
        return d20_test(dice, self.base(params), params.difficulty, params.luck).resolution()


class TwoCharParams(Params):
    first: int = characteristic_field("characteristic.first")
    second: int = characteristic_field("characteristic.second")
    difficulty: int = difficulty_field()
    modifier: int = modifier_field()
    luck: bool = luck_field()
    two_characteristics: TwoCharMode = OPTIONS["two_characteristics"].field()


class TwoCharacteristicTest(D20Check[TwoCharParams]):
    sources = (src(45, 56),)
    example = {"first": 3, "second": 12, "difficulty": 20}

    def stat(self, params: TwoCharParams) -> int:
        return two_characteristics(params.first, params.second, params.two_characteristics)

    def base(self, params: TwoCharParams) -> int:
        return self.stat(params) + params.modifier

    def resolve(self, params: TwoCharParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, self.base(params), params.difficulty, params.luck)
        return roll.resolution(characteristic=self.stat(params))


def skill_bonus(level: int) -> int:
    """L1161-1186: +4 per level above the first; level 0 (no skill) adds nothing."""
    return 4 * (level - 1) if level > 1 else 0


def effective_level(level: int, book: str) -> int:
    """L1219-1241: an introductory text makes the unskilled a Novice; a reference text adds a
    level (max 6) to the skilled."""
    if level == 0 and book in ("intro", "both"):
        return 1
    if level > 0 and book in ("reference", "both"):
        return min(6, level + 1)
    return level


#: L1222-1227: a book multiplies the action's time by its medium.
BOOK_TIME = {"mental": 2, "computer": 3, "paper": 4}


class SkillParams(Params):
    characteristic: int = characteristic_field()
    level: int = FIELDS("level.skill", default=1, ge=0, le=6)
    difficulty: int = difficulty_field()
    modifier: int = modifier_field("modifier.skill")
    teamwork: bool = FIELDS("teamwork", default=False)
    book: Literal["none", "intro", "reference", "both"] = FIELDS("book", default="none")
    book_medium: Literal["mental", "computer", "paper"] = FIELDS("book_medium", default="paper")
    hurry: int = FIELDS("hurry", default=0, ge=0, le=40)
    luck: bool = luck_field()


class SkillTest(D20Check[SkillParams]):
    sources = (src(1132, 1216), src(1219, 1241))
    example = {"characteristic": 14, "level": 3, "difficulty": 20}

    def bonus(self, params: SkillParams) -> tuple[int, int]:
        """The level the roll uses and its bonus (teamwork's included)."""
        level = effective_level(params.level, params.book)
        return level, skill_bonus(level) + (4 if params.teamwork else 0)

    def base(self, params: SkillParams) -> int:
        return params.characteristic + self.bonus(params)[1] + params.modifier - params.hurry

    def resolve(self, params: SkillParams, dice: DiceSource) -> Resolution:
        level, bonus = self.bonus(params)
        roll = d20_test(dice, self.base(params), params.difficulty, params.luck)
        details: dict[str, Any] = {"level": level, "skill_bonus": bonus, **roll.as_details()}
        details["time_multiplier"] = 1 if params.book == "none" else BOOK_TIME[params.book_medium]
        return Resolution(self.judged(roll, params), roll.total, details)


class SaveParams(Params):
    kind: SaveKindName = FIELDS("kind", default="fear", choices=words(CORE.save, "kind"))
    characteristic: int = characteristic_field()
    second: int | None = FIELDS("second", default=None, ge=-10, le=40)
    difficulty: int = difficulty_field(default=20)
    modifier: int = modifier_field("modifier.save")
    opponent_margin: int | None = FIELDS("opponent_margin", default=None, ge=0, le=80)
    luck: bool = luck_field()
    two_characteristics: TwoCharMode = OPTIONS["two_characteristics"].field()
    tie_rule: TieRule = OPTIONS["tie_rule"].field()

    @model_validator(mode="after")
    def _second_when_needed(self) -> SaveParams:
        stats = row_where(CORE.save, kind=self.kind).stats
        if len(stats) == 2 and self.second is None:
            raise ValueError(
                f"la sauvegarde {self.kind} utilise {'+'.join(stats)} : donnez --second "
                f"/ save {self.kind} uses {'+'.join(stats)}: give --second"
            )
        return self


class Save(D20Check[SaveParams]):
    sources = (src(121, 165), src(512, 529))
    example = {"kind": "unconsciousness", "characteristic": 3, "second": 12, "difficulty": 20}
    reads = ("opponent_margin", "tie_rule")

    def stat(self, params: SaveParams) -> int:
        if params.second is None:
            return params.characteristic
        return two_characteristics(params.characteristic, params.second, params.two_characteristics)

    def base(self, params: SaveParams) -> int:
        return self.stat(params) + params.modifier

    def judged(self, roll: TestRoll, params: SaveParams) -> str:
        success = roll.success
        if success and params.opponent_margin is not None:
            success = beats(roll.margin, params.opponent_margin, params.tie_rule == "literal")
        return "success" if success else "failure"

    def resolve(self, params: SaveParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, self.base(params), params.difficulty, params.luck)
        outcome = self.judged(roll, params)
        details: dict[str, Any] = {"characteristic": self.stat(params), **roll.as_details()}
        if outcome == "failure" and params.kind == "suffering":
            details["suffering_penalty"] = shortfall(roll.margin, params.opponent_margin)
        return Resolution(outcome, roll.total, details)


def shortfall(margin: int, required: int | None) -> int:
    """How far a failed save fell short: of the difficulty, or of the opponent's MR."""
    return max(1, (required or 0) - margin)


class OpposedParams(Params):
    characteristic: int = characteristic_field()
    modifier: int = modifier_field()
    difficulty: int = difficulty_field()
    opponent_characteristic: int = characteristic_field("characteristic.opponent_characteristic")
    opponent_modifier: int = modifier_field("modifier.opponent_modifier")
    opponent_difficulty: int = difficulty_field()
    luck: bool = luck_field()


class Opposed(OrganiqueCheck[OpposedParams]):
    sources = (src(58, 80), src(3935, 3936))
    example = {
        "characteristic": 12,
        "difficulty": 20,
        "opponent_characteristic": 10,
        "opponent_difficulty": 20,
    }

    def resolve(self, params: OpposedParams, dice: DiceSource) -> Resolution:
        me = d20_test(dice, params.characteristic + params.modifier, params.difficulty, params.luck)
        base = params.opponent_characteristic + params.opponent_modifier
        them = d20_test(dice, base, params.opponent_difficulty, params.luck)
        details = {**me.as_details(), **them.as_details("opponent_")}
        return Resolution(
            compare(me.success, me.margin, them.success, them.margin), me.total, details
        )


def compare(a_ok: bool, a_mr: int, b_ok: bool, b_mr: int) -> str:
    if not a_ok and not b_ok:
        return "neither"
    if not b_ok:
        return "win"
    if not a_ok:
        return "loss"
    return "win" if a_mr > b_mr else "loss" if a_mr < b_mr else "tie"


CORE_CHECKS = (ActionTest(), TwoCharacteristicTest(), SkillTest(), Save(), Opposed())
