"""Redis stopped, then back (#28 item 5): two real workers keep storing writes while it is down
(`/readyz` 200 "degraded"), and delivery from one worker to the other's clients resumes once it
answers again, within a second: each worker tries Redis again at most half a second after a
failed attempt, however long it was down (held on the bridge's own loops, without a clock: a
loaded machine's scheduling is not the bridge's wait, and it made a timed assertion fail).
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from ecran.web.live import bridge
from ecran.web.live.hub import Hub
from servers import _wait_for_port, free_port
from web.live.workers_support import member_socket, new_table, workers

#: The time within which cross-worker delivery must resume once Redis answers again: a wait
#: between attempts is at most half of it (the rest: connecting, subscribing, delivering).
RESUME_S = 1.0
#: How long the live test waits for delivery to come back before calling it lost (not a
#: promise of speed: that is the waits' test below).
LOST_S = 15.0


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


def test_writes_go_on_without_redis_and_delivery_resumes(
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
                # long enough for the backoff to reach its longest wait (0.1 + 0.2 + 0.4 s)
                time.sleep(4 * bridge.RETRY_MAX_S)
                ready = httpx.get(a.http + "/readyz", timeout=10)
                assert ready.status_code == 200 and ready.json()["status"] == "degraded"
                down_seq = table.roll(a, table.gm, seed=2)  # stored while Redis is down
                server = _redis(port, home)
                back = time.monotonic()
                heard = None
                while time.monotonic() - back < LOST_S:
                    posted = table.roll(a, table.gm, seed=3)
                    try:
                        alice.socket.recv(timeout=0.1)
                    except TimeoutError:
                        continue
                    heard = time.monotonic() - back
                    break
                assert heard is not None, f"no delivery {LOST_S} s after Redis came back"
                assert alice.until_seq(posted)[-1] == posted
                assert down_seq in alice.seqs() or down_seq < posted
    finally:
        _stop(server)


def _waits_between_attempts(loop_name: str, attempts: int, monkeypatch: Any) -> list[float]:
    """The waits `loop_name` of a bridge whose Redis refuses every connection takes between
    its first `attempts` attempts (its sleeps recorded, not slept)."""
    waits: list[float] = []
    pause = asyncio.sleep

    async def recorded(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) >= attempts:
            raise asyncio.CancelledError
        await pause(0)

    async def run() -> None:
        refused = f"redis://127.0.0.1:{free_port()}/0"
        link = bridge.RedisBridge(refused, Hub(lambda: None))  # type: ignore[arg-type, return-value]
        link._loop = asyncio.get_running_loop()
        link.announce("t" * 32, 1)  # something to announce: the announcing loop tries at once
        monkeypatch.setattr(bridge.asyncio, "sleep", recorded)
        try:
            await getattr(link, loop_name)()
        except asyncio.CancelledError:
            pass
        finally:
            monkeypatch.undo()
            await link._redis.aclose()

    asyncio.run(run())
    return waits


@pytest.mark.parametrize("loop_name", ["_listen_loop", "_announce_loop"])
def test_a_worker_tries_redis_again_within_half_a_second_however_long_it_is_down(
    loop_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both ends of the channel: hearing (the subscription) and announcing (the commits)."""
    waits = _waits_between_attempts(loop_name, 12, monkeypatch)
    assert len(waits) == 12  # it keeps trying
    assert waits[0] < waits[1]  # the first attempts come quickly, then back off...
    assert max(waits) <= RESUME_S / 2  # ...never beyond half a second
