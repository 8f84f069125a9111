"""Two processes opening one new SQLite file at once both start (`ecran serve` with two
workers, two servers started together): the loser of the switch to WAL used to be told
"database is locked" at once, without the busy timeout — 4 to 6 pairs in 40 on this machine,
and a fresh-clone `make test` failed on it (`test_redis_return`'s worker B).

Each pair is two processes forked from this one once the store is imported, released
together by a barrier: the race of two servers' first opens, without paying two interpreters'
start per pair (32 of them took 15-27 s of the suite)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from ecran.store import open_store

#: Pairs started: with the old switch, about one pair in eight failed when each side was a
#: fresh interpreter; released by a barrier, far more do (so this many fail it always).
PAIRS = 16


def _open(url: str, barrier: Any, errors: Any) -> None:
    barrier.wait()
    try:
        open_store(url).engine.dispose()
    except Exception as exc:  # any refusal to start is the failure: its exit code says so
        errors.put(f"{type(exc).__name__}: {exc}")
        raise SystemExit(1) from exc


def test_two_processes_opening_a_new_sqlite_file_together_both_start(tmp_path: Path) -> None:
    # the migrations' modules loaded here once, not in every child
    open_store(f"sqlite:///{tmp_path / 'first.sqlite3'}").engine.dispose()
    fork = multiprocessing.get_context("fork")
    errors = fork.Queue()
    failed: list[str] = []
    for i in range(PAIRS):
        url = f"sqlite:///{tmp_path / f'table{i}.sqlite3'}"
        barrier = fork.Barrier(2)
        pair = [fork.Process(target=_open, args=(url, barrier, errors)) for _ in range(2)]
        for process in pair:
            process.start()
        for process in pair:
            process.join(timeout=120)
            if process.exitcode != 0:  # its error, said (the queue alone could miss one)
                said = errors.get(timeout=10) if process.exitcode == 1 else None
                failed.append(said or f"exit code {process.exitcode}")
    assert failed == []
