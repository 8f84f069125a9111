"""Benchmark: the command line's start-up beside `python -c "import typer, rich"`, and the web
server's first answer beside a bare uvicorn + FastAPI app's (`BARE_APP`: one route, no
middleware, the floor of any FastAPI server on uvicorn), with their ratio.

Run: `make bench` (or `.venv/bin/python bench/bench_cli.py [--quick]`). Not a test: it prints
figures, it never fails on them. Each figure is the median wall time of R fresh processes, the
commands interleaved (baseline, then each command, R times) so load on the machine hits all alike.

Bytecode first: where `PYTHONDONTWRITEBYTECODE` is set (this project's shared machines), nothing
ever writes `__pycache__`, so every start would compile every imported module from source — the
baseline's Typer and Click as much as ecran's pydantic. A user's installation has its bytecode
(pip and uv write it, or Python on first run), so the benchmark compiles `src/` and the
environment's packages once before measuring, both sides alike.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent
#: The floor of any command that validates with pydantic: Typer's core, pydantic and one model
#: built and used (plugins off, as `ecran` runs). Not ecran: a reference row.
PYDANTIC_FLOOR = """
import os
os.environ["PYDANTIC_DISABLE_PLUGINS"] = "__all__"
import typer.core
from pydantic import BaseModel
class One(BaseModel):
    n: int
One(n=1)
"""
#: The server's floor (#32): uvicorn serving a FastAPI app with one route, nothing else.
BARE_APP = """
import sys
import uvicorn
from fastapi import FastAPI
app = FastAPI()
@app.get("/")
@app.get("/healthz")
def root() -> dict[str, bool]:
    return {"ok": True}
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""
CASES = {
    "python -c 'import typer, rich'": [sys.executable, "-c", "import typer, rich"],
    "(typer.core + one pydantic model)": [sys.executable, "-c", PYDANTIC_FLOOR],
    "ecran --help": [str(BIN / "ecran"), "--help"],
    "ecran odds artemis test … --json": [
        str(BIN / "ecran"),
        *["odds", "artemis", "test", "--skill", "5", "--difficulty", "7", "--json"],
    ],
    "ecran odds demo d6 --target 5 --json": [
        str(BIN / "ecran"),
        *["odds", "demo", "d6", "--target", "5", "--json"],
    ],
    "ecran dice 4d6kh3 --json": [str(BIN / "ecran"), "dice", "4d6kh3", "--json"],
}

#: A small exact question asked by a fresh process, ecran's code beside icepool's (#32: the
#: whole process at or under icepool's).
EXACT_PROCESSES = {
    "3d6": (
        "from ecran.dice.notation import distribution; distribution('3d6')",
        "import icepool; (3 @ icepool.d6).denominator()",
    ),
    "4d6kh3": (
        "from ecran.dice.notation import distribution; distribution('4d6kh3')",
        "import icepool; icepool.d6.highest(4, 3).denominator()",
    ),
}


def wall(argv: list[str]) -> tuple[float, float]:
    """The wall time of one fresh process, and its CPU time (user + system, from the kernel's
    accounting of children: what a quiet machine would take, where the wall time also counts
    the turns other work takes on a loaded one)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return elapsed, cpu


def compile_bytecode() -> None:
    """Write the bytecode of `src/` and of the environment's packages (see the module's note),
    and the rules data's parsed copies (`ecran.toml_cache`): what the install step writes."""
    import compileall
    import sysconfig

    from ecran import toml_cache

    src = Path(__file__).resolve().parent.parent / "src"
    for where in (src, sysconfig.get_paths()["purelib"]):
        compileall.compile_dir(where, quiet=2, workers=1)
    toml_cache.build(src / "ecran")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a running process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_200(path: str = "/", bare: bool = False) -> tuple[float, float]:
    """Seconds from starting `ecran serve` (with `bare`, the bare app `BARE_APP`) to its first
    HTTP 200 on `path`, and the CPU seconds the server had used by then: on a loaded machine
    the wall time waits for the other work's turns, the CPU time is what a quiet machine would
    take (the start is one thread)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    argv = [sys.executable, "-c", BARE_APP, str(port)] if bare else []
    start = time.perf_counter()
    server = subprocess.Popen(
        argv or [str(BIN / "ecran"), "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.perf_counter() - start < 60:
            try:
                url = f"http://127.0.0.1:{port}{path}"
                with urllib.request.urlopen(url, timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - start, cpu_seconds(server.pid)
            except OSError:
                time.sleep(0.01)
        raise RuntimeError("no 200 within 60 s")
    finally:
        server.terminate()
        server.wait()


def main(argv: list[str]) -> None:
    repeats = 3 if "--quick" in argv else 9
    compile_bytecode()
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CASES}
    for _ in range(repeats):
        for name, command in CASES.items():
            times[name].append(wall(command))
    base = statistics.median(w for w, _ in next(iter(times.values())))
    base_cpu = statistics.median(c for _, c in next(iter(times.values())))
    print(f"Start-up, median of {repeats} interleaved fresh processes (bytecode compiled)")
    print(f"{'command':40} {'wall':>9} {'×':>6} {'CPU':>9} {'×':>6}")
    for name, values in times.items():
        t = statistics.median(w for w, _ in values)
        c = statistics.median(c for _, c in values)
        print(
            f"{name:40} {t * 1e3:6.0f} ms {t / base:5.2f}× {c * 1e3:6.0f} ms {c / base_cpu:5.2f}×"
        )
    exact_processes(repeats)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for path in ("/healthz", "/"):
        serve: list[tuple[float, float]] = []
        bare: list[tuple[float, float]] = []
        for _ in range(max(1, repeats // 3)):  # interleaved: load weighs on both alike
            serve.append(first_200(path))
            bare.append(first_200(path, bare=True))
        wall_s, cpu_s = (statistics.median(x[i] for x in serve) for i in (0, 1))
        bare_wall, bare_cpu = (statistics.median(x[i] for x in bare) for i in (0, 1))
        said = (
            " (ready: work processes, routes, games and store warm)" if path == "/healthz" else ""
        )
        print(
            f"ecran serve -> first 200 on {path}{said}: {wall_s:.2f} s, CPU {cpu_s:.2f} s;"
            f" bare uvicorn + FastAPI {bare_wall:.2f} s, CPU {bare_cpu:.2f} s;"
            f" ratio {wall_s / bare_wall:.2f}× wall, {cpu_s / bare_cpu:.2f}× CPU"
            " (medians; target 1.5×)"
        )


def exact_processes(repeats: int) -> None:
    """Each small exact question's fresh process, ecran's and icepool's interleaved (CPU)."""
    print(f"\nExact odds, whole fresh process (CPU, median of {repeats}, interleaved)")
    for text, (ours, theirs) in EXACT_PROCESSES.items():
        mine: list[float] = []
        peer: list[float] = []
        for _ in range(repeats):
            mine.append(wall([sys.executable, "-c", ours])[1])
            peer.append(wall([sys.executable, "-c", theirs])[1])
        a, b = statistics.median(mine), statistics.median(peer)
        print(f"{text:10} ecran {a * 1e3:6.1f} ms  icepool {b * 1e3:6.1f} ms  ratio {a / b:5.2f}×")


if __name__ == "__main__":
    main(sys.argv[1:])
