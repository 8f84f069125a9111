"""A check's `result_law` (the encounter simulator's exact law of its whole result, for checks
whose dice the walk cannot cover) is held to the check itself: its outcome law is the check's
`distribution`, it never shows dice work, and seeded rolls of `resolve` agree with it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.engine.fight.check_tables import result_key, walk_resolve
from ecran.play.fairness import chi_square
from ecran.rules import Check, Resolution, ResultLaw, System
from support import law_cases

WITH_LAW = [
    pytest.param(system, check, id=f"{system.id}.{check.name}")
    for system in all_systems().values()
    for check in system.checks
    if type(check).result_law is not Check.result_law
]

ROLLS = 6_000


def _law(check: Check[Any], values: dict[str, Any]) -> tuple[Any, ResultLaw]:
    params = check.parse(values)
    law = check.result_law(params)
    assert law is not None, "a check that overrides result_law answers one for its example"
    return params, law


def test_some_checks_have_a_result_law() -> None:
    """Fluid's and WaRP's attacks: pools and open explosions the walk cannot cover."""
    assert {p.id for p in WITH_LAW} >= {"fluid.attack", "warp.melee"}


@pytest.mark.parametrize(("system", "check"), WITH_LAW)
def test_a_result_law_is_whole_and_shows_no_dice(system: System[Any], check: Check[Any]) -> None:
    for values in law_cases(check):
        _, law = _law(check, values)
        total = sum((p for _, p in law.results), Fraction(0))
        total += sum((t.weight for t in law.tails), Fraction(0))
        assert total == 1
        for result, p in law.results:
            assert p > 0
            assert not check.work_details & result.details.keys()


@pytest.mark.parametrize(("system", "check"), WITH_LAW)
def test_a_result_law_has_the_checks_odds(system: System[Any], check: Check[Any]) -> None:
    """Each outcome's probability in the listed results is the exact odds' at most, and the
    tails make up the rest at most."""
    for values in law_cases(check):
        params, law = _law(check, values)
        odds = check.distribution(params)
        listed: dict[str, Fraction] = {}
        for result, p in law.results:
            listed[result.outcome] = listed.get(result.outcome, Fraction(0)) + p
        tails = sum((t.weight for t in law.tails), Fraction(0))
        for outcome in check.outcome_names():
            exact, got = odds.probability(outcome), listed.get(outcome, Fraction(0))
            assert got <= exact <= got + tails, outcome
        if not law.tails:
            assert listed == {o: p for o, p in odds.items() if p}


def _bucket(check: Check[Any], result: Resolution, keys: set[str]) -> str:
    key = result_key(check.summary(result))
    return key if key in keys else "tail"


@pytest.mark.parametrize(("system", "check"), WITH_LAW)
def test_rolls_agree_with_the_result_law(system: System[Any], check: Check[Any]) -> None:
    """ROLLS seeded rolls of `resolve`, summarised, against the law: a chi-square test over
    its results (those expected fewer than 5 times pooled with the tails), and every rolled
    result outside the tails is one the law lists."""
    for values in law_cases(check):
        params, law = _law(check, values)
        mass: dict[str, Fraction] = {}
        for result, p in law.results:
            k = result_key(result)
            mass[k] = mass.get(k, Fraction(0)) + p
        mass["tail"] = sum((t.weight for t in law.tails), Fraction(0))
        big = {k for k, p in mass.items() if k != "tail" and p * ROLLS >= 5}
        counts: dict[str, int] = {}
        roller = Roller(20261128)
        for _ in range(ROLLS):
            b = _bucket(check, check.resolve(params, roller), set(mass))
            counts[b] = counts.get(b, 0) + 1
        assert set(counts) <= set(mass), "a rolled result the law does not list"
        rest = Fraction(1) - sum((mass[k] for k in big), Fraction(0))
        observed = [counts.get(k, 0) for k in big] + [ROLLS - sum(counts.get(k, 0) for k in big)]
        expected = [float(mass[k]) * ROLLS for k in big] + [float(rest) * ROLLS]
        if expected[-1] == 0:
            observed, expected = observed[:-1], expected[:-1]
        _, _, p_value = chi_square(observed, expected)
        assert p_value > 1e-4, (values, p_value)


@pytest.mark.parametrize(("system", "check"), WITH_LAW)
def test_a_result_law_without_dice_work_is_the_walk(system: System[Any], check: Check[Any]) -> None:
    """Where `resolve` can be walked (`walkable_law_examples`: no explosion, small pools), the
    law is the walk's, result by result."""
    for values in getattr(check, "walkable_law_examples", []):
        params, law = _law(check, values)
        assert not law.tails
        walked, _ = walk_resolve(check, params)
        mass: dict[str, Fraction] = {}
        for result, p in law.results:
            k = result_key(result)
            mass[k] = mass.get(k, Fraction(0)) + p
        assert dict(walked.items()) == mass
