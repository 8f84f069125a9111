"""A whole sheet's odds in one call: every action the sheet offers, at every difficulty.

An action is a check prefilled from the sheet (`System.actions`): by default its odds are given
at those parameters. With `ladder=True`, an action whose check takes a `difficulty` with declared
bounds is answered at every difficulty between them (what a player reads before choosing what to
try; at most `MAX_LADDER` steps), the others at their own parameters. Every
distribution goes through the shared cache, so actions that ask the same question (two skills
at the same score) and later calls (the web redrawing a sheet) compute nothing again.

An action whose check needs a value the sheet cannot hold (Fluid's opposed actions need the
opponent's characteristic) is not an error: it names the values it waits for (`needs`, their
labels), and is answered once the GM gives them (`inputs`, applied to every action whose check
takes them). An action whose check refuses its parameters, or whose odds cannot be computed, is
reported with its one-line error in place of odds; the other actions are still answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.dice import TooManyPaths
from ecran.engine.cache import DISTRIBUTIONS
from ecran.engine.records import OutcomeOdds, fraction_text
from ecran.rules import Action, CharacterSheet, Check, EcranError, FieldMeta, System
from ecran.rules.errors import from_validation
from ecran.rules.text import Text

#: The parameter a difficulty ladder runs over, and the most steps one ladder may have.
DIFFICULTY = "difficulty"
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
    actions = [
        _action_odds(system, action, lang, ladder, inputs or {}) for action in system.actions(sheet)
    ]
    return SheetOdds(system=system.id, name=sheet.name, actions=actions)


def _action_odds(
    system: System[Any], action: Action, lang: str, ladder: bool, inputs: Mapping[str, Any]
) -> ActionOdds:
    group = action.group(lang) if action.group is not None else None
    base = ActionOdds(
        label=action.label(lang), group=group, check=action.check, params=action.params, odds=[]
    )
    try:
        check = system.check(action.check)
        fields = check.params.model_fields
        values = {**{k: v for k, v in inputs.items() if k in fields}, **action.params}
        missing = [n for n, info in fields.items() if info.is_required() and n not in values]
        if missing:  # waits for the GM: an opponent's value no sheet holds
            base.needs = [FieldMeta.of(n, fields[n]).label(lang) for n in missing]
            return base
        base.params = values
        base.odds = [
            _rung(system.id, check, values, level)
            for level in (difficulties(check) if ladder else [None])
        ]
    except EcranError as exc:
        base.odds, base.error = [], exc.message(lang)
    except Exception as exc:  # a bug of the game's rules: this action only, named, not hidden
        base.odds = []
        base.error = Text(
            fr=f"erreur interne du système ({type(exc).__name__}: {exc})",
            en=f"internal error of the system ({type(exc).__name__}: {exc})",
        )(lang)
    return base


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


def _rung(system_id: str, check: Check[Any], values: dict[str, Any], level: int | None) -> RungOdds:
    if level is not None:
        values = {**values, DIFFICULTY: level}
    try:
        params = check.parse(values)
    except ValidationError as exc:
        raise from_validation(exc) from None
    try:
        dist = DISTRIBUTIONS.distribution(system_id, check, params)
    except TooManyPaths:
        raise EcranError(
            Text(
                fr="trop de combinaisons de dés pour un calcul exact",
                en="too many dice combinations for an exact computation",
            )
        ) from None
    outcomes = []
    for name in check.outcome_names():
        p = dist.probability(name)
        outcomes.append(OutcomeOdds(outcome=name, probability=fraction_text(p), p=float(p)))
    return RungOdds(difficulty=level, outcomes=outcomes)
