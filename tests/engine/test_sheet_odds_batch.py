"""A sheet's odds as one computation: the table's options in force, every missing distribution
computed in one call under a work budget (one worker job, over it the whole sheet is refused),
and the shared cache bounded by the memory it holds."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system, odds_report
from ecran.engine.budget import TooCostly, WorkBudget, enforced
from ecran.engine.cache import (
    CACHE_ENV,
    DEFAULT_MEGABYTES,
    DISTRIBUTIONS,
    DistributionCache,
    cache_bytes,
)
from ecran.engine.sheet_odds import difficulties, sheet_odds
from ecran.rules.check import DIFFICULTY


def test_the_tables_options_win_over_the_sheets_values() -> None:
    system = get_system("nephilim")
    npc = system.random_npc(Roller(3))
    plain = sheet_odds(system, npc)
    forced = sheet_odds(system, npc, options={"dice": "d6", "unknown_option": 1})
    changed = 0
    for a, b in zip(plain.actions, forced.actions, strict=True):
        assert not a.error and not b.error, (a.error, b.error)
        if "dice" in system.check(b.check).params.model_fields:
            assert b.params["dice"] == "d6"
            alone = odds_report("nephilim", b.check, b.params)
            assert b.odds[0].outcomes == alone.outcomes
            changed += a.odds[0].outcomes != b.odds[0].outcomes
        else:  # an option the check does not take is not given to it
            assert "dice" not in b.params and a.odds == b.odds
    assert changed


def test_a_whole_sheet_is_one_job_of_the_work_budget_and_then_cached_here() -> None:
    system = get_system("artemis")
    npc = system.random_npc(Roller(6))
    expected = sheet_odds(system, npc, ladder=True)  # computed here, no budget
    DISTRIBUTIONS.clear()
    worker = WorkBudget(5.0)
    try:
        with enforced(worker):
            answered = sheet_odds(system, npc, ladder=True)
            assert worker.accounting.computed == 1  # the whole sheet in one job
            again = sheet_odds(system, npc, ladder=True)
            assert worker.accounting.computed == 1  # then answered from this process's cache
    finally:
        worker.close()
    assert answered == expected == again
    test = next(a for a in answered.actions if a.check == "test")
    misses = DISTRIBUTIONS.misses
    alone = odds_report("artemis", "test", {**test.params, DIFFICULTY: 9})
    assert DISTRIBUTIONS.misses == misses  # the single odds the web asks for: the sheet's rung
    assert alone.outcomes == next(r for r in test.odds if r.difficulty == 9).outcomes


def test_a_sheet_over_the_work_budget_is_refused_whole() -> None:
    system = get_system("nephilim")
    npc = system.random_npc(Roller(8))
    DISTRIBUTIONS.clear()
    worker = WorkBudget(0.002)  # a whole Nephilim ladder costs far more CPU than that
    try:
        with enforced(worker):
            sheet_odds(system, npc, ladder=True)
    except TooCostly as exc:
        refused = exc
    else:  # what the budget did says why (nothing asked of it, or a job under its limit)
        pytest.fail(f"answered within the budget: {worker.accounting}, {len(DISTRIBUTIONS)} kept")
    finally:
        worker.close()
    assert "trop coûteux" in refused.message("fr")
    assert len(DISTRIBUTIONS) == 0  # nothing half-answered kept


def test_the_cache_is_bounded_by_the_memory_it_holds() -> None:
    cache = DistributionCache(max_bytes=200_000)
    organique = get_system("organique")
    check = organique.check("test")
    levels = [d for d in difficulties(check) if d is not None]
    for characteristic in range(1, 21):
        for modifier in range(-10, 11):
            params = check.parse(
                {"characteristic": characteristic, "modifier": modifier, DIFFICULTY: 0}
            )
            cache.ladder("organique", check, params, levels)
            assert cache.weight <= cache.max_bytes and cache.parts_weight <= cache.max_parts_bytes
    assert 0 < len(cache) < 20 * 21 * 61  # the oldest rungs went
    newest = check.parse({"characteristic": 20, "modifier": 10, DIFFICULTY: levels[-1]})
    kept = cache.distribution("organique", check, newest)
    assert cache.hits == 1  # the newest ladder is still there
    assert kept == check.distribution(newest)


def test_the_caches_size_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_ENV, raising=False)
    assert cache_bytes() == DEFAULT_MEGABYTES * 1024 * 1024
    monkeypatch.setenv(CACHE_ENV, "8")
    assert cache_bytes() == 8 * 1024 * 1024
    for wrong in ("0", "-3", "lots", "inf"):
        monkeypatch.setenv(CACHE_ENV, wrong)
        with pytest.raises(SystemExit) as refused:
            cache_bytes()
        assert CACHE_ENV in str(refused.value) and "\n" not in str(refused.value)


def test_a_real_sheets_ladder_fits_the_default_bound_many_times() -> None:
    """The default holds a busy server's sheets: an Organique NPC's whole ladder (its ~1,700
    rungs, the heaviest sheet) weighs under a fiftieth of it."""
    cache = DistributionCache()
    organique = get_system("organique")
    for seed in range(3):
        npc = organique.random_npc(Roller(seed))
        for action in organique.actions(npc):
            check = organique.check(action.check)
            if DIFFICULTY in check.params.model_fields:
                params = check.parse({**action.params, DIFFICULTY: 0})
                levels = [d for d in difficulties(check) if d is not None]
                cache.ladder("organique", check, params, levels)
    per_sheet = cache.weight / 3
    assert per_sheet * 50 < cache.max_bytes
