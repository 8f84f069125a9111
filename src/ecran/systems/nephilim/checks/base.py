"""What every Nephilim test shares: the dice options and one resolution procedure (its four
outcomes are data, data/outcomes.toml); its exact odds come from walking every way the dice fall."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar, Self, TypeVar

from pydantic import BaseModel, model_validator

from ecran.dice import DiceSource, Distribution, enumerate_outcomes
from ecran.rules import Check, CheckWords, Params, Resolution, Text
from ecran.rules.check import DIFFICULTY, Recall, no_recall
from ecran.systems.nephilim import tables
from ecran.systems.nephilim.dice import (
    CriticalReading,
    DiceVariant,
    classify,
    roll_modifier,
    variant,
)
from ecran.systems.nephilim.ka import KaScale, on_normalized_scale
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.tables import FIELDS, PACKAGE

P = TypeVar("P", bound=BaseModel)


class NephilimCheck(Check[P]):
    """Every Nephilim check: its title and description are data (`data/checks.toml`), taken by
    its `name`."""

    words = CheckWords.load(PACKAGE)


BARRED = "barred"


class DiceOptions(Params):
    dice: DiceVariant = OPTIONS["dice"].field()
    criticals: CriticalReading = OPTIONS["criticals"].field()


class KaScaleParams(Params):
    """A check that reads Ka scores: each is given on the scale `ka_scale` names, the absolute
    score (default, as the sheet holds it, L30) or its normalized equivalent (L32-45), and the
    roll uses the normalized score (L47, L570, L594)."""

    ka_scale: KaScale = FIELDS("ka_scale", default="absolute")
    #: The fields that hold a Ka score.
    ka_fields: ClassVar[tuple[str, ...]] = ("ka",)

    @model_validator(mode="after")
    def _on_its_scale(self) -> Self:
        """A Ka field's bound is the normalized scale's (−4, no Ka); an absolute score starts
        at 0 (L30, L35)."""
        if self.ka_scale == "absolute" and any(getattr(self, n) < 0 for n in self.ka_fields):
            raise ValueError(
                "un Ka absolu est ≥ 0 (L30) ; pour un score normalisé : l'échelle « normalisé »"
                " / an absolute Ka is ≥ 0 (L30); for a normalized score: ka-scale normalized"
            )
        return self

    def normalized(self, name: str) -> int:
        """The normalized score of the Ka field `name`."""
        return on_normalized_scale(int(getattr(self, name)), self.ka_scale)


class PlexusOption(Params):
    plexus: str = OPTIONS["plexus"].field(pattern=r"^(none|d6-d4|d8-d4|d8-d8)$")


def plexus_distribution(name: str) -> Distribution[int] | None:
    if name == "none":
        return None
    first, second = tables.OCCULT.plexus.dice()[name]
    return (Distribution.die(first) - Distribution.die(second)).reduced()


def rolled_modifier(dice: DiceSource, name: str, details: dict[str, Any], key: str = "dice") -> int:
    """Roll the modifier R (the difference of two dice, L457-458) and show both dice under `key`."""
    first, second, r = roll_modifier(dice, name)
    details[key] = [first, second]
    return r


def rolled_plexus(dice: DiceSource, params: BaseModel, details: dict[str, Any]) -> int:
    """Roll the plexus' ordinary dice, first minus second (L626), if the roll has any; show
    their difference when not zero."""
    name = _given(params, "plexus", "none")
    if name == "none":
        return 0
    first, second = tables.OCCULT.plexus.dice()[name]
    extra = dice.d(first) - dice.d(second)
    if extra:
        details["plexus"] = extra
    return extra


class DiceTest(NephilimCheck[P]):
    """A test `score + R >= difficulty`: subclasses say how the score and difficulty are made."""

    @abstractmethod
    def score(self, params: P) -> int: ...

    @abstractmethod
    def difficulty(self, params: P) -> int: ...

    def explain(self, params: P) -> dict[str, Any]:
        """Extra details shown with a roll (how the score was made)."""
        return {}

    def barred(self, params: P) -> Text | None:
        """Why the roll is not allowed (a skill gate), or None."""
        return None

    def resolve(self, params: P, dice: DiceSource) -> Resolution:
        reason = self.barred(params)
        if reason is not None:
            return Resolution(BARRED, details={"reason": reason.model_dump()})
        score, difficulty = self.score(params), self.difficulty(params)
        dice_name, reading, rolled = _settings(params)
        details: dict[str, Any] = {}
        r, extra = _rolled(params, dice, details)
        crit = variant(dice_name).critical
        outcome = classify(score + extra, r, difficulty, crit, reading, rolled)
        total = score + extra + r
        details |= {"score": score, "modifier": r, "difficulty": difficulty}
        details |= {"margin": total - difficulty, **self.explain(params)}
        return Resolution(outcome, total=total, details=details)

    def ladder(
        self, params: P, difficulties: Sequence[int], recall: Recall = no_recall
    ) -> list[Distribution[str]]:
        """The test is `score + R ≥ difficulty` and a raw ±critical is read against the same
        difference (L452-458, `dice.classify`): a rung depends on score − difficulty only. The
        dice (R, the plexus' dice) are walked once per way of rolling them, and each margin is
        read once for every action that reaches it (`recall`)."""
        if type(self).resolve is not DiceTest.resolve or self.barred(params) is not None:
            return super().ladder(params, difficulties, recall)
        dice_name, reading, rolled = _settings(params)
        plexus = _given(params, "plexus", "none")
        crit = variant(dice_name).critical
        law: Distribution[tuple[int, int]] = recall(
            ("nephilim.modifiers", dice_name, plexus, rolled),
            lambda: enumerate_outcomes(lambda dice: _rolled(params, dice, {})),
        )

        def rung(margin: int) -> Distribution[str]:
            return law.map(lambda q: classify(margin + q[1], q[0], 0, crit, reading, rolled))

        # the score never reads the difficulty; the difficulty is the parameter's, plus what
        # the check adds to it (nothing in the checks that have one)
        score = self.score(params)
        added = self.difficulty(params) - int(getattr(params, DIFFICULTY))
        rungs = []
        for difficulty in difficulties:
            margin = score - difficulty - added
            key = ("nephilim.test", dice_name, plexus, rolled, reading, margin)
            rungs.append(recall(key, partial(rung, margin)))
        return rungs


def _rolled(params: BaseModel, dice: DiceSource, details: dict[str, Any]) -> tuple[int, int]:
    """The dice of a test: R (none when `roll_needed` is off) and the plexus' extra."""
    dice_name, _, rolled = _settings(params)
    r = rolled_modifier(dice, dice_name, details) if rolled else 0
    return r, rolled_plexus(dice, params, details)


class AgainstZero(DiceTest[P]):
    """A test whose difficulty is 0: the sprint (L524-529) and the critical states' per-round
    tests (L88)."""

    def difficulty(self, params: P) -> int:
        return 0


def _settings(params: BaseModel) -> tuple[str, CriticalReading, bool]:
    return (
        _given(params, "dice", "D"),
        _given(params, "criticals", "never_flips"),
        _given(params, "roll_needed", True),
    )


def _given(params: BaseModel, name: str, default: Any) -> Any:
    """The parameter `name`, or `default` for a check that has none (asked on every path of a
    walk: a missing attribute costs pydantic an exception each time)."""
    return params.__dict__.get(name, default)  # a pydantic model keeps its fields there
