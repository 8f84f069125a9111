"""Benchmark: exact odds of every registered check at its example parameters.

Run: `make bench` (or `.venv/bin/python bench/bench_checks.py`). Not a test: it prints figures and
never fails on them. Two figures per check: its first computation in this process (cold) and the
best of the next five (warm: some checks cache intermediate laws).

Then a whole sheet's odds (`ecran.engine.sheet_odds`, every action at every difficulty of its
ladder) for random NPCs of each system (seeds 1..N), the shared distribution cache emptied
before each sheet: the median and slowest sheet (wall-clock and CPU time), the number of actions
that answered an error, and those waiting for a GM input (an opponent's value no sheet holds:
`needs`).
"""

from __future__ import annotations

import gc
import time
from typing import Any

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.engine.cache import DISTRIBUTIONS
from ecran.engine.sheet_odds import sheet_odds
from ecran.rules import Check, System

BUDGET_MS = 50.0  # the design target for one check's odds (DESIGN.md / PEERS.md §7)


def timed(check: Check[Any], params: Any) -> float:
    start = time.perf_counter()
    check.distribution(params)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    rows = []
    for system in all_systems().values():
        for check in system.checks:
            params = check.parse(check.example)
            cold = timed(check, params)
            warm = min(timed(check, params) for _ in range(5))
            rows.append((f"{system.id}.{check.name}", cold, warm))
    rows.sort(key=lambda r: -r[1])
    print(f"{'check':34} {'cold ms':>9} {'best ms':>9}")
    for name, cold, warm in rows:
        flag = "  over budget" if cold > BUDGET_MS else ""
        print(f"{name:34} {cold:9.2f} {warm:9.2f}{flag}")
    over = sum(1 for _, cold, _ in rows if cold > BUDGET_MS)
    print(f"{len(rows)} checks; {over} over {BUDGET_MS:.0f} ms cold")
    bench_sheets(20)


def bench_sheets(npcs: int) -> None:
    """Sheet odds of `npcs` random NPCs per system, each from an empty cache and a collected
    heap: wall-clock and CPU time of this process (the CPU figure is the fair one on a shared
    machine)."""
    print(f"\nSheet odds, ladder (random NPCs, seeds 1..{npcs}, cache emptied before each)")
    print(
        f"{'system':10} {'median ms':>10} {'max ms':>9} {'CPU med':>8} {'CPU max':>8}"
        f" {'actions':>8} {'errors':>7} {'GM input':>9}"
    )
    for system in all_systems().values():
        if type(system).random_npc is System.random_npc:
            continue  # no NPC generator (the demo system)
        walls, cpus, actions, errors, waiting = [], [], 0, 0, 0
        for seed in range(1, npcs + 1):
            sheet = system.random_npc(Roller(seed))
            DISTRIBUTIONS.clear()
            gc.collect()  # every sheet from a collected heap (see `full_collection`)
            cpu, start = time.process_time(), time.perf_counter()
            report = sheet_odds(system, sheet, ladder=True)
            walls.append((time.perf_counter() - start) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
            actions += len(report.actions)
            errors += sum(1 for a in report.actions if a.error)
            waiting += sum(1 for a in report.actions if a.needs)
        walls.sort()
        cpus.sort()
        print(
            f"{system.id:10} {walls[len(walls) // 2]:10.1f} {walls[-1]:9.1f}"
            f" {cpus[len(cpus) // 2]:8.1f} {cpus[-1]:8.1f} {actions:8} {errors:7} {waiting:9}"
        )
    print(f"a full garbage collection of this process: {full_collection():.1f} ms CPU")


def full_collection() -> float:
    """CPU milliseconds of one full garbage collection here. A sheet allocates thousands of
    objects: without the collection before each, the one in several sheets that triggers
    Python's full collection pays it inside its own figure (as `timeit` disables the
    collector, the bench starts each sheet collected; this figure says what one costs)."""
    gc.collect()
    start = time.process_time()
    gc.collect()
    return (time.process_time() - start) * 1000


if __name__ == "__main__":
    main()
