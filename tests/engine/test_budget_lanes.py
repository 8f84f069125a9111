"""The work budget's two lanes: a cheap computation never waits behind a costly one, and a
client has at most one costly computation at a time (measured before: one client's 8 costly
odds requests made another table's Artémis test wait 7.4 s)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ecran.engine.budget import Busy, TooCostly, WorkBudget, enforced
from workload import burn, burn_swallowed, burn_wrapped

COSTLY = 4.0
"""CPU-seconds of the costly computation: long enough that nothing else finishes after it."""


@pytest.fixture
def budget() -> Iterator[WorkBudget]:
    made = WorkBudget(10.0)
    try:
        yield made
    finally:
        made.close()


def _costly_in_full_lane(budget: WorkBudget, client: str) -> threading.Thread:
    """A thread whose costly computation has moved to the full lane when this returns."""

    def run() -> None:
        with enforced(budget, client):
            budget.run(burn, COSTLY)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while budget.accounting.moved == 0:
        assert time.monotonic() < deadline, "the costly computation never left the quick lane"
        time.sleep(0.01)
    return thread


def test_a_cheap_computation_is_answered_while_a_costly_one_runs(budget: WorkBudget) -> None:
    costly = _costly_in_full_lane(budget, "player")
    with enforced(budget, "another table"):
        assert budget.run(burn, 0.0) > 0
    assert costly.is_alive()  # answered before the costly one ended
    costly.join()
    assert budget.accounting.computed == 2
    assert budget.accounting.moved == 1


def test_a_client_has_one_costly_computation_at_a_time(budget: WorkBudget) -> None:
    costly = _costly_in_full_lane(budget, "player")
    with enforced(budget, "player"), pytest.raises(Busy) as refused:
        budget.run(burn, 0.5)
    assert "réessayez dans 1 s" in refused.value.message("fr")
    with enforced(budget, "player"):  # a cheap one of the same client is still answered
        assert budget.run(burn, 0.0) > 0
    assert costly.is_alive()
    costly.join()
    assert budget.accounting.busy == 1


def test_over_the_whole_budget_is_still_too_costly() -> None:
    budget = WorkBudget(0.2, quick=0.02)
    try:
        with pytest.raises(TooCostly):
            budget.run(burn, 1.0)
        assert (budget.accounting.moved, budget.accounting.refused) == (1, 1)
    finally:
        budget.close()


def test_one_client_fills_no_more_than_its_share_of_the_quick_lane(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past its share of quick computations at once, a client waits a little (SLOT_WAIT) and is
    then refused (429), so its burst cannot make everyone's cheap odds wait; its next one is
    taken once the first is answered."""
    from ecran.engine import budget as module

    monkeypatch.setattr(module, "QUICK_PER_CLIENT", 1)
    budget = WorkBudget(10.0, quick=5.0)  # a long quick slice: the first one stays there

    def run() -> None:
        with enforced(budget, "burst"):
            budget.run(burn, COSTLY)

    first = threading.Thread(target=run, daemon=True)
    first.start()
    deadline = time.monotonic() + 60
    try:
        while not budget._in_quick.get("burst"):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        with enforced(budget, "burst"), pytest.raises(Busy):
            budget.run(burn, 0.0)
        first.join()
        with enforced(budget, "burst"):  # its turn again once the first is answered
            assert budget.run(burn, 0.0) > 0
    finally:
        first.join()
        budget.close()


def test_a_clients_second_costly_computation_waits_for_its_first() -> None:
    """Players behind one address share its place in the full lane: a second costly
    computation waits for the first instead of being refused. The wait's bound (SLOT_WAIT, 2 s
    of wall time) is the test above's; here it is a minute, since the first computation's
    0.3 CPU-s took over 2 s of wall time on a loaded machine (make test beside other work) and
    the second was refused: what is held here is the waiting, not how long it may last."""
    budget = WorkBudget(10.0, slot_wait=60.0)
    try:
        _waits_for_its_first(budget)
    finally:
        budget.close()


def _waits_for_its_first(budget: WorkBudget) -> None:
    with enforced(budget, "earlier"):  # the full lane's worker started: its start-up (a second
        budget.run(burn, 0.1)  # or more on a loaded machine) is no part of the wait
    assert budget.accounting.moved == 1

    def first() -> None:
        with enforced(budget, "club"):
            budget.run(burn, 0.3)

    thread = threading.Thread(target=first, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while budget.accounting.moved == 1:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    with enforced(budget, "club"):
        assert budget.run(burn, 0.2) > 0
    thread.join()
    assert (budget.accounting.moved, budget.accounting.busy) == (3, 0)


@pytest.mark.parametrize("work", [burn_wrapped, burn_swallowed], ids=["wrapped", "swallowed"])
def test_a_timer_a_library_catches_is_still_over_budget(work: Any) -> None:
    """The budget's CPU timer interrupts whatever runs, a library's callback included: one that
    wraps the interruption in its own error (seen: pydantic building a model's schema lazily,
    `SchemaError: … _OverBudget`, a 500 for a Fluid duel's chances on a busy server) or swallows
    it is still over budget — moved to the full lane, then refused as too costly — never a
    failure of the computation nor an answer cut short."""
    budget = WorkBudget(0.3)
    try:
        with enforced(budget, "player"):
            assert budget.run(work, 0.1) > 0  # past the quick lane: moved, answered
            with pytest.raises(TooCostly):
                budget.run(work, 2.0)
        assert budget.accounting.moved == 2
    finally:
        budget.close()


def test_a_job_past_its_budget_is_over_it_though_the_timer_did_not_strike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CPU timer strikes at the kernel's ticks of CPU time (4-10 ms): a job may end past
    its budget before it strikes (seen: a 2 ms budget answered a Nephilim ladder of 10 ms, and
    a test of the refusal failed). What the job spent, not the timer alone, says it is over."""
    from ecran.engine import budget as work_budget

    monkeypatch.setattr(work_budget.signal, "setitimer", lambda *args: None)  # never strikes
    monkeypatch.setattr(work_budget.signal, "signal", lambda *args: None)
    assert isinstance(work_budget._work(burn, (0.05,), 0.01), work_budget._Refused)
    assert isinstance(work_budget._work(burn, (0.001,), 1.0), work_budget._Done)
