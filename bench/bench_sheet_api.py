"""The web's sheet odds: `GET /api/tables/{id}/characters/{cid}/actions?odds=true[&ladder=true]`
for random NPCs of each system, through the real app (TestClient, SQLite, the limits middleware
and its work budget), side by side in one run, interleaved per NPC:

- `before`: what the route did before it was one sheet-odds call, emulated: the same request
  without odds (auth, store, sheet) plus one `odds_report` per action under the request's budget
  (one worker job per distribution the cache lacks);
- `odds`, `ladder`: the route now (`odds=true`, then `&ladder=true`), this process's cache
  emptied before each (the worker keeps its own sub-distributions, as a running server does);
- `warm`: `odds=true&ladder=true` again, answered from the cache.

Printed per system: wall-clock and CPU of this process (the server: middleware, store, JSON) and
of the budget's worker, median / slowest, in ms; worker jobs per request; the load average.

    .venv/bin/python bench/bench_sheet_api.py [NPCS]
"""

from __future__ import annotations

import gc
import os
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

SYSTEMS = ["artemis", "fluid", "nephilim", "organique", "warp"]
MODES = ["before", "odds", "ladder", "warm"]


def main() -> None:
    from fastapi.testclient import TestClient

    from ecran.store import open_store
    from ecran.web.app import create_app

    npcs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    tmp = Path(tempfile.mkdtemp())
    try:
        database = f"sqlite:///{tmp / 'ecran.sqlite3'}"
        open_store(database).engine.dispose()
        app = create_app()
        app.state.database_url = database
        print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
        with TestClient(app) as client:
            for system_id in SYSTEMS:
                rows = _system(client, system_id, npcs)
                for mode in MODES:
                    print(f"{system_id:9} {mode:6} {_summary(rows[mode])}", flush=True)
        print(f"load average {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(tmp)


def _system(client: Any, system_id: str, npcs: int) -> dict[str, list[tuple[float, ...]]]:
    from ecran.dice import Roller
    from ecran.engine import get_system
    from ecran.engine.cache import DISTRIBUTIONS
    from ecran.web.limits import Limits, shared_budget

    limits = Limits.from_env()
    budget = shared_budget(limits.budget_seconds, limits.budget_processes)
    made = client.post(
        "/api/tables",
        json={"name": "banc", "system": system_id, "options": {}, "gm_name": "MJ"},
    ).json()
    table, auth = made["table"]["id"], {"Authorization": f"Bearer {made['gm_token']}"}
    options = client.get(f"/api/tables/{table}", headers=auth).json()["table"]["options"]
    system = get_system(system_id)
    rows: dict[str, list[tuple[float, ...]]] = {mode: [] for mode in MODES}
    for seed in range(npcs):
        npc = system.random_npc(Roller(seed))
        sheet = {"sheet": npc.model_dump(mode="json"), "allow_violations": True}
        cid = client.post(f"/api/tables/{table}/characters", headers=auth, json=sheet).json()["id"]
        path = f"/api/tables/{table}/characters/{cid}/actions"
        if seed == 0:  # the worker started, the route's modules warm
            client.get(f"{path}?odds=true", headers=auth)
        for mode in MODES:
            if mode != "warm":
                DISTRIBUTIONS.clear()
            gc.collect()
            cpu, worker = time.process_time(), budget.accounting.cpu
            jobs = budget.accounting.computed
            wall = time.perf_counter()
            if mode == "before":
                status = client.get(path, headers=auth).status_code
                _per_action(system, npc, options, budget)
            else:
                query = {"odds": "true", **({"ladder": "true"} if mode != "odds" else {})}
                status = client.get(path, headers=auth, params=query).status_code
            assert status == 200, status
            rows[mode].append(
                (
                    time.perf_counter() - wall,
                    time.process_time() - cpu,
                    budget.accounting.cpu - worker,
                    budget.accounting.computed - jobs,
                )
            )
    return rows


def _per_action(system: Any, npc: Any, options: dict[str, Any], budget: Any) -> None:
    """The route before: every action's `odds_report` alone, the table's options in force."""
    from ecran.engine import odds_report
    from ecran.engine.budget import enforced
    from ecran.rules import EcranError

    with enforced(budget):
        for action in system.actions(npc):
            fields = system.check(action.check).params.model_fields
            forced = {k: v for k, v in options.items() if k in fields}
            with suppress(EcranError):
                odds_report(system.id, action.check, {**action.params, **forced})


def _summary(rows: list[tuple[float, ...]]) -> str:
    def ms(i: int) -> str:
        values = [r[i] * 1000 for r in rows]
        return f"{statistics.median(values):6.1f} / {max(values):6.1f}"

    jobs = statistics.median(r[3] for r in rows)
    return f"wall {ms(0)}   server CPU {ms(1)}   worker CPU {ms(2)}   jobs {jobs:.0f}"


if __name__ == "__main__":
    main()
