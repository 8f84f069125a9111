"""Running a check for a user: parameters in, an odds report or a RollRecord out.

These are the shapes of the fixed contract (`ecran odds … --json`, `ecran roll … --json`, the
API). A RollRecord holds the seed and every die, so any roll can be replayed and audited.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ecran.dice import Distribution, Roller, TooManyPaths
from ecran.dice.roller import MAX_SEED
from ecran.engine.cache import DISTRIBUTIONS
from ecran.engine.registry import get_system
from ecran.rules.check import Check
from ecran.rules.errors import EcranError
from ecran.rules.refusals import from_validation
from ecran.rules.text import Text


class OutcomeOdds(BaseModel):
    outcome: str
    probability: str
    p: float


class OddsReport(BaseModel):
    system: str
    check: str
    params: dict[str, Any]
    outcomes: list[OutcomeOdds]


class RollRecord(BaseModel):
    #: built on the first roll (a check's odds make none, #32)
    model_config = ConfigDict(defer_build=True)

    system: str
    check: str
    params: dict[str, Any]
    seed: int
    dice: list[int]
    outcome: str
    total: int | None
    details: dict[str, Any]


def parse_params(check: Check[Any], values: dict[str, Any]) -> BaseModel:
    """A check's parameters from a user's values, or their refusal in one line."""
    try:
        params: BaseModel = check.parse(values)
    except ValidationError as exc:
        raise from_validation(exc, check.params) from None
    return params


def fraction_text(p: Fraction) -> str:
    return str(p)  # Fraction prints reduced: "0", "1", "5/36"


def exact(system_id: str, check: Check[Any], params: BaseModel) -> Distribution[str]:
    """The check's exact distribution through the shared cache; a one-liner past the walk."""
    try:
        return DISTRIBUTIONS.distribution(system_id, check, params)
    except TooManyPaths:
        raise EcranError(
            Text(
                fr="trop de combinaisons de dés pour un calcul exact avec ces paramètres",
                en="too many dice combinations for an exact computation with these parameters",
            )
        ) from None


def odds_report(system_id: str, check_name: str, values: dict[str, Any]) -> OddsReport:
    return check_odds(system_id, get_system(system_id).check(check_name), values, check_name)


def check_odds(
    system_id: str, check: Check[Any], values: dict[str, Any], named: str | None = None
) -> OddsReport:
    """`odds_report` of a check the caller looked up already (`named`: the name it was asked
    by, which the report keeps; its own name by default)."""
    params = parse_params(check, values)
    dist = exact(system_id, check, params)
    outcomes = []
    for name in check.outcome_names():
        p = dist.probability(name)
        outcomes.append(OutcomeOdds(outcome=name, probability=fraction_text(p), p=float(p)))
    return OddsReport(
        system=system_id,
        check=named or check.name,
        params=params.model_dump(mode="json"),
        outcomes=outcomes,
    )


def seeded_roller(seed: int | None) -> Roller:
    """The Roller of a user's seed (None: a fresh one); a seed out of range is a one-liner."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise bad_seed(seed)
    return Roller(seed)


def bad_seed(seed: int) -> EcranError:
    """A seed out of range, its bound grouped as a reader counts (« 9 223 372 036 854 775 807 »)."""
    from ecran.rules.numerals import number

    given, most = number(seed), number(MAX_SEED)
    return EcranError(
        Text(
            fr=f"graine invalide : {given.fr} (entre 0 et {most.fr})",
            en=f"invalid seed: {given.en} (between 0 and {most.en})",
        )
    )


def roll_record(
    system_id: str, check_name: str, values: dict[str, Any], seed: int | None
) -> RollRecord:
    return check_roll(system_id, get_system(system_id).check(check_name), values, seed, check_name)


def check_roll(
    system_id: str,
    check: Check[Any],
    values: dict[str, Any],
    seed: int | None,
    named: str | None = None,
) -> RollRecord:
    """`roll_record` of a check the caller looked up already (`named`: the name it was asked
    by, which the record keeps; its own name by default)."""
    params = parse_params(check, values)
    roller = seeded_roller(seed)
    result = check.roll(params, roller)
    return RollRecord(
        system=system_id,
        check=named or check.name,
        params=params.model_dump(mode="json"),
        seed=roller.seed,
        dice=list(roller.rolled),
        outcome=result.outcome,
        total=result.total,
        details=result.details,
    )
