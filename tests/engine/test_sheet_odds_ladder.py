"""A check's difficulty ladder (`Check.ladder`) and the shared cache behind a sheet's odds.

A game may answer a whole ladder at once: walk its dice once and read every rung from that law,
sharing sub-distributions between actions through `recall`. Those answers must be exactly the
per-difficulty walk of the game's `resolve` (`Check.distribution` of the parameters parsed at
that difficulty), for every parameter set: hypothesis draws them from each parameter's own
bounds and choices. One memo is shared by every example and every check, as a sheet's cache is,
so a `recall` key that forgets something the outcome reads gives a later example a wrong rung.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from ecran.dice import Distribution, Roller
from ecran.engine import all_systems, get_system, odds_report
from ecran.engine.budget import WorkBudget, enforced
from ecran.engine.cache import DISTRIBUTIONS, DistributionCache
from ecran.engine.sheet_odds import difficulties, sheet_odds
from ecran.rules import Check, FieldMeta
from ecran.rules.check import DIFFICULTY, at_difficulty


def _laddered(overriding: bool) -> list[Any]:
    found = []
    for system in all_systems().values():
        for check in system.checks:
            if difficulties(check) == [None]:
                continue
            if overriding == (type(check).ladder is not Check.ladder):
                found.append(pytest.param(check, id=f"{system.id}.{check.name}"))
    return found


HOOKED = _laddered(overriding=True)
LADDERED = HOOKED + _laddered(overriding=False)

#: One memo for the whole module, as `DISTRIBUTIONS` is one for the process.
SHARED: dict[Hashable, Any] = {}


def shared_recall(key: Hashable, make: Callable[[], Any]) -> Any:
    if key not in SHARED:
        SHARED[key] = make()
    return SHARED[key]


def _values(name: str, info: FieldInfo) -> st.SearchStrategy[Any]:
    """Any value the field accepts (its bounds, its choices), or its default."""
    meta = FieldMeta.of(name, info)
    annotation = info.annotation
    args = typing.get_args(annotation)
    if meta.choices:
        drawn: st.SearchStrategy[Any] = st.sampled_from(meta.choices)
    elif annotation is bool:
        drawn = st.booleans()
    elif annotation is int or int in args:
        low = int(meta.bounds.get("ge", -20))
        high = int(meta.bounds.get("le", low + 60))
        drawn = st.integers(low, min(high, low + 200))
        if type(None) in args:
            drawn = st.none() | drawn
    else:
        pattern = next((m.pattern for m in info.metadata if getattr(m, "pattern", None)), None)
        drawn = st.from_regex(pattern, fullmatch=True) if pattern else st.nothing()
    if info.is_required():
        return drawn
    return st.just(info.get_default(call_default_factory=True)) | drawn


def _params(model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {n: _values(n, info) for n, info in model.model_fields.items() if n != DIFFICULTY}
    )


def _walked(check: Check[Any], values: dict[str, Any], level: int) -> Distribution[str]:
    return check.distribution(check.parse({**values, DIFFICULTY: level}))


def _same(a: Distribution[str], b: Distribution[str], names: list[str]) -> bool:
    return all(a.probability(n) == b.probability(n) for n in names)


@pytest.mark.parametrize("check", HOOKED)
def test_a_ladder_hook_answers_exactly_the_walk_at_every_difficulty(check: Check[Any]) -> None:
    levels = [d for d in difficulties(check) if d is not None]
    names = check.outcome_names()

    @settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
    @given(_params(check.params))
    def holds(values: dict[str, Any]) -> None:
        try:
            params = check.parse({**values, DIFFICULTY: levels[0]})
        except ValidationError:
            assume(False)
            return
        rungs = check.ladder(params, levels, shared_recall)
        assert len(rungs) == len(levels)
        for level, rung in zip(levels, rungs, strict=True):
            assert _same(rung, _walked(check, values, level), names), (values, level)
        assert check.ladder(params, levels) == rungs  # with nothing remembered: the same

    holds()


@pytest.mark.parametrize("check", LADDERED)
def test_a_rung_needs_no_new_validation(check: Check[Any]) -> None:
    """The ladder copies the parsed parameters at each difficulty (`at_difficulty`): no
    validator of a laddered check reads the difficulty, so the copy is what parsing gives."""
    params = check.parse(check.example)
    for level in difficulties(check):
        assert level is not None
        parsed = check.parse({**params.model_dump(), DIFFICULTY: level})
        assert at_difficulty(params, level) == parsed


def test_the_checks_that_need_it_have_a_ladder_hook() -> None:
    """The checks a random NPC's sheet asks for at every difficulty answer it in one walk."""
    hooked = {p.id for p in HOOKED}
    assert {"artemis.test", "nephilim.action", "nephilim.ka_test"} <= hooked
    assert {"organique.test", "organique.save", "organique.skill", "organique.stun_save"} <= hooked


def test_a_ladder_is_cached_rung_by_rung_and_shared_with_single_odds() -> None:
    cache = DistributionCache()
    system = get_system("organique")
    check = system.check("test")
    params = check.parse({"characteristic": 9, "modifier": 3, "difficulty": 0})
    rungs = cache.ladder("organique", check, params, [10, 20, 30])
    assert (cache.hits, cache.misses) == (0, 3)
    single = cache.distribution(
        "organique", check, check.parse({"characteristic": 9, "modifier": 3, "difficulty": 20})
    )
    assert single is rungs[1] and cache.hits == 1  # the web's question, answered from the sheet's
    assert single.probability("success") == Fraction(13, 20)  # 12 + d20 ≥ 20: 8 to 20
    again = cache.ladder("organique", check, params, [20, 30, 40])
    assert again[:2] == rungs[1:] and cache.misses == 4  # only the new rung computed
    cache.clear()
    assert len(cache) == 0 and cache.recall("k", lambda: 1) == 1


@pytest.mark.parametrize("system_id", ["artemis", "nephilim", "organique"])
def test_a_sheets_ladder_is_the_odds_of_each_rung_alone(system_id: str) -> None:
    system = get_system(system_id)
    npc = system.random_npc(Roller(7))
    report = sheet_odds(system, npc, ladder=True)
    laddered = [a for a in report.actions if len(a.odds) > 1]
    assert laddered and not [a.error for a in report.actions if a.error]
    for action in laddered[:3] + laddered[-2:]:
        for rung in action.odds[:: max(1, len(action.odds) // 7)]:
            values = {**action.params, DIFFICULTY: rung.difficulty}
            assert rung.outcomes == odds_report(system_id, action.check, values).outcomes


def test_a_ladder_under_a_work_budget_is_computed_in_the_worker_and_cached_here() -> None:
    """Where a request's budget is enforced the ladder runs in a worker process (its parts
    are not shared with it); the rungs come back and are kept in this process's cache."""
    system = get_system("nephilim")
    check = system.check("action")
    params = check.parse({"characteristic": 3, "skill": 2, "difficulty": 0})
    levels = [-2, 0, 5]
    expected = DistributionCache().ladder("nephilim", check, params, levels)
    cache, worker = DistributionCache(), WorkBudget(5.0)
    try:
        with enforced(worker):
            rungs = cache.ladder("nephilim", check, params, levels)
        assert worker.accounting.computed == 1
    finally:
        worker.close()
    assert rungs == expected and len(cache) == 3


def test_a_rung_of_a_sheet_is_then_the_single_odds_the_web_asks_for() -> None:
    """Sheet odds and single odds (`odds_report`: the CLI, the web) read one cache."""
    system = get_system("artemis")
    npc = system.random_npc(Roller(3))
    DISTRIBUTIONS.clear()
    report = sheet_odds(system, npc, ladder=True)
    tested = next(a for a in report.actions if a.check == "test")
    misses = DISTRIBUTIONS.misses
    alone = odds_report("artemis", "test", {**tested.params, DIFFICULTY: 12})
    assert DISTRIBUTIONS.misses == misses  # answered from the sheet's rung
    assert alone.outcomes == next(r for r in tested.odds if r.difficulty == 12).outcomes
