"""A whole sheet's odds in one call: every action the sheet offers, at every difficulty.

An action is a check prefilled from the sheet (`System.actions`): by default its odds are given
at those parameters. With `ladder=True`, an action whose check takes a `difficulty` with declared
bounds is answered at every difficulty between them (what a player reads before choosing what to
try; at most `MAX_LADDER` steps), the others at their own parameters. A ladder is one call of
the check's `Check.ladder` (a game whose dice do not depend on the difficulty walks them once
and reads every rung), and every distribution goes through the shared cache
(`engine.cache.DISTRIBUTIONS`, the web's too), so actions that ask the same question and later
calls (the web redrawing a sheet) compute nothing again; actions with the same check and
parameters under two labels are answered once.

An action whose check needs a value the sheet cannot hold (Fluid's opposed actions need the
opponent's characteristic) is not an error: it names the values it waits for (`needs`, their
labels), and is answered once the GM gives them (`inputs`, applied to every action whose check
takes them). An action whose check refuses its parameters, or whose odds cannot be computed, is
reported with its one-line error in place of odds; the other actions are still answered.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ecran.dice import Distribution, TooManyPaths
from ecran.engine.cache import DISTRIBUTIONS
from ecran.engine.records import OutcomeOdds, fraction_text
from ecran.rules import Action, CharacterSheet, Check, EcranError, FieldMeta, System
from ecran.rules.check import DIFFICULTY
from ecran.rules.errors import from_validation
from ecran.rules.text import Text

T = TypeVar("T")

#: The most steps one ladder may have.
MAX_LADDER = 61


class RungOdds(BaseModel):
    """The odds of one action at one difficulty (None: the action's own parameters)."""

    difficulty: int | None
    outcomes: list[OutcomeOdds]


class ActionOdds(BaseModel):
    label: str
    group: str | None
    check: str
    params: dict[str, Any]
    odds: list[RungOdds]
    error: str | None = None
    #: Labels of the values the GM must give before this action has odds (an opponent's).
    needs: list[str] = []


class SheetOdds(BaseModel):
    system: str
    name: str
    actions: list[ActionOdds]


def sheet_odds(
    system: System[Any],
    sheet: CharacterSheet,
    lang: str = "fr",
    *,
    ladder: bool = False,
    inputs: Mapping[str, Any] | None = None,
) -> SheetOdds:
    """Every action of `sheet` with its exact odds (at every difficulty of its ladder). `inputs`:
    the GM's values (`opponent_characteristic=4`) for the checks that take them."""
    answer = _Answers(system, lang, ladder, inputs or {})
    actions = [answer(action) for action in system.actions(sheet)]
    return SheetOdds(system=system.id, name=sheet.name, actions=actions)


class _Answers:
    """One sheet's answers. Actions that ask the same question (a sheet offers a skill under
    several groups) are answered once; a rung two actions share (the same distribution at the
    same difficulty) is one object in both."""

    def __init__(
        self, system: System[Any], lang: str, ladder: bool, inputs: Mapping[str, Any]
    ) -> None:
        self.system, self.lang, self.ladder, self.inputs = system, lang, ladder, inputs
        self._answered: dict[str, ActionOdds] = {}
        # by identity: a ladder hands the same distribution to every rung at the same margin;
        # each is kept with what was made of it, so its id stays its own
        self._outcomes: dict[tuple[str, int], tuple[Distribution[str], list[OutcomeOdds]]] = {}
        self._rungs: dict[tuple[str, int | None, int], tuple[Distribution[str], RungOdds]] = {}

    def __call__(self, action: Action) -> ActionOdds:
        group = action.group(self.lang) if action.group is not None else None
        label = action.label(self.lang)
        question = _question(action)
        known = self._answered.get(question) if question is not None else None
        if known is None:
            known = self._answer(action)
            if question is not None:
                self._answered[question] = known
        return ActionOdds(
            label=label,
            group=group,
            check=action.check,
            params=dict(known.params),
            odds=known.odds,
            error=known.error,
            needs=known.needs,
        )

    def _answer(self, action: Action) -> ActionOdds:
        lang = self.lang
        base = ActionOdds(label="", group=None, check=action.check, params=action.params, odds=[])
        try:
            check = self.system.check(action.check)
            fields = check.params.model_fields
            values = {**{k: v for k, v in self.inputs.items() if k in fields}, **action.params}
            missing = [n for n, info in fields.items() if info.is_required() and n not in values]
            if missing:  # waits for the GM: an opponent's value no sheet holds
                base.needs = [FieldMeta.of(n, fields[n]).label(lang) for n in missing]
                return base
            base.params = values
            base.odds = self._odds(check, values)
        except EcranError as exc:
            base.odds, base.error = [], exc.message(lang)
        except Exception as exc:  # a bug of the game's rules: this action only, named, not hidden
            base.odds = []
            base.error = Text(
                fr=f"erreur interne du système ({type(exc).__name__}: {exc})",
                en=f"internal error of the system ({type(exc).__name__}: {exc})",
            )(lang)
        return base

    def _odds(self, check: Check[Any], values: dict[str, Any]) -> list[RungOdds]:
        levels = [d for d in difficulties(check) if d is not None] if self.ladder else []
        if not levels:
            params = _parse(check, values)
            dist = _computed(lambda: DISTRIBUTIONS.distribution(self.system.id, check, params))
            return [self._rung(check, None, dist)]
        params = _parse(check, {**values, DIFFICULTY: levels[0]})
        rungs = _computed(lambda: DISTRIBUTIONS.ladder(self.system.id, check, params, levels))
        return [self._rung(check, level, dist) for level, dist in zip(levels, rungs, strict=True)]

    def _rung(self, check: Check[Any], level: int | None, dist: Distribution[str]) -> RungOdds:
        """One rung's odds, made once for every action that reaches it."""
        key = (check.name, level, id(dist))
        found = self._rungs.get(key)
        if found is None:
            rung = RungOdds(difficulty=level, outcomes=self._outcomes_of(check, dist))
            found = self._rungs[key] = (dist, rung)
        return found[1]

    def _outcomes_of(self, check: Check[Any], dist: Distribution[str]) -> list[OutcomeOdds]:
        key = (check.name, id(dist))
        found = self._outcomes.get(key)
        if found is None:
            outcomes = [
                OutcomeOdds(outcome=name, probability=fraction_text(p), p=float(p))
                for name in check.outcome_names()
                for p in (dist.probability(name),)
            ]
            found = self._outcomes[key] = (dist, outcomes)
        return found[1]


def _question(action: Action) -> str | None:
    """What an action asks, whatever its label: its check and parameters (None: not encodable,
    answered on its own)."""
    try:
        return json.dumps([action.check, action.params], sort_keys=True)
    except (TypeError, ValueError):
        return None


def difficulties(check: Check[Any]) -> list[int | None]:
    """The difficulties to show: the bounded `difficulty` parameter's every value, else None
    (the action's own parameters only)."""
    info = check.params.model_fields.get(DIFFICULTY)
    if info is None:
        return [None]
    bounds = FieldMeta.of(DIFFICULTY, info).bounds
    low, high = bounds.get("ge"), bounds.get("le")
    if low is None or high is None or not 0 <= high - low < MAX_LADDER:
        return [None]
    return list(range(int(low), int(high) + 1))


def _parse(check: Check[Any], values: dict[str, Any]) -> Any:
    try:
        return check.parse(values)
    except ValidationError as exc:
        raise from_validation(exc) from None


def _computed(compute: Callable[[], T]) -> T:
    try:
        return compute()
    except TooManyPaths:
        raise EcranError(
            Text(
                fr="trop de combinaisons de dés pour un calcul exact",
                en="too many dice combinations for an exact computation",
            )
        ) from None
