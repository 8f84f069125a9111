"""A process that ends without closing its work budget leaves none of the budget's workers
behind (measured before: each server worker the multi-worker test kills left its two work
processes and their resource tracker running after the suite, for ever); nor the fight
simulator's forked helpers (`engine.fight.pool`), which waited on a pipe whose other end they
held themselves (`engine.lifeline`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

# Starts both lanes' workers, says so, then waits to be killed.
_USER = """
import sys, time
from ecran.engine.budget import WorkBudget
budget = WorkBudget(5.0, 1, quick=0.5)
budget.warm()
print("ready", flush=True)
time.sleep(600)
"""


# Forks the simulator's kept helper (two batches on two processes), says so, then waits.
_FIGHTS = """
import time
from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.pool import KEPT_WORKERS
from ecran.engine.fight.simulation import simulate_encounter
system = get_system("artemis")
sheets = [system.random_npc(Roller(i)).model_dump(mode="json") for i in range(2)]
people = [{"name": f"n{i}", "side": "AB"[i], "sheet": sheet} for i, sheet in enumerate(sheets)]
simulate_encounter({"system": "artemis", "participants": people}, 200, seed=1, batch=100, workers=2)
assert KEPT_WORKERS and KEPT_WORKERS[0].process.is_alive()
print("ready", flush=True)
time.sleep(600)
"""


def _started(script: str = _USER) -> subprocess.Popen[str]:
    user = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert user.stdout is not None
    assert user.stdout.readline().strip() == "ready"
    return user


@pytest.mark.parametrize("ending", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
@pytest.mark.parametrize("script", [_USER, _FIGHTS], ids=["budget", "fight-helpers"])
def test_the_workers_end_with_the_process_that_started_them(
    script: str, ending: signal.Signals
) -> None:
    user = _started(script)
    user.send_signal(ending)
    user.wait(timeout=30)
    # every worker inherited the output pipe: it reads to its end only once they are all gone
    assert user.stdout is not None
    try:
        rest = _read_to_end(user, seconds=30)
    finally:
        user.stdout.close()
    assert rest == ""


def _read_to_end(user: subprocess.Popen[str], seconds: float) -> str:
    import selectors

    assert user.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(user.stdout, selectors.EVENT_READ)
        if not selector.select(timeout=seconds):
            pytest.fail(f"a work process outlived its parent by {seconds:.0f} s")
    return user.stdout.read()
