"""Two processes opening one new SQLite file at once both start (`ecran serve` with two
workers, two servers started together): the loser of the switch to WAL used to be told
"database is locked" at once, without the busy timeout — 4 to 6 pairs in 40 on this machine,
and a fresh-clone `make test` failed on it (`test_redis_return`'s worker B)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

OPEN = "import sys\nfrom ecran.store import open_store\nopen_store(sys.argv[1]).engine.dispose()"
#: Pairs started: with the old switch, about one pair in eight failed (so this many fail it
#: almost always); each pair is two fresh interpreters.
PAIRS = 16


def test_two_processes_opening_a_new_sqlite_file_together_both_start(tmp_path: Path) -> None:
    failed = []
    for i in range(PAIRS):
        url = f"sqlite:///{tmp_path / f'table{i}.sqlite3'}"
        pair = [
            subprocess.Popen([sys.executable, "-c", OPEN, url], stderr=subprocess.PIPE, text=True)
            for _ in range(2)
        ]
        for process in pair:
            _, err = process.communicate(timeout=120)
            if process.returncode:
                failed.append(err.strip().splitlines()[-1])
    assert failed == []
