"""Shared pieces of the checks: parameter fields, dynamic choice types."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, TypeVar

from pydantic import BaseModel

from ecran.dice import Distribution, enumerate_outcomes
from ecran.rules import Check, CheckWords
from ecran.rules.check import Recall, no_recall
from ecran.systems.organique.dice import TestRoll, d20_test, judge
from ecran.systems.organique.tables import (
    ACTIONS,
    CHARACTERISTICS,
    FIELDS,
    HOLE_SKILLS,
    PACKAGE,
    PSYCHIC_TARGETS,
    REACTIONS,
    SAVE_KINDS,
    SIZES,
    WEAPON_LABELS,
)

# The choices come from the data files; mypy sees plain strings, pydantic sees the Literal.
if TYPE_CHECKING:
    SaveKindName = str
    StatName = str
    ActionName = str
    ReactionName = str
    SizeName = str
    WeaponLabelName = str
    HoleSkillName = str
    PsychicTargetName = str
else:
    SaveKindName = Literal[SAVE_KINDS]
    StatName = Literal[CHARACTERISTICS]
    ActionName = Literal[ACTIONS]
    ReactionName = Literal[("none", *REACTIONS)]
    SizeName = Literal[SIZES]
    WeaponLabelName = Literal[WEAPON_LABELS]
    HoleSkillName = Literal[HOLE_SKILLS]
    PsychicTargetName = Literal[PSYCHIC_TARGETS]


class Bounds(TypedDict):
    """A number field's bounds (typed, so unpacking them never reaches another keyword)."""

    ge: int
    le: int


STAT_RANGE: Bounds = {"ge": -10, "le": 40}
DIFF_RANGE: Bounds = {"ge": 0, "le": 60}
MOD_RANGE: Bounds = {"ge": -100, "le": 100}


def characteristic_field(key: str = "characteristic.test", default: Any = ...) -> Any:
    """A characteristic's score, worded by `key` in data/fields.toml."""
    return FIELDS(key, default=default, **STAT_RANGE)


def difficulty_field(default: Any = ...) -> Any:
    return FIELDS("difficulty.test", default=default, **DIFF_RANGE)


def modifier_field(key: str = "modifier.test") -> Any:
    """The modifiers of a test, its help (`key` in data/fields.toml) naming where they come from."""
    return FIELDS(key, default=0, **MOD_RANGE)


def base_field(key: str) -> Any:
    """The base of a test the book gives as a sum (INT + a skill bonus)."""
    return FIELDS(key, ge=-20, le=100)


def luck_field(default: bool = False) -> Any:
    return FIELDS("luck", default=default)


P = TypeVar("P", bound=BaseModel)

#: The words of every check (data/checks.toml, details.toml, outcomes.toml).
WORDS = CheckWords.load(PACKAGE)


class OrganiqueCheck(Check[P]):
    """Every Organique check: its title and description are data (`data/checks.toml`), taken by
    its `name`."""

    words = WORDS


class D20Check(OrganiqueCheck[P]):
    """A check that is one `d20_test` of `base(params)` (characteristic(s) + every modifier)
    against its `difficulty`, its outcome read from the roll by `judged`."""

    #: The parameters `judged` reads besides the roll (an opponent's margin, a tie rule).
    reads: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def base(self, params: P) -> int:
        """Characteristic(s) + every modifier: what the d20 is added to (never the
        difficulty)."""

    def judged(self, roll: TestRoll, params: P) -> str:
        """The outcome of the roll: it reads the roll's success and margin, never its total."""
        return "success" if roll.success else "failure"

    def ladder(
        self, params: P, difficulties: Sequence[int], recall: Recall = no_recall
    ) -> list[Distribution[str]]:
        """Success and margin are base + die − difficulty and the luck rule reads the die
        (L6-24, L83-94, `dice.judge`): a rung depends on base − difficulty, on the luck rule
        and on `reads` only. The die is walked once, and each margin is read once for every
        action that reaches it (`recall`): checks that judge alike (the action test, the skill
        test) share their rungs."""
        luck = bool(getattr(params, "luck", False))
        judge_of = type(self).judged
        settings = (judge_of, luck, *(getattr(params, name) for name in self.reads))
        die: Distribution[int] = recall(
            ("organique.d20",), lambda: enumerate_outcomes(lambda d: d20_test(d, 0, 0).die)
        )

        def rung(margin: int) -> Distribution[str]:
            return die.map(lambda face: self.judged(judge(face, margin, 0, luck), params))

        base, rungs = self.base(params), []
        for difficulty in difficulties:
            key = ("organique.d20.rung", settings, base - difficulty)
            rungs.append(recall(key, partial(rung, base - difficulty)))
        return rungs
