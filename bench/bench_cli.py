"""Benchmark: the command line's start-up beside `python -c "import typer, rich"`, and the web
server's first answer.

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
    """Write the bytecode of `src/` and of the environment's packages (see the module's note)."""
    import compileall
    import sysconfig

    for where in (Path(__file__).resolve().parent.parent / "src", sysconfig.get_paths()["purelib"]):
        compileall.compile_dir(where, quiet=2, workers=1)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a running process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_200(path: str = "/") -> tuple[float, float]:
    """Seconds from starting `ecran serve` to its first HTTP 200 on `path`, and the CPU seconds
    the server had used by then: on a loaded machine the wall time waits for the other work's
    turns, the CPU time is what a quiet machine would take (the start is one thread)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.perf_counter()
    server = subprocess.Popen(
        [str(BIN / "ecran"), "serve", "--port", str(port)],
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
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for path in ("/healthz", "/"):
        serve = [first_200(path) for _ in range(max(1, repeats // 3))]
        wall_s = statistics.median(w for w, _ in serve)
        cpu_s = statistics.median(c for _, c in serve)
        print(f"ecran serve -> first 200 on {path}: {wall_s:.2f} s, CPU {cpu_s:.2f} s (medians)")


if __name__ == "__main__":
    main(sys.argv[1:])
