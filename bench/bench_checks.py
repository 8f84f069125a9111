"""Benchmark: exact odds of every registered check at its example parameters.

Run: `make bench` (or `.venv/bin/python bench/bench_checks.py`). Not a test: it prints figures and
never fails on them. Two figures per check: its first computation in this process (cold) and the
best of the next five (warm: some checks cache intermediate laws).
"""

from __future__ import annotations

import time
from typing import Any

from ecran.engine import all_systems
from ecran.rules import Check

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


if __name__ == "__main__":
    main()
