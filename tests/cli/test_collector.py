"""The `ecran` process keeps the garbage collector off its start-up and exit
(`ecran.cli.collector`, #32); a caller that runs commands in its own process keeps its
collector as it was, and both answer alike."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

ODDS = ["odds", "artemis", "test", "--skill", "5", "--difficulty", "7", "--json"]

PROCESS = """
import gc, json, sys
from ecran.cli import collector
before = gc.get_freeze_count()
with collector.building():  # not the ecran process yet: nothing changes
    untouched = gc.isenabled()
collector.process()
with collector.building():
    paused = not gc.isenabled()
    made = [[i] for i in range(1000)]
print(json.dumps([untouched, paused, gc.isenabled(), gc.get_freeze_count() > before]))
"""


def test_a_build_in_the_process_pauses_the_collector_then_freezes_what_it_made() -> None:
    out = subprocess.run([sys.executable, "-c", PROCESS], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [True, True, True, True]


def test_a_command_run_in_a_callers_process_leaves_its_collector(
    cli: Callable[..., Any],
) -> None:
    frozen, enabled = gc.get_freeze_count(), gc.isenabled()
    assert cli(*ODDS).code == 0
    assert (gc.get_freeze_count(), gc.isenabled()) == (frozen, enabled)


ENTRY = "import sys; from ecran.cli.app import main; sys.argv = ['ecran', *sys.argv[1:]]; main()"


def test_the_process_answers_as_an_in_process_run(cli: Callable[..., Any]) -> None:
    done = subprocess.run([sys.executable, "-c", ENTRY, *ODDS], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(cli(*ODDS).out)
    refused = subprocess.run(
        [sys.executable, "-c", ENTRY, "odds", "artemis", "nope"], capture_output=True, text=True
    )
    assert refused.returncode == 2 and refused.stderr == cli("odds", "artemis", "nope").raw_err
