"""Real workers for the live tests: `ecran serve` processes on free ports sharing one database and
one Redis, a table made through the HTTP API, and real WebSocket clients (the `websockets`
library uvicorn ships with) whose every wait is bounded.

Waits are deadlines, never measurements: a test passes as soon as what it waits for arrives, and
fails with what it got when the deadline (generous: two cores are shared) passes first.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from servers import free_port

#: Deadlines (seconds): a worker's start, and any one frame awaited.
START_S = 180.0  # two cores shared with other work: a start can take a while
FRAME_S = 20.0


@dataclass
class Worker:
    """One `ecran serve` process."""

    name: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """`kill -9`: no shutdown, no goodbye to its sockets."""
        with suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


#: The workers this session started, newest last (a few kept): a failing test's report shows
#: the end of their logs (`tests/web/live/conftest.py`), where a worker's own error is.
STARTED: list[Worker] = []
KEPT_LOGS = 6


def start_worker(name: str, database: str, redis: str | None, home: Path) -> Worker:
    worker = _spawn(name, database, redis, home)
    _wait_healthy(worker)
    return worker


def _spawn(
    name: str, database: str, redis: str | None, home: Path, extra: list[str] | None = None
) -> Worker:
    port = free_port()
    log = home / f"{name}.log"
    env = {**os.environ, "ECRAN_DATABASE_URL": database}
    env.pop("ECRAN_REDIS_URL", None)
    if redis is not None:
        env["ECRAN_REDIS_URL"] = redis
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "ecran.cli.app", "serve", "--port", str(port), *(extra or [])],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=home,
        )
    worker = Worker(name, port, process, log)
    STARTED.append(worker)
    del STARTED[:-KEPT_LOGS]
    return worker


def _wait_healthy(worker: Worker) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if worker.process.poll() is not None:
            raise AssertionError(f"worker {worker.name} exited: {worker.log.read_text()[-2000:]}")
        with suppress(httpx.HTTPError):
            if httpx.get(worker.http + "/healthz", timeout=2).status_code == 200:
                return
        time.sleep(0.05)
    worker.stop()
    raise AssertionError(f"worker {worker.name} not healthy: {worker.log.read_text()[-2000:]}")


@contextmanager
def workers(
    database: str, redis: str, home: Path, names: str = "AB", extra: list[str] | None = None
) -> Iterator[list[Worker]]:
    started: list[Worker] = []
    try:
        for name in names:  # started together, waited for together
            started.append(_spawn(name, database, redis, home, extra))
        for worker in started:
            _wait_healthy(worker)
        yield started
    finally:
        for worker in started:
            worker.stop()


# -- a table, through the HTTP API ----------------------------------------------------------------


@dataclass
class Seat:
    id: str
    token: str


@dataclass
class Table:
    id: str
    gm: Seat
    alice: Seat

    def roll(self, on: Worker, who: Seat, seed: int, visibility: str = "public") -> int:
        """A roll posted on a worker; its seq, once committed."""
        body = {
            "check": "test",
            "params": {"skill": 3, "difficulty": 6},
            "visibility": visibility,
            "seed": seed,
        }
        made = httpx.post(
            f"{on.http}/api/tables/{self.id}/rolls",
            json=body,
            headers={"Authorization": f"Bearer {who.token}"},
            timeout=FRAME_S,
        )
        assert made.status_code == 201, made.text
        return int(made.json()["seq"])

    def last_seq(self, on: Worker) -> int:
        got = httpx.get(
            f"{on.http}/api/tables/{self.id}",
            headers={"Authorization": f"Bearer {self.gm.token}"},
            timeout=FRAME_S,
        )
        return int(got.json()["last_seq"])

    def call(self, on: Worker, method: str, path: str, **params: str) -> httpx.Response:
        """The GM's request to the table's API on a worker."""
        return httpx.request(
            method,
            f"{on.http}/api/tables/{self.id}{path}",
            params=params,
            headers={"Authorization": f"Bearer {self.gm.token}"},
            timeout=FRAME_S,
        )

    def socket_url(self, on: Worker, who: Seat, after: int | None = None) -> str:
        query = f"?token={who.token}" + ("" if after is None else f"&after={after}")
        return f"{on.ws}/ws/tables/{self.id}{query}"


def new_table(on: Worker) -> Table:
    made = httpx.post(
        f"{on.http}/api/tables",
        json={"name": "Jeudi soir", "system": "artemis", "options": {}, "gm_name": "Claire"},
        timeout=FRAME_S,
    )
    assert made.status_code == 201, made.text
    body = made.json()
    joined = httpx.post(
        f"{on.http}/api/tables/invites/{body['invite_token']}/join",
        json={"display_name": "Alice"},
        timeout=FRAME_S,
    )
    assert joined.status_code == 201, joined.text
    alice = Seat(joined.json()["member"]["id"], joined.json()["token"])
    return Table(body["table"]["id"], Seat(body["gm"]["id"], body["gm_token"]), alice)


# -- a real WebSocket client ----------------------------------------------------------------------


class Client:
    """A member's socket: the events it was sent, in arrival order, and the frames' raw text."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.events: list[dict[str, Any]] = []
        self.raw: list[str] = []

    def frame(self) -> dict[str, Any]:
        text = self.socket.recv(timeout=FRAME_S)
        assert isinstance(text, str)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        if frame["type"] == "event":
            self.events.append(frame["event"])
        return frame

    def until_synced(self) -> int:
        while True:
            frame = self.frame()
            if frame["type"] == "synced":
                return int(frame["last_seq"])
            assert frame["type"] == "event", frame

    def until_seq(self, seq: int) -> list[int]:
        """Read until the event `seq` arrives; every seq received meanwhile, in order."""
        start = len(self.events)
        try:
            while not self.events or self.events[-1]["seq"] < seq:
                frame = self.frame()
                assert frame["type"] in ("event", "pong"), frame
        except TimeoutError:
            got = [e["seq"] for e in self.events[start:]]
            raise AssertionError(f"event {seq} never came; got {got}") from None
        return [e["seq"] for e in self.events[start:]]

    def resume(self, after: int) -> list[int]:
        """Ask again for everything after `after`: the seqs resent, up to `synced`."""
        start = len(self.events)
        self.socket.send(json.dumps({"type": "resume", "after": after}))
        last = self.until_synced()
        resent = [e["seq"] for e in self.events[start:]]
        assert last == (resent[-1] if resent else last)
        return resent

    def nothing_more(self) -> list[dict[str, Any]]:
        """Everything sent before the answer to a ping (frames queued on this worker)."""
        self.socket.send(json.dumps({"type": "ping"}))
        extra = []
        while (frame := self.frame())["type"] != "pong":
            extra.append(frame)
        return extra

    def seqs(self) -> list[int]:
        return [e["seq"] for e in self.events]

    def presence_until(self, members: set[str]) -> list[str]:
        """Read until a presence frame lists exactly `members` (the socket asked `presence=1`)."""
        said: list[list[str]] = []
        try:
            while not said or set(said[-1]) != members:
                frame = self.frame()
                if frame["type"] == "presence":
                    said.append(frame["connected"])
        except TimeoutError:
            raise AssertionError(f"presence never said {sorted(members)}; said {said}") from None
        return said[-1]

    def until_closed(self) -> tuple[int | None, list[dict[str, Any]]]:
        """Read until the server closes the socket: its close code and the frames before."""
        frames = []
        try:
            while True:
                frames.append(self.frame())
        except ConnectionClosed as closed:
            return (closed.rcvd.code if closed.rcvd else None), frames
        except TimeoutError:
            raise AssertionError(f"the socket stayed open; got {frames}") from None


@contextmanager
def member_socket(url: str) -> Iterator[Client]:
    with connect(url, open_timeout=FRAME_S, close_timeout=2) as socket:
        client = Client(socket)
        client.until_synced()
        yield client


def closed(client: Client) -> bool:
    try:
        client.socket.recv(timeout=FRAME_S)
    except ConnectionClosed:
        return True
    return False
