"""Redis stopped, then back (#28 item 5): two real workers keep storing writes while it is down
(`/readyz` 200 "degraded"), and delivery from one worker to the other's clients resumes within
a second of Redis's return."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from servers import _wait_for_port, free_port
from web.live.workers_support import member_socket, new_table, workers

#: The time within which cross-worker delivery must resume once Redis answers again.
RESUME_S = 1.0


def _redis(port: int, home: Path) -> subprocess.Popen[bytes]:
    program = shutil.which("redis-server") or "/usr/bin/redis-server"
    argv = [program, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(home)]
    argv += ["--save", "", "--appendonly", "no", "--logfile", str(home / "redis.log")]
    server = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _wait_for_port(port, server, home / "redis.log")
    return server


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    server.wait(timeout=10)


def test_writes_go_on_without_redis_and_delivery_resumes_within_a_second(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    home = tmp_path_factory.mktemp("redis")
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    database = f"sqlite:///{tmp_path_factory.mktemp('shared') / 'ecran.sqlite3'}"
    server = _redis(port, home)
    try:
        with workers(database, url, tmp_path_factory.mktemp("w")) as (a, b):
            table = new_table(a)
            with member_socket(table.socket_url(b, table.alice, table.last_seq(a))) as alice:
                seq = table.roll(a, table.gm, seed=1)
                assert alice.until_seq(seq)[-1] == seq
                _stop(server)
                time.sleep(6)  # long enough for any backoff to reach its longest wait
                ready = httpx.get(a.http + "/readyz", timeout=10)
                assert ready.status_code == 200 and ready.json()["status"] == "degraded"
                down_seq = table.roll(a, table.gm, seed=2)  # stored while Redis is down
                server = _redis(port, home)
                back = time.monotonic()
                heard = None
                while time.monotonic() - back < 5:
                    posted = table.roll(a, table.gm, seed=3)
                    try:
                        alice.socket.recv(timeout=0.1)
                    except TimeoutError:
                        continue
                    heard = time.monotonic() - back
                    break
                assert heard is not None and heard < RESUME_S, heard
                assert alice.until_seq(posted)[-1] == posted
                assert down_seq in alice.seqs() or down_seq < posted
    finally:
        _stop(server)
