"""Benchmark: simulated check trials per second beside a bare numpy loop of the same dice, and
whole fights (4 against 4, each game) per second.

Run: `.venv/bin/python bench/bench_simulate.py [--fights [N]] [--no-checks] [--games a,b]
[--before OTHER/src] [--instructions]` (`--fights` also runs the tracker's chances de victoire
look after look; `--games`: only these games' fights, in the bench's order; `--before`:
each game's fights also run on another checkout's code, interleaved, e.g. one made by
`git archive HEAD~3 src | tar -x -C /tmp/before`; `--instructions`: instead of times, one
process's cold fights (N, default 5,000) counted in instructions under valgrind's callgrind,
minutes per game, the same count whatever the machine's load). Not a test: it
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
from ecran.engine.fight.simulation import simulate_encounter
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
    ours = best(lambda: sampler.count(rng, N))  # as `ecran simulate` counts its trials
    return ours, best(lambda: bare(rng, N))


def checks() -> None:
    print(f"{'check':20} {'ecran trials/s':>15} {'bare numpy/s':>14} {'ratio':>7}")
    for system_id, check_name, bare in CASES:
        ours, floor = _pair(system_id, check_name, bare)
        print(
            f"{system_id + '.' + check_name:20} {N / ours:15,.0f} {N / floor:14,.0f}"
            f" {floor / ours:6.1f}x"
        )


def _helpers_cpu() -> float:
    """CPU seconds (user + system) of the simulator's kept helper processes (/proc/<pid>/stat)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for worker in KEPT_WORKERS:
        if worker.process.pid is None:
            continue
        stat = Path(f"/proc/{worker.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(stat[11]) + int(stat[12])) / tick
    return total


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

#: The issue's targets (#32): 10,000 fights of 4 against 4, cold, within this many wall seconds
#: on the machine's two cores, for every game; a simulation's peak memory within this many MB.
TARGET_SECONDS = 2.0
TARGET_MB = 150.0


def _peak_mb() -> tuple[float, float]:
    """Peak resident memory (MB) of this process and of its largest kept helper: each one's
    VmHWM, not `getrusage`'s ru_maxrss, which Linux carries across exec: a child started by a
    parent that had grown (`checks`' ten-million-trial arrays, ~670 MB) reported the parent's
    peak as its own."""
    mine = _hwm("self")
    helper = 0.0
    for worker in KEPT_WORKERS:
        if worker.process.pid is not None:
            helper = max(helper, _hwm(str(worker.process.pid)))
    return mine, helper


def _hwm(pid: str) -> float:
    """A process's peak resident memory in MB (/proc/<pid>/status, VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _timed(data: dict[str, Any], trials: int, seconds: float, seed: int = 1) -> dict[str, float]:
    """One simulation: fights run, wall seconds, CPU seconds of every process it ran in
    (`time.process_time` here, /proc for the helpers)."""
    own, helpers = time.process_time(), _helpers_cpu()
    start = time.perf_counter()
    report = simulate_encounter(data, trials, seed=seed, seconds=seconds)
    wall = time.perf_counter() - start
    cpu = time.process_time() - own + _helpers_cpu() - helpers
    return {"fights": report.trials, "wall": wall, "cpu": cpu}


def fight_child(system_id: str, trials: int, seconds: float) -> None:
    """One game's cold run then warm run in this fresh process, as one JSON line (the parent
    runs each game, and each version of the code, in its own process: peak memory is then
    the game's own)."""
    data = encounter(system_id)
    cold = _timed(data, trials, seconds)
    warm = _timed(data, trials, seconds)
    tables = _timed(data, trials, seconds, seed=2)  # warm tables, a new seed: run afresh
    main, helper = _peak_mb()
    runs = {"cold": cold, "warm": warm, "tables": tables}
    print(json.dumps({**runs, "rss": main, "helper_rss": helper}))


def _child(system_id: str, trials: int, seconds: float, src: Path | None) -> dict[str, Any]:
    import subprocess

    env = dict(os.environ)
    if src is not None:  # another version of the code (a checkout's `src`), for before/after
        env["PYTHONPATH"] = str(src)
    argv = [sys.executable, __file__, "--fight-child", system_id, str(trials), str(seconds)]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        return {"error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def _row(system_id: str, label: str, found: dict[str, Any], trials: int) -> None:
    if "error" in found:
        print(f"{system_id:10} {label:6} failed: {found['error']}")
        return
    for run in ("cold", "warm", "tables"):
        r = found[run]
        per_cpu = r["fights"] / r["cpu"] if r["cpu"] else float("inf")
        # the time `trials` fights take at this run's pace on two free cores (CPU / 2: on a
        # loaded machine the wall time measures the others' work), beside the target
        quiet = r["cpu"] / 2 * trials / r["fights"]
        mark = "ok" if quiet <= TARGET_SECONDS else f"{quiet / TARGET_SECONDS:.1f}x over"
        memory = ""
        if run == "cold":
            peak = max(found["rss"], found["helper_rss"])
            over = "ok" if peak <= TARGET_MB else f"{peak / TARGET_MB:.1f}x over"
            memory = f"{found['rss']:6.0f} {found['helper_rss']:6.0f} {over:>9}"
        print(
            f"{system_id:10} {label:6} {run:6} {r['fights']:7} {r['wall']:7.2f} {r['cpu']:7.2f}"
            f" {per_cpu:9,.0f} {quiet:8.2f} {TARGET_SECONDS:5.1f} {mark:>10} {memory}"
        )


def fights(
    trials: int = 10_000,
    seconds: float = 60.0,
    games: tuple[str, ...] = GAMES,
    before: Path | None = None,
) -> None:
    """Whole fights of 4 against 4, each game in its own process: cold (the first simulation
    of the file: every check walked or rolled, every consequence worked out), warm (the same
    file and seed again: what the web's recomputations and a repeated `--seed` run meet; a
    version that keeps batch tallies replays them), then `tables` (the same file, warm
    tables, another seed: every fight run, what a new seed costs). The
    simulator runs its batches in two processes (itself and a kept helper); `cpu` adds up
    both. A run stops after the batch that passes `seconds`. With `before` (another
    checkout's `src`), each game runs on both versions, interleaved, so a loaded machine
    weighs on both alike. Beside each figure its target (#32): `cpu/2` is the time `trials`
    fights take at the run's pace on two free cores (the CPU time of both processes halved),
    against TARGET_SECONDS; peak memory (MB, the main process and its helper) against
    TARGET_MB."""
    print(f"\n4 against 4, {trials} fights (random NPCs, seeds 1-8, 30 rounds at most)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'system':10} {'code':6} {'run':6} {'fights':>7} {'wall s':>7} {'cpu s':>7}"
        f" {'fights/cpu':>9} {'cpu/2':>8} {'goal':>5} {'':>10}"
        f" {'MB':>6} {'helper':>6} (goal {TARGET_MB:.0f} MB)"
    )
    versions: list[tuple[str, Path | None]] = [("after", None)]
    if before is not None:
        versions = [("before", before), ("after", None)]
    for system_id in games:
        for label, src in versions:
            _row(system_id, label, _child(system_id, trials, seconds, src), trials)


def instructions_child(system_id: str, trials: int) -> None:
    """One process's cold simulation of `trials` fights, seed 1, no helper process: what each
    of the two processes of the fights' row runs (5,000 of 10,000)."""
    simulate_encounter(encounter(system_id), trials, seed=1, workers=1)


def _counting(system_id: str, trials: int, src: Path | None, out: str) -> Any:
    """`instructions_child` started under callgrind (its count goes to stderr), with one hash
    seed: with a random one, the same code's count moved by up to 0.5 % (5,000 Fluid fights:
    sets of strings iterated in another order); with one, two runs of 300 fights differ by
    0.002 % (against 0.06 % with random seeds)."""
    import subprocess

    env = dict(os.environ, PYTHONHASHSEED="0")
    if src is not None:
        env["PYTHONPATH"] = str(src)
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
    argv += [__file__, "--instructions-child", system_id, str(trials)]
    return subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _collected(run: Any) -> int | None:
    import re

    _, err = run.communicate()
    found = re.search(r"Collected : (\d+)", err.decode())
    return int(found.group(1)) if found else None


def instructions(trials: int, games: tuple[str, ...], before: Path | None) -> None:
    """Each game's cold fights counted in instructions (callgrind): the same count for the same
    code and seed whatever else the machine does, where CPU times on a shared machine move by
    ±20 % from one run to the next. Each figure is a run of `trials` fights less the same
    process with one fight (start-up, imports, the random NPCs, a checkout's first compile). All
    runs of a game go at once: counts do not depend on the load. With `before`, side by side
    with another checkout's code, and their ratio."""
    import shutil
    import tempfile

    print(f"\n4 against 4, {trials:,} fights, one process, cold, seed 1: instructions (callgrind)")
    if shutil.which("valgrind") is None:
        print("valgrind not found: install Debian's valgrind to count instructions")
        return
    versions: list[tuple[str, Path | None]] = [("after", None)]
    if before is not None:
        versions = [("before", before), ("after", None)]
    with tempfile.TemporaryDirectory() as tmp:
        for system_id in games:
            runs = {
                (label, n): _counting(system_id, n, src, f"{tmp}/{system_id}.{label}.{n}")
                for label, src in versions
                for n in (trials, 1)
            }
            counts = {key: _collected(run) for key, run in runs.items()}
            found: dict[str, float] = {}
            for label, _ in versions:
                whole, start = counts[(label, trials)], counts[(label, 1)]
                if whole is None or start is None:
                    print(f"{system_id:10} {label:6} failed")
                    continue
                found[label] = (whole - start) / 1e9
                ratio = ""
                if label == "after" and "before" in found:
                    ratio = f"{found['after'] / found['before']:6.2f}x before"
                print(f"{system_id:10} {label:6} {found[label]:8.2f} G instructions {ratio}")


def chances_child(system_id: str) -> None:
    """The encounter tracker's "chances de victoire" of one game's 4 against 4, in this fresh
    process (cold), look after look as the page asks them (the first, then its second looks
    while the figures are wider than ±1 point): each look's fights, margin and CPU, one JSON
    line. Each look has the time the web gives it: half the work budget, at most
    VICTORY_SECONDS."""
    from ecran.engine.fight.chances import victory
    from ecran.settings import default
    from ecran.web.pages import chances as page

    data = encounter(system_id)
    seconds = min(page.VICTORY_SECONDS, float(default("work_budget")) / 2)
    looks = []
    for _ in range(1 + page.VICTORY_REFINES):
        own = time.process_time()
        report, _ = victory(
            data, page.VICTORY_TRIALS, 7, seconds, (), "fr", None, page.VICTORY_MARGIN
        )
        looks.append(
            {"fights": report.trials, "margin": report.margin, "cpu": time.process_time() - own}
        )
        if report.margin <= page.VICTORY_MARGIN or report.trials >= page.VICTORY_TRIALS:
            break
    print(json.dumps({"seconds": seconds, "looks": looks}))


def chances(games: tuple[str, ...] = GAMES) -> None:
    """Each game's tracker figures (`chances_child`) beside the target (#32): ±1 point (95 %)
    within the budget of its looks."""
    import subprocess

    print("\nThe tracker's chances de victoire, 4 against 4 (target: within ±1 point, 95 %)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for system_id in games:
        argv = [sys.executable, __file__, "--chances-child", system_id]
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        if done.returncode:
            print(f"{system_id:10} failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
            continue
        found = json.loads(done.stdout.strip().splitlines()[-1])
        shown = ", ".join(
            f"{look['fights']:,} fights ±{look['margin'] * 100:.1f} pt ({look['cpu']:.2f} s CPU)"
            for look in found["looks"]
        )
        last = found["looks"][-1]["margin"]
        mark = "ok" if last <= 0.01 else f"{last * 100:.1f} points, {last / 0.01:.1f}x over"
        print(f"{system_id:10} {found['seconds']:.1f} s a look: {shown}  {mark}")


if __name__ == "__main__":
    if "--chances-child" in sys.argv:
        chances_child(sys.argv[sys.argv.index("--chances-child") + 1])
        sys.exit(0)
    if "--instructions-child" in sys.argv:
        at = sys.argv.index("--instructions-child")
        instructions_child(sys.argv[at + 1], int(sys.argv[at + 2]))
        sys.exit(0)
    if "--fight-child" in sys.argv:
        at = sys.argv.index("--fight-child")
        game, count, limit = sys.argv[at + 1 : at + 4]
        fight_child(game, int(count), float(limit))
        sys.exit(0)
    if "--no-checks" not in sys.argv:
        checks()
    if "--fights" in sys.argv:
        after = sys.argv.index("--fights") + 1
        count = sys.argv[after] if after < len(sys.argv) else ""
        chosen = GAMES
        if "--games" in sys.argv:
            named = sys.argv[sys.argv.index("--games") + 1].split(",")
            chosen = tuple(g for g in GAMES if g in named)
        old = Path(sys.argv[sys.argv.index("--before") + 1]) if "--before" in sys.argv else None
        if "--instructions" in sys.argv:
            instructions(int(count) if count.isdigit() else 5_000, chosen, old)
            sys.exit(0)
        fights(int(count) if count.isdigit() else 10_000, games=chosen, before=old)
        if old is None:
            chances(chosen)
