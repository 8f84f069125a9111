"""The decision aid ("conseil"): a roll's choices, ranked by their exact odds.

Each game declares which parameters of a check are the player's choices, and what each costs
(`systems/<id>/data/choices.toml`, read by `ecran.rules.choice`). The ranking is the same for
every game: every combination of the decisions' options is applied to the parameters the roll
is about to be made with, its exact odds are computed (through the shared cache, the very odds
`ecran odds` prints), and the combinations are ranked by the probability of the declared
success outcome or better, best first. Where one roll stands for several declared actions
(Nephilim's multiple actions) the rank is the expected number of successes instead. Ties keep
the cheaper (fewer costs) first, then the file's order.

Combat checks (those whose results the game turns into damage on a defender,
`System.consequences`) rank by expected damage, then by risk (the issue's words). Both come from
the check's exact result distribution (its `resolve` walked over every dice sequence, as the
encounter simulator does and in its cache, `fight.RESULTS`; the choice's outcome odds are read
from the same walk) and the game's own consequences of each result, against the sheets
given (else a blank character of the game standing in for each side):
- the damage of one result is the size of the blow the game hands to the defender's damage
  operation, in the game's own units, as the game measures it in `systems/<id>/data/blow.toml`
  (`blow_size`: the operation's parameters that add up to it and its flags that each add one
  step, with their seed lines);
- the risk is the probability that the result also costs the attacker something (a counter,
  a fall, a privilege's fatigue): a consequence on the attacker's side.

A caller may add a decision of its own (`alternatives`: which skill, when several apply): one
option per value of one parameter.
"""

from __future__ import annotations

import importlib
import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.dice import TooManyPaths
from ecran.engine.fight.check_tables import RESULTS, Results, check_results
from ecran.engine.records import OutcomeOdds, exact, fraction_text, parse_params
from ecran.engine.registry import get_system
from ecran.rules import CharacterSheet, Check, EcranError, System, Text
from ecran.rules.choice import CheckChoices, Choice, Decision, load_choices
from ecran.rules.data import MALFORMED, load_toml, malformed
from ecran.rules.refusals import from_errors
from ecran.rules.text import Source
from ecran.rules.wording import agreed, de, params_words, value_words

#: The most combinations one piece of advice weighs (each is one exact computation).
MAX_COMBINATIONS = 64
#: The most values a caller's own alternative may list.
MAX_ALTERNATIVES = 12
#: A combat check's result walk stops here (then it ranks by success, as any other check).
COMBAT_PATHS = 5_000
#: Each game's measure of a blow, in its data folder (see `blow_size`).
BLOW_FILE = "blow.toml"


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
    #: The plain roll: every decision's first option (the one the others are compared with).
    plain: bool = False
    #: Combat checks: expected damage (the game's units, exact fraction and float) and risk
    #: (probability of a consequence on the attacker); None for other checks.
    damage: str | None = None
    expected_damage: float | None = None
    risk: str | None = None
    p_risk: float | None = None


class AdviceReport(BaseModel):
    """`ecran advise … --json` (CONTRACTS.md); `success` names the outcome counted from."""

    system: str
    check: str
    params: dict[str, Any]
    success: str
    #: "success" (the probability of success or better) or "damage" (combat: expected damage,
    #: then risk).
    ranking: str = "success"
    choices: list[ChoiceOdds]
    sources: list[str]
    #: The same sources as a reader cites them, in the report's language ("Espace Artémis,
    #: l. 46-53"): `sources` names the seed files, for programs.
    references: list[str] = []


def _data_package(system: System[Any]) -> str | None:
    """The package whose `data/` folder holds a game's files (its system module's package);
    None for a system written in a module of its own (a plugin's single file, a test's)."""
    module = type(system).__module__
    name = module.rpartition(".")[0] or module
    return name if hasattr(importlib.import_module(name), "__path__") else None


@cache
def choices_of(system_id: str) -> dict[str, CheckChoices]:
    """A game's declared choices by check (read once per process); none for a game without a
    data folder or a choices file, one line when the file is malformed."""
    system = get_system(system_id)
    package = _data_package(system)
    return {} if package is None else load_choices(package, system.seed)


@dataclass(frozen=True)
class BlowMeasure:
    """How a game measures the blow one of its operations deals (`data/blow.toml`): the
    parameters whose values add up to it and the flags that each add one step."""

    params: tuple[str, ...]
    steps: tuple[str, ...]
    source: Source


@cache
def blows_of(system_id: str) -> dict[str, BlowMeasure]:
    """A game's blow measures by operation (read once per process); none without the file."""
    system = get_system(system_id)
    package = _data_package(system)
    if package is None:
        return {}
    try:
        rows = load_toml(package, BLOW_FILE)
        return {operation: _measure(row, system.seed) for operation, row in rows.items()}
    except FileNotFoundError:
        return {}
    except MALFORMED as exc:
        raise malformed(package, BLOW_FILE, exc) from None


def _none(system: System[Any], check: Check[Any]) -> EcranError:
    """The check offers no choice: said with its title and the game's name, and the checks of
    the game that do offer some (by their titles and the names the command line takes)."""
    declared = [c for c in system.checks if c.name in choices_of(system.id)]

    def others(lang: str) -> str:
        return ", ".join(f"{c.title(lang)} ({c.name.replace('_', '-')})" for c in declared)

    if declared:
        rest = Text(fr=f" ; en offrent : {others('fr')}", en=f"; these do: {others('en')}")
    else:
        rest = Text(
            fr=" ; aucun test de ce jeu n'en offre", en="; no check of this game offers any"
        )
    return EcranError(
        Text(
            fr=f"le test « {check.title('fr')} » {de(system.name('fr'))} "
            f"n'offre aucun choix au joueur{rest.fr}",
            en=f"the check '{check.title('en')}' of {system.name('en')} "
            f"offers the player no choice{rest.en}",
        )
    )


#: Where a check declares no success outcome: the first of these it has, else its best outcome.
SUCCESS_NAMES = ("success", "win", "hit")


def _success(check: Check[Any]) -> str:
    names = check.outcome_names()
    return next((n for n in SUCCESS_NAMES if n in names), names[-1])


class RefusedAlternative(EcranError):
    """A decision the caller adds (`alternatives`) that cannot be, with what it is about, so
    that each caller words it in its own terms (the command line by its options: `cli.advise`):
    `param`, `reason` (`unknown` parameter, values' `count`, a value given `twice`, a `value`
    the parameter's field refuses), the parameters `allowed`, the `value` given, and for a
    refused value the field's errors (`refused`, pydantic-shaped; `own`: the field's own, else
    the whole parameters')."""

    def __init__(
        self,
        reason: str,
        param: str,
        *,
        allowed: tuple[str, ...] = (),
        value: Any = None,
        refused: tuple[Any, ...] = (),
        own: bool = False,
    ) -> None:
        self.reason, self.param, self.allowed = reason, param, allowed
        self.value, self.refused, self.own = value, refused, own
        super().__init__(self._worded())

    def _worded(self) -> Text:
        """In the engine's terms: parameters by their ids."""
        param, allowed = self.param, ", ".join(self.allowed)
        if self.reason == "unknown":
            return Text(
                fr=f"paramètre inconnu : {param} (permis : {allowed})",
                en=f"unknown parameter: {param} (allowed: {allowed})",
            )
        if self.reason == "count":
            return Text(
                fr=f"entre 1 et {MAX_ALTERNATIVES} valeurs pour {param}",
                en=f"between 1 and {MAX_ALTERNATIVES} values for {param}",
            )
        if self.reason == "twice":
            return Text(
                fr=f"{param} : valeur donnée deux fois ({value_words(self.value, 'fr')})",
                en=f"{param}: value given twice ({value_words(self.value, 'en')})",
            )
        return from_errors(self.refused).text


def user_decision(
    check: Check[Any], param: str, values: list[Any], base: dict[str, Any] | None = None
) -> Decision:
    """A decision the caller adds: one option per value of `param` (the skills that apply).
    Each value is read by the parameter's own field, with the roll's other parameters (`base`):
    a value the field refuses (`a`, past its bounds) is refused in one line naming the
    parameter and the value, never left out of the advice; the options carry the typed values."""
    fields = check.params.model_fields
    if param not in fields:
        raise RefusedAlternative("unknown", param, allowed=tuple(fields))
    if not 1 <= len(values) <= MAX_ALTERNATIVES:
        raise RefusedAlternative("count", param)
    typed: list[Any] = []
    for value in values:
        try:
            parsed = check.parse({**(base or {}), param: value})
        except ValidationError as exc:
            own = tuple(e for e in exc.errors() if tuple(e["loc"][:1]) == (param,))
            refused = own or tuple(exc.errors())
            raise RefusedAlternative(
                "value", param, value=value, refused=refused, own=bool(own)
            ) from None
        got = parsed.model_dump(mode="json")[param]
        if got in typed:
            raise RefusedAlternative("twice", param, value=got)
        typed.append(got)
    options = tuple(
        Choice(
            Text(fr=_said(check, param, v, "fr"), en=_said(check, param, v, "en")),
            changes={param: v},
        )
        for v in typed
    )
    return Decision(param, options, Source(seed="", lines=(0, 0), note="the player's own"))


def _said(check: Check[Any], param: str, value: Any, lang: str) -> str:
    """`Compétence = 3`: a caller's option by the parameter's label and the value in words."""
    ((label, shown),) = params_words({param: value}, check.params, lang)
    return f"{label} = {shown}"


def _expand(option: Choice, base: dict[str, Any]) -> list[Choice]:
    """An option taken 1..n times (`times`) becomes n options with the shift multiplied."""
    if option.times is None:
        return [option]
    n = int(base.get(option.times) or 0)
    return [
        Choice(
            # `{s}` in a label is the plural mark, agreed with the count in each language
            Text(
                fr=option.label.fr.format(n=k, s=agreed(k, "", "s", "fr")),
                en=option.label.en.format(n=k, s=agreed(k, "", "s", "en")),
            ),
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
    attacker: CharacterSheet | None = None,
    defender: CharacterSheet | None = None,
) -> AdviceReport:
    """Every combination of the check's choices with its exact odds, best first; for a combat
    check, each with its expected damage and risk against `defender` (by `attacker`)."""
    system = get_system(system_id)
    check = system.check(check_name)
    base = parse_params(check, values).model_dump(mode="json")
    declared = choices_of(system_id).get(check_name)
    decisions = list(declared.decisions) if declared else []
    for param, options in (alternatives or {}).items():
        decisions.append(user_decision(check, param, options, base))
    if not decisions:
        raise _none(system, check)
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
    sides = (
        attacker or system.new_character("attaquant"),
        defender or system.new_character("défenseur"),
    )
    ranked = []
    combat = False
    for index, picks in enumerate(itertools.product(*options)):
        odds = _choice_odds(system, check, base, picks, success, count, lang, sides)
        if odds is not None:
            odds.plain = index == 0
            costs = sum(p.cost is not None for p in picks)
            key = odds.expected if odds.expected is not None else odds.p_success
            harm = Fraction(odds.damage) if odds.damage is not None else None
            risk = Fraction(odds.risk) if odds.risk is not None else Fraction(0)
            combat = combat or harm is not None
            ranked.append((harm, risk, -Fraction(key), costs, index, odds))
    if combat:  # expected damage, then risk, then success, then cost
        ranked.sort(key=lambda row: (-(row[0] or 0), row[1], row[2], row[3], row[4]))
    else:
        ranked.sort(key=lambda row: row[2:5])
    return AdviceReport(
        system=system_id,
        check=check_name,
        params=base,
        success=success,
        ranking="damage" if combat else "success",
        choices=[row[5] for row in ranked],
        sources=[str(d.source) for d in decisions if d.source.seed],
        references=[d.source.label(lang) for d in decisions if d.source.seed],
    )


def _choice_odds(
    system: System[Any],
    check: Check[Any],
    base: dict[str, Any],
    picks: tuple[Choice, ...],
    success: str,
    count: str | None,
    lang: str,
    sides: tuple[CharacterSheet, CharacterSheet],
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
    walked = _walked(target, params)
    chance = _Odds(walked) if walked is not None else exact(system.id, target, params)
    names = target.outcome_names()
    outcomes = []
    for name in names:
        p = chance.probability(name)
        outcomes.append(OutcomeOdds(outcome=name, probability=fraction_text(p), p=float(p)))
    start = names.index(success) if success in names else len(names) - 1
    p_success = sum((chance.probability(n) for n in names[start:]), Fraction(0))
    expected = None
    if count is not None:
        expected = float(p_success * _count(system, target, params, count))
    costs = [p.cost(lang) for p in picks if p.cost is not None]
    harm = None if walked is None else combat_figures(system, target, params, *sides, walked)
    return ChoiceOdds(
        label=", ".join(p.label(lang) for p in picks),
        changes=changes,
        cost=(" ; " if lang == "fr" else "; ").join(costs),
        check=target.name,
        outcomes=outcomes,
        success=fraction_text(p_success),
        p_success=float(p_success),
        expected=expected,
        damage=None if harm is None else fraction_text(harm[0]),
        expected_damage=None if harm is None else float(harm[0]),
        risk=None if harm is None else fraction_text(harm[1]),
        p_risk=None if harm is None else float(harm[1]),
    )


def _measure(row: dict[str, Any], seed: str) -> BlowMeasure:
    first, last = row["lines"]
    return BlowMeasure(
        params=tuple(str(p) for p in row.get("params", [])),
        steps=tuple(str(f) for f in row.get("steps", [])),
        source=Source(seed=seed, lines=(int(first), int(last)), note=row.get("note", "")),
    )


def _count(system: System[Any], check: Check[Any], params: BaseModel, count: str) -> int:
    """The number of actions one roll stands for: the check's `count` parameter."""
    value = getattr(params, count, None)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EcranError(
            Text(
                fr=f"choices.toml de {system.id} : le test {check.name} n'a pas de paramètre "
                f"entier « {count} » pour compter ses actions",
                en=f"{system.id}'s choices.toml: check {check.name} has no integer parameter "
                f"'{count}' to count its actions",
            )
        )
    return value


def _walked(check: Check[Any], params: BaseModel) -> Results | None:
    """The check's whole results, walked once and kept in the simulator's cache (the advice of
    the next choice, and the tracker's fights, read them again); None past `COMBAT_PATHS`."""
    try:
        return check_results(check, params, RESULTS, COMBAT_PATHS)
    except TooManyPaths:
        return None


class _Odds:
    """Outcome probabilities read off a walk of the whole results."""

    def __init__(self, walked: Results) -> None:
        results, seen = walked
        self.by_outcome: dict[str, Fraction] = {}
        for key, p in results.items():
            outcome = seen[key].outcome
            self.by_outcome[outcome] = self.by_outcome.get(outcome, Fraction(0)) + p

    def probability(self, outcome: str) -> Fraction:
        return self.by_outcome.get(outcome, Fraction(0))


def blow_size(system_id: str, operation: str, params: dict[str, Any]) -> Fraction:
    """The size of the blow `operation` deals with `params`, in the game's units: the
    parameters its `blow.toml` names added up, plus one per step flag set (0 for an operation
    the file does not list)."""
    measure = blows_of(system_id).get(operation)
    if measure is None:
        return Fraction(0)
    total = Fraction(0)
    for name in measure.params:
        value = params.get(name)
        if isinstance(value, int | float) and not isinstance(value, bool):
            total += Fraction(value)
    return total + sum(params.get(flag) is True for flag in measure.steps)


def combat_figures(
    system: System[Any],
    check: Check[Any],
    params: BaseModel,
    attacker: CharacterSheet,
    defender: CharacterSheet,
    walked: Results | None = None,
) -> tuple[Fraction, Fraction] | None:
    """(expected damage, risk) of one combat check's parameters: each exact result's
    consequences by the game's own rules. None when no result does anything to a defender
    (not an attack) or the check's results cannot be walked within `COMBAT_PATHS`."""
    if walked is None:
        walked = _walked(check, params)
        if walked is None:
            return None
    results, seen = walked
    values = params.model_dump(mode="json")
    damage, risk, hurts = Fraction(0), Fraction(0), False
    for key, p in results.items():
        found = system.consequences(check.name, values, seen[key], attacker, defender)
        for c in found:
            if c.side == "defender":
                hurts = True
                damage += p * blow_size(system.id, c.operation, c.params)
        if any(c.side == "attacker" for c in found):
            risk += p
    return (damage, risk) if hurts else None
