"""#28: a real `ecran serve` is ready only once its work processes answered (`/readyz`), and
SIGTERM stops it cleanly: the command exits, every child process (the work pool's, the
multiprocessing resource tracker) is gone, no semaphore is reported leaked, and the database's
`.serving` lock file is removed."""

from __future__ import annotations

import os
import select
import signal
import subprocess
from pathlib import Path

import httpx

from web.live.workers_support import start_worker


def _descendants(pid: int) -> set[int]:
    """Every living process under `pid` (read from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _command(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return "?"


def _left_after(children: set[int], seconds: float) -> dict[int, str]:
    """The children still alive once each has had `seconds` to end. The multiprocessing
    resource tracker ends on its own when its parent's pipe closes, that is just after the
    parent has exited: its end is awaited (a pidfd is readable once its process is gone)."""
    for pid in children:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            select.select([fd], [], [], seconds)
        finally:
            os.close(fd)
    return {pid: _command(pid) for pid in children if _alive(pid)}


def test_ready_after_the_work_pool_and_sigterm_leaves_nothing(tmp_path: Path) -> None:
    database = tmp_path / "ecran.sqlite3"
    worker = start_worker("alone", f"sqlite:///{database}", None, tmp_path)  # /healthz 200
    try:
        children = _descendants(worker.process.pid)
        # the quick lane's worker and the full lane's (and the resource tracker) are up
        assert len(children) >= 2, children
        assert httpx.get(worker.http + "/readyz", timeout=10).json()["status"] == "ok"
        assert Path(f"{database}.serving").exists()
        worker.process.send_signal(signal.SIGTERM)
        code = worker.process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        worker.kill()
        raise
    finally:
        worker.stop()
    said = worker.log.read_text(errors="replace")
    assert code == 128 + signal.SIGTERM, said[-2000:]
    assert _left_after(children, 10) == {}
    assert "leaked" not in said and "Traceback" not in said, said[-2000:]
    assert not Path(f"{database}.serving").exists()
