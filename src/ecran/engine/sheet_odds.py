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

A table's options (`options`) win over the sheet's values for every check that takes them, as
they do for a roll at that table. Every distribution the cache lacks is computed in one go (one
job of the work budget where a web request enforces one): the web's
`GET /api/tables/{id}/characters/{cid}/actions?odds=true[&ladder=true]` and `ecran odds-sheet`
are this one call.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.dice import Distribution
from ecran.engine.cache import DISTRIBUTIONS, Question
from ecran.engine.records import OutcomeOdds, fraction_text
from ecran.engine.table_options import with_table_options
from ecran.rules import Action, CharacterSheet, Check, EcranError, FieldMeta, System
from ecran.rules.check import DIFFICULTY
from ecran.rules.refusals import from_validation
from ecran.rules.text import Text

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
    sheet: CharacterSheet | Mapping[str, Any],
    lang: str = "fr",
    *,
    ladder: bool = False,
    inputs: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    actions: Sequence[Action] | None = None,
) -> SheetOdds:
    """Every action of `sheet` with its exact odds (at every difficulty of its ladder).
    `inputs`: the GM's values (`opponent_characteristic=4`) for the checks that take them, the
    sheet's own winning. `options`: a table's option values, winning over the sheet's for every
    check that takes them (what a roll at that table uses: `engine.table_options`).

    Every distribution not already in the shared cache is computed in one go: under a work
    budget (a web request) one job within its limit; over it the whole sheet is refused
    (`TooCostly`), not answered in part. `actions`: `system.actions(sheet)` when the caller
    has them already (the web lists them too; a large sheet's take milliseconds). `sheet`:
    this game's sheet, or its JSON; another game's is refused in one line."""
    sheet = _own_sheet(system, sheet)
    answers = _Answers(system, lang, ladder, inputs or {}, options or {})
    listed = list(system.actions(sheet) if actions is None else actions)
    return SheetOdds(system=system.id, name=sheet.name, actions=answers.all(listed))


def _own_sheet(system: System[Any], sheet: CharacterSheet | Mapping[str, Any]) -> CharacterSheet:
    """`sheet` as this game's sheet: its JSON validated, another game's refused (one line)."""
    if not isinstance(sheet, Mapping):
        own: CharacterSheet = system.own(sheet)
        return own
    try:
        read: CharacterSheet = system.sheet_model().model_validate(sheet)
    except ValidationError as exc:
        raise from_validation(exc, system.sheet_model()) from None
    return read


@dataclass
class _Plan:
    """What one action asks (`question`, None when it waits or was refused), and its answer
    as it is filled in."""

    answer: ActionOdds
    question: Question | None = None


class _Answers:
    """One sheet's answers. Actions that ask the same question (a sheet offers a skill under
    several groups) are answered once; a rung two actions share (the same distribution at the
    same difficulty) is one object in both."""

    def __init__(
        self,
        system: System[Any],
        lang: str,
        ladder: bool,
        inputs: Mapping[str, Any],
        options: Mapping[str, Any],
    ) -> None:
        self.system, self.lang, self.ladder = system, lang, ladder
        self.inputs, self.options = inputs, options
        # by identity: a ladder hands the same distribution to every rung at the same margin;
        # each is kept with what was made of it, so its id stays its own
        self._outcomes: dict[tuple[str, int], tuple[Distribution[str], list[OutcomeOdds]]] = {}
        self._rungs: dict[tuple[str, int | None, int], tuple[Distribution[str], RungOdds]] = {}

    def all(self, actions: list[Action]) -> list[ActionOdds]:
        plans = self._plans(actions)
        asked = list({id(p): p for p in plans if p.question is not None}.values())
        questions = [p.question for p in asked if p.question is not None]
        answered = DISTRIBUTIONS.answers(self.system.id, questions)
        for plan, result in zip(asked, answered, strict=True):
            assert plan.question is not None
            if isinstance(result, Text):
                plan.answer.error = result(self.lang)
            else:
                plan.answer.odds = self._odds(plan.question, result)
        return [self._labelled(action, p.answer) for action, p in zip(actions, plans, strict=True)]

    def _plans(self, actions: list[Action]) -> list[_Plan]:
        """Each action's plan, one for the actions that ask the same question."""
        by_question: dict[str, _Plan] = {}
        plans = []
        for action in actions:
            question = _question(action)
            plan = by_question.get(question) if question is not None else None
            if plan is None:
                plan = self._plan(action)
                if question is not None:
                    by_question[question] = plan
            plans.append(plan)
        return plans

    def _labelled(self, action: Action, known: ActionOdds) -> ActionOdds:
        group = action.group(self.lang) if action.group is not None else None
        return ActionOdds(
            label=action.label(self.lang),
            group=group,
            check=action.check,
            params=dict(known.params),
            odds=known.odds,
            error=known.error,
            needs=known.needs,
        )

    def _plan(self, action: Action) -> _Plan:
        lang = self.lang
        base = ActionOdds(label="", group=None, check=action.check, params=action.params, odds=[])
        try:
            check = self.system.check(action.check)
            fields = check.params.model_fields
            given = {**{k: v for k, v in self.inputs.items() if k in fields}, **action.params}
            values = with_table_options(self.options, check.params, given)
            missing = [n for n, info in fields.items() if info.is_required() and n not in values]
            if missing:  # waits for the GM: an opponent's value no sheet holds
                base.needs = [FieldMeta.of(n, fields[n]).label(lang) for n in missing]
                return _Plan(base)
            base.params = values
            levels = [d for d in difficulties(check) if d is not None] if self.ladder else []
            if not levels:
                return _Plan(base, Question(check, _parse(check, values)))
            params = _parse(check, {**values, DIFFICULTY: levels[0]})
            return _Plan(base, Question(check, params, tuple(levels)))
        except EcranError as exc:
            base.error = exc.message(lang)
        except Exception as exc:  # a bug of the game's rules: this action only, named, not hidden
            base.error = Text(
                fr=f"erreur interne du système ({type(exc).__name__}: {exc})",
                en=f"internal error of the system ({type(exc).__name__}: {exc})",
            )(lang)
        return _Plan(base)

    def _odds(self, question: Question, dists: list[Distribution[str]]) -> list[RungOdds]:
        check, levels = question.check, question.difficulties
        if levels is None:
            return [self._rung(check, None, dist) for dist in dists]
        return [self._rung(check, level, dist) for level, dist in zip(levels, dists, strict=True)]

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
        raise from_validation(exc, check.params) from None
