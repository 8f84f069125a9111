"""Benchmark: simulated check trials per second beside a bare numpy loop of the same dice, and
whole fights (4 against 4, each game) per second.

Run: `.venv/bin/python bench/bench_simulate.py [--fights [N]] [--no-checks] [--games a,b]`
(`--games`: only these games' fights, in the bench's order). Not a test: it
prints figures and never fails on them. The simulator draws each trial's outcome from the
check's exact distribution (one integer per trial, looked up in the cumulative weights); the
bare loop rolls the check's own dice with numpy and does the least arithmetic the rule needs (a
sum or a max against a target), with none of the rule's edge cases: the floor any simulator of
these dice pays, not a competitor.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.pool import KEPT_WORKERS
from ecran.engine.fight.simulation import BATCH, simulate_encounter
from ecran.engine.simulate import check_sampler, parsed

N = 10_000_000


def _artemis(rng: np.random.Generator, n: int) -> Any:  # skill 5 + 1d6 against 7
    return 5 + rng.integers(1, 7, n) >= 7 + 2


def _warp(rng: np.random.Generator, n: int) -> Any:  # 4d6 (3 + a bonus die) keep 3 vs 11
    dice = np.sort(rng.integers(1, 7, (n, 4)), axis=1)
    return dice[:, 1:].sum(axis=1) > 11


def _warp_opposed(rng: np.random.Generator, n: int) -> Any:  # 3d6 against 3d6 (2 + a bonus)
    mine = rng.integers(1, 7, (n, 3)).sum(axis=1)
    theirs = np.sort(rng.integers(1, 7, (n, 3)), axis=1)[:, 1:].sum(axis=1)
    return mine > theirs


def _fluid(rng: np.random.Generator, n: int) -> Any:  # 5 + best of 2d10 (no explosions)
    return 5 + rng.integers(1, 11, (n, 2)).max(axis=1)


def _nephilim(rng: np.random.Generator, n: int) -> Any:  # 1 + D - D, D = 0,1,2,2,3,4
    faces = np.array([0, 1, 2, 2, 3, 4])
    return 1 + faces[rng.integers(0, 6, n)] - faces[rng.integers(0, 6, n)] >= 0


def _organique(rng: np.random.Generator, n: int) -> Any:  # 9 + 8 + 1d20 against 20
    return 17 + rng.integers(1, 21, n) >= 20


CASES: list[tuple[str, str, Callable[[np.random.Generator, int], Any]]] = [
    ("artemis", "test", _artemis),
    ("warp", "roll", _warp),
    ("warp", "opposed", _warp_opposed),
    ("fluid", "test", _fluid),
    ("nephilim", "test", _nephilim),
    ("organique", "test", _organique),
]


def best(run: Callable[[], Any], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def _pair(
    system_id: str, check_name: str, bare: Callable[[np.random.Generator, int], Any]
) -> tuple[float, float]:
    """Seconds for N trials: ours (from the exact odds, computed once before), the bare loop."""
    example = get_system(system_id).check(check_name).example
    check, params = parsed(system_id, check_name, example)
    sampler = check_sampler(system_id, check, params)
    rng = np.random.default_rng(1)
    ours = best(lambda: np.bincount(sampler.draw(rng, N), minlength=len(sampler.outcomes)))
    return ours, best(lambda: bare(rng, N))


def checks() -> None:
    print(f"{'check':20} {'ecran trials/s':>15} {'bare numpy/s':>14} {'ratio':>7}")
    for system_id, check_name, bare in CASES:
        ours, floor = _pair(system_id, check_name, bare)
        print(
            f"{system_id + '.' + check_name:20} {N / ours:15,.0f} {N / floor:14,.0f}"
            f" {floor / ours:6.1f}x"
        )


#: Each game's core die, for the bare fight loop.
CORE_DIE = {"organique": 20, "nephilim": 6, "artemis": 6, "fluid": 10, "warp": 6}


def bare_fight(rng: np.random.Generator, trials: int, rounds: int, faces: int) -> Any:
    """The floor of a 4-against-4 fight's bookkeeping in numpy, with the game's core die: each
    round, each of 8 fighters still standing rolls one die against a fixed target and takes one
    more die off the first standing opponent's 10 points. No rule of any game: what any
    vectorised simulator pays to roll these dice and keep these books."""
    hp = np.full((trials, 8), 10, dtype=np.int64)
    side = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    rows = np.arange(trials)
    for _ in range(rounds):
        for actor in range(8):
            up = hp > 0
            enemy = up & (side != side[actor])[None, :]
            acts = up[:, actor] & enemy.any(axis=1)
            target = np.argmax(enemy, axis=1)
            hit = rng.integers(1, faces + 1, trials) > faces // 2
            hp[rows, target] -= (acts & hit) * rng.integers(1, faces + 1, trials)
    return hp


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of the simulator's kept helper
    processes (/proc/<pid>/stat)."""
    tick = os.sysconf("SC_CLK_TCK")
    t = os.times()
    total = t.user + t.system
    for worker in KEPT_WORKERS:
        if worker.process.pid is None:
            continue
        stat = Path(f"/proc/{worker.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(stat[11]) + int(stat[12])) / tick
    return total


#: Games whose fights still meet new states trial after trial (Fluid: every RES and wound a
#: blow leaves is a new attack to table): small batches, so the time limit can stop them.
SMALL_BATCH = {"fluid": 250}


def _timed(data: dict[str, Any], trials: int, seconds: float) -> tuple[Any, float, float]:
    """One simulation: the report, wall seconds, CPU seconds of every process it ran in."""
    before = _cpu()
    start = time.perf_counter()
    batch = SMALL_BATCH.get(data["system"], BATCH)
    report = simulate_encounter(data, trials, seed=1, batch=batch, seconds=seconds)
    wall = time.perf_counter() - start
    return report, wall, _cpu() - before


def encounter(system_id: str) -> dict[str, Any]:
    """4 against 4 random NPCs (seeds 1-8), 30 rounds at most."""
    system = get_system(system_id)
    people = []
    for i in range(8):
        sheet = system.random_npc(Roller(i + 1))
        side = "A" if i < 4 else "B"
        people.append({"name": f"n{i}", "side": side, "sheet": sheet.model_dump(mode="json")})
    data = {"system": system_id, "participants": people, "max_rounds": 30}
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


GAMES = ("organique", "nephilim", "artemis", "fluid", "warp")


def fights(trials: int = 10_000, seconds: float = 20.0, games: tuple[str, ...] = GAMES) -> None:
    """Whole fights per second beside the bare loop: cold (the first simulation of the file:
    every check walked, every consequence worked out) then warm (the same file again, its
    tables filled: what the web's recomputations and a repeated `--seed` run meet). The
    simulator runs its batches in two processes (itself and a kept helper); `cpu` adds up
    every process's CPU time, on a shared machine the steadier figure. A run stops after the
    batch that passes `seconds` (the report says how many fights ran)."""
    print(f"\n4 against 4, {trials} fights (random NPCs, seeds 1-8, 30 rounds at most)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'system':10} {'run':5} {'fights':>7} {'wall s':>7} {'cpu s':>7}"
        f" {'ecran fights/s':>15} {'bare numpy/s':>13}"
    )
    for system_id in games:
        data = encounter(system_id)
        rng, faces = np.random.default_rng(1), CORE_DIE[system_id]
        start = time.perf_counter()
        bare_fight(rng, trials, 30, faces)
        floor = trials / (time.perf_counter() - start)
        for run in ("cold", "warm"):
            try:
                report, wall, cpu = _timed(data, trials, seconds)
            except Exception as exc:  # a game's operation refusing a state: named, not hidden
                print(f"{system_id:10} {run:5} failed: {type(exc).__name__}: {exc}")
                break
            print(
                f"{system_id:10} {run:5} {report.trials:7} {wall:7.2f} {cpu:7.2f}"
                f" {report.trials / wall:15,.0f} {floor:13,.0f}"
            )


if __name__ == "__main__":
    if "--no-checks" not in sys.argv:
        checks()
    if "--fights" in sys.argv:
        after = sys.argv.index("--fights") + 1
        count = sys.argv[after] if after < len(sys.argv) else ""
        chosen = GAMES
        if "--games" in sys.argv:
            named = sys.argv[sys.argv.index("--games") + 1].split(",")
            chosen = tuple(g for g in GAMES if g in named)
        fights(int(count) if count.isdigit() else 10_000, games=chosen)
