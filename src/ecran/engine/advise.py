"""The decision aid ("conseil"): a roll's choices, ranked by their exact odds.

Each game declares which parameters of a check are the player's choices, and what each costs
(`systems/<id>/data/choices.toml`, read by `ecran.rules.choice`). The ranking is the same for
every game: every combination of the decisions' options is applied to the parameters the roll
is about to be made with, its exact odds are computed (through the shared cache, the very odds
`ecran odds` prints), and the combinations are ranked by the probability of the declared
success outcome or better, best first. Where one roll stands for several declared actions
(Nephilim's multiple actions) the rank is the expected number of successes instead. Ties keep
the cheaper (fewer costs) first, then the file's order.

A caller may add a decision of its own (`alternatives`: which skill, when several apply): one
option per value of one parameter.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.engine.records import OutcomeOdds, fraction_text
from ecran.engine.registry import get_system
from ecran.engine.simulate import exact
from ecran.rules import Check, EcranError, FieldMeta, System, Text
from ecran.rules.choice import CheckChoices, Choice, Decision, load_choices
from ecran.rules.errors import from_validation
from ecran.rules.text import Source

#: The most combinations one piece of advice weighs (each is one exact computation).
MAX_COMBINATIONS = 64
#: The most values a caller's own alternative may list.
MAX_ALTERNATIVES = 12


class ChoiceOdds(BaseModel):
    label: str
    changes: dict[str, Any]
    cost: str
    check: str
    outcomes: list[OutcomeOdds]
    #: Probability of the success outcome or better (exact fraction) and as a float.
    success: str
    p_success: float
    #: Expected successes where one roll stands for several actions, else None.
    expected: float | None = None


class AdviceReport(BaseModel):
    """`ecran advise … --json` (CONTRACTS.md); `success` names the outcome counted from."""

    system: str
    check: str
    params: dict[str, Any]
    success: str
    choices: list[ChoiceOdds]
    sources: list[str]


@cache
def choices_of(system_id: str) -> dict[str, CheckChoices]:
    """A game's declared choices by check (read once per process)."""
    system = get_system(system_id)
    package = type(system).__module__.rsplit(".", 1)[0]
    return load_choices(package, system.seed)


def _parse(check: Check[Any], values: dict[str, Any]) -> BaseModel:
    try:
        params: BaseModel = check.parse(values)
    except ValidationError as exc:
        raise from_validation(exc) from None
    return params


def _none(system: System[Any], check: str) -> EcranError:
    declared = [name for name in choices_of(system.id) if name in {c.name for c in system.checks}]
    allowed = ", ".join(declared) or "-"
    return EcranError(
        Text(
            fr=f"le test {check} de {system.id} n'offre aucun choix au joueur "
            f"(avec choix : {allowed})",
            en=f"check {check} of {system.id} offers the player no choice "
            f"(with choices: {allowed})",
        )
    )


#: Where a check declares no success outcome: the first of these it has, else its best outcome.
SUCCESS_NAMES = ("success", "win", "hit")


def _success(check: Check[Any]) -> str:
    names = check.outcome_names()
    return next((n for n in SUCCESS_NAMES if n in names), names[-1])


def user_decision(check: Check[Any], param: str, values: list[Any]) -> Decision:
    """A decision the caller adds: one option per value of `param` (the skills that apply)."""
    info = check.params.model_fields.get(param)
    if info is None:
        raise EcranError(
            Text(
                fr=f"paramètre inconnu : {param} (permis : {', '.join(check.params.model_fields)})",
                en=f"unknown parameter: {param} (allowed: {', '.join(check.params.model_fields)})",
            )
        )
    if not 1 <= len(values) <= MAX_ALTERNATIVES:
        raise EcranError(
            Text(
                fr=f"entre 1 et {MAX_ALTERNATIVES} valeurs pour {param}",
                en=f"between 1 and {MAX_ALTERNATIVES} values for {param}",
            )
        )
    label = FieldMeta.of(param, info).label
    options = tuple(
        Choice(Text(fr=f"{label.fr} = {v}", en=f"{label.en} = {v}"), changes={param: v})
        for v in values
    )
    return Decision(param, options, Source(seed="", lines=(0, 0), note="the player's own"))


def _expand(option: Choice, base: dict[str, Any]) -> list[Choice]:
    """An option taken 1..n times (`times`) becomes n options with the shift multiplied."""
    if option.times is None:
        return [option]
    n = int(base.get(option.times) or 0)
    return [
        Choice(
            Text(fr=option.label.fr.format(n=k), en=option.label.en.format(n=k)),
            changes=option.changes,
            shift={p: v * k for p, v in option.shift.items()},
            check=option.check,
            cost=option.cost,
        )
        for k in range(1, n + 1)
    ]


def _combined(picks: tuple[Choice, ...], base: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    changes: dict[str, Any] = {}
    check = None
    for pick in picks:
        changes.update(pick.changes)
        for param, step in pick.shift.items():
            changes[param] = changes.get(param, base.get(param) or 0) + step
        check = pick.check or check
    return changes, check


def advise(
    system_id: str,
    check_name: str,
    values: dict[str, Any],
    alternatives: dict[str, list[Any]] | None = None,
    lang: str = "fr",
) -> AdviceReport:
    """Every combination of the check's choices with its exact odds, best first."""
    system = get_system(system_id)
    check = system.check(check_name)
    base = _parse(check, values).model_dump(mode="json")
    declared = choices_of(system_id).get(check_name)
    decisions = list(declared.decisions) if declared else []
    for param, options in (alternatives or {}).items():
        decisions.append(user_decision(check, param, options))
    if not decisions:
        raise _none(system, check_name)
    success = declared.success if declared else _success(check)
    count = declared.count if declared else None
    options = [[x for o in d.options for x in _expand(o, base)] for d in decisions]
    total = 1
    for row in options:
        total *= len(row)
    if total > MAX_COMBINATIONS:
        raise EcranError(
            Text(
                fr=f"trop de combinaisons de choix : {total} (au plus {MAX_COMBINATIONS})",
                en=f"too many combinations of choices: {total} (at most {MAX_COMBINATIONS})",
            )
        )
    ranked = []
    for index, picks in enumerate(itertools.product(*options)):
        odds = _choice_odds(system, check, base, picks, success, count, lang)
        if odds is not None:
            costs = sum(p.cost is not None for p in picks)
            key = odds.expected if odds.expected is not None else odds.p_success
            ranked.append((-Fraction(key), costs, index, odds))
    ranked.sort(key=lambda row: row[:3])
    return AdviceReport(
        system=system_id,
        check=check_name,
        params=base,
        success=success,
        choices=[row[3] for row in ranked],
        sources=[str(d.source) for d in decisions if d.source.seed],
    )


def _choice_odds(
    system: System[Any],
    check: Check[Any],
    base: dict[str, Any],
    picks: tuple[Choice, ...],
    success: str,
    count: str | None,
    lang: str,
) -> ChoiceOdds | None:
    """One combination's odds; None when the rules refuse it at these parameters (a shift
    past a bound), so it is not offered."""
    changes, other = _combined(picks, base)
    target = system.check(other) if other else check
    fields = target.params.model_fields
    values = {k: v for k, v in {**base, **changes}.items() if k in fields}
    try:
        params = target.parse(values)
    except ValidationError:
        return None
    dist = exact(system.id, target, params)
    names = target.outcome_names()
    outcomes = []
    for name in names:
        p = dist.probability(name)
        outcomes.append(OutcomeOdds(outcome=name, probability=fraction_text(p), p=float(p)))
    start = names.index(success) if success in names else len(names) - 1
    p_success = sum((dist.probability(n) for n in names[start:]), Fraction(0))
    expected = None
    if count is not None:
        expected = float(p_success * int(getattr(params, count)))
    costs = [p.cost(lang) for p in picks if p.cost is not None]
    return ChoiceOdds(
        label=", ".join(p.label(lang) for p in picks),
        changes=changes,
        cost="; ".join(costs),
        check=target.name,
        outcomes=outcomes,
        success=fraction_text(p_success),
        p_success=float(p_success),
        expected=expected,
    )
