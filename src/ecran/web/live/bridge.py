"""The bridge between web workers: Redis pub/sub (`ECRAN_REDIS_URL`, the `redis` client's
asyncio API).

After a commit the worker that wrote hands the event to its own connections, then announces
`(table_id, seq)` on one channel (`ecran:events`); every other worker hears it and its hub reads
what it has not handed out from the shared store (`Hub.heard`). Only the sequence number travels:
the store stays the one truth, so an announcement lost, late or out of order delays frames, it
never skips or repeats one. Announcements waiting to be sent are kept per table (the newest seq
only), so a Redis outage costs memory bounded by the number of tables, and they are sent once
Redis is back; when the subscription is (re)made, every connection reads the store for what it
may have missed meanwhile.

Beside the `(table, seq)` announcements, the same channel carries what a worker alone knows:
- `{"w", "t", "k": "here", "m": [member ids]}`: who is connected to the table on that worker now
  (sent when it changes, and again every `PRESENCE_TTL_S / 3` seconds: the others forget a
  worker's word after `PRESENCE_TTL_S`, so a killed worker's members leave the presence list);
- `{"w", "t", "k": "closed", "m": member id | null}`: a link was revoked or renewed (null: the
  table was deleted); the others check those sockets' links again and close the ones that no
  longer work (a stray message cannot close a working link);
- `{"w", "k": "hello"}`: a worker (re)subscribed; the others repeat who is connected there.

One channel for all tables: an announcement is ~80 bytes and a worker drops those of tables it
has no connection to with one dictionary lookup; a channel per table becomes worth it when the
proxy routes each table to one worker (see the README's deployment section).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
from dataclasses import dataclass
from typing import Any, TypeGuard

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from ecran.web.live.hub import PRESENCE_TTL_S, Hub

log = logging.getLogger(__name__)

CHANNEL = "ecran:events"
#: Longer messages are not ours and are dropped unread (a `here` of `HERE_MAX` ids fits).
ANNOUNCEMENT_MAX = 256 * 1024
#: At most this many member ids in one `here` message (beyond, presence lists the first ones).
HERE_MAX = 4096
#: Member and table ids are this long at most (ours are 32 hexadecimal digits).
ID_MAX = 64
#: Link closures waiting for Redis are kept up to this many (then the oldest are dropped and
#: the sockets' links are checked when the subscription comes back).
CLOSED_MAX = 10_000
#: Waits between attempts while Redis is unreachable (seconds, doubling up to the second value):
#: the longest is short so cross-worker delivery resumes within a second of Redis's return (an
#: attempt on a stopped Redis is a refused connection, a fraction of a millisecond).
RETRY_FIRST_S, RETRY_MAX_S = 0.1, 0.5
#: How long start-up waits for the subscription before serving anyway (seconds).
SUBSCRIBE_WAIT_S = 5.0
#: How long the health check waits for Redis's answer (seconds).
PING_TIMEOUT_S = 2.0


class RedisBridge:
    """One worker's end of the channel: announces its hub's commits, and hands the other
    workers' announcements to its hub."""

    def __init__(self, url: str, hub: Hub, channel: str = CHANNEL) -> None:
        self.url = url
        self.hub = hub
        self.channel = channel
        #: Announcements from this worker are ignored when they come back.
        self.worker = secrets.token_hex(8)
        #: Subscribed to the channel now (cleared while Redis is unreachable).
        self.subscribed = asyncio.Event()
        self._redis: aioredis.Redis = aioredis.from_url(url, socket_connect_timeout=5)
        self._pending: dict[str, int] = {}
        #: Per table, who is connected here now (the newest word only); and closed links.
        self._here: dict[str, list[str]] = {}
        self._closed: list[tuple[str, str | None]] = []
        self._hello = False
        self._pending_lock = threading.Lock()
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Subscribe and start announcing; waits a little for the subscription (a worker that
        cannot reach Redis still serves its own connections, and keeps trying)."""
        self._loop = asyncio.get_running_loop()
        self._tasks = [
            asyncio.create_task(self._announce_loop()),
            asyncio.create_task(self._listen_loop()),
            asyncio.create_task(self._heartbeat_loop()),
        ]
        self.hub.bridge = self
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.subscribed.wait(), SUBSCRIBE_WAIT_S)
        if not self.subscribed.is_set():
            log.error("live: Redis at %s is unreachable; retrying in the background", self.url)

    async def stop(self) -> None:
        if self.hub.bridge is self:
            self.hub.bridge = None
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._redis.aclose()

    async def healthy(self) -> bool:
        """Redis answers a ping (within `PING_TIMEOUT_S`) and the subscription is live."""
        try:
            await asyncio.wait_for(self._redis.ping(), PING_TIMEOUT_S)
        except (RedisError, OSError, TimeoutError):
            return False
        return self.subscribed.is_set()

    # -- announcing (from any thread) ---------------------------------------------------------

    def announce(self, table_id: str, seq: int) -> None:
        """Queue `(table_id, seq)` for the other workers; `seq` 0 means "read the log"."""
        with self._pending_lock:
            self._pending[table_id] = _merge(self._pending.get(table_id), seq)
        self._wake_up()

    def announce_here(self, table_id: str, members: list[str]) -> None:
        """Queue who is connected to the table here now (replacing an older word unsent)."""
        with self._pending_lock:
            self._here[table_id] = members[:HERE_MAX]
        self._wake_up()

    def announce_closed(self, table_id: str, member_id: str | None) -> None:
        """Queue a stopped link (None: the table's every link)."""
        with self._pending_lock:
            self._closed.append((table_id, member_id))
            if len(self._closed) > CLOSED_MAX:
                del self._closed[0]
                log.error("live: too many link closures waiting for Redis; the oldest dropped")
        self._wake_up()

    def _wake_up(self) -> None:
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: we are stopping
                self._loop.call_soon_threadsafe(self._wake.set)

    async def _announce_loop(self) -> None:
        wait = RETRY_FIRST_S
        while True:
            await self._wake.wait()
            self._wake.clear()
            with self._pending_lock:
                batch, self._pending = self._pending, {}
                here, self._here = self._here, {}
                closed, self._closed = self._closed, []
                hello, self._hello = self._hello, False
            try:
                await self._send(batch)  # events first: a client hears of them soonest
                await self._send_words(here, closed, hello)
                wait = RETRY_FIRST_S
            except Exception as exc:  # Redis down, or anything else: keep the rest, retry
                log.warning("live: announcing on Redis failed (%s); retrying", exc)
                with self._pending_lock:
                    for table_id, seq in batch.items():
                        self._pending[table_id] = _merge(self._pending.get(table_id), seq)
                    self._here = {**here, **self._here}
                    self._closed[:0] = closed
                    self._hello = self._hello or hello
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX_S)
                self._wake.set()

    async def _send(self, batch: dict[str, int]) -> None:
        while batch:
            table_id, seq = next(iter(batch.items()))
            message = json.dumps({"w": self.worker, "t": table_id, "s": seq})
            await self._redis.publish(self.channel, message)
            del batch[table_id]  # only once sent: a failure keeps the rest for the retry

    async def _send_words(
        self, here: dict[str, list[str]], closed: list[tuple[str, str | None]], hello: bool
    ) -> None:
        """Send each, removing it once sent (a failure keeps the rest for the retry)."""
        while closed:
            table_id, member_id = closed[0]
            await self._publish({"t": table_id, "k": "closed", "m": member_id})
            del closed[0]
        while here:
            table_id, members = next(iter(here.items()))
            await self._publish({"t": table_id, "k": "here", "m": members})
            del here[table_id]
        if hello:
            await self._publish({"k": "hello"})

    async def _publish(self, word: dict[str, Any]) -> None:
        await self._redis.publish(self.channel, json.dumps({"w": self.worker, **word}))

    async def _heartbeat_loop(self) -> None:
        """Say again who is connected here, and forget what silent workers said."""
        while True:
            await asyncio.sleep(PRESENCE_TTL_S / 3)
            for table_id in self.hub.tables_here():
                self.announce_here(table_id, self.hub.here(table_id))
            self.hub.forget_silent_workers()

    # -- hearing ------------------------------------------------------------------------------

    async def _listen_loop(self) -> None:
        wait = RETRY_FIRST_S
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                async for message in pubsub.listen():
                    wait = RETRY_FIRST_S
                    self._on_message(message)
            except Exception as exc:  # Redis down, or anything else: subscribe again
                log.warning("live: Redis subscription lost (%s); retrying", exc)
            finally:
                self.subscribed.clear()
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_MAX_S)

    def _on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "subscribe":
            # Anything announced before now may have been missed: the connections read the
            # store and check their links; the other workers are asked who is connected there.
            self.subscribed.set()
            self.hub.heard_nothing_for_a_while()
            with self._pending_lock:
                self._hello = True
            for table_id in self.hub.tables_here():
                self.announce_here(table_id, self.hub.here(table_id))
            self._wake_up()
        elif message.get("type") == "message":
            heard = _parse(message.get("data"))
            if heard is None or heard.worker == self.worker:
                return
            if isinstance(heard, Announced):
                self.hub.heard(heard.table_id, heard.seq)
            elif isinstance(heard, Here):
                self.hub.heard_here(heard.worker, heard.table_id, heard.members)
            elif isinstance(heard, Closed):
                self.hub.heard_closed(heard.table_id, heard.member_id)
            else:  # hello: a worker (re)joined and knows no one here
                for table_id in self.hub.tables_here():
                    self.announce_here(table_id, self.hub.here(table_id))


def _merge(before: int | None, seq: int) -> int:
    """Two announcements of one table in one: the newer seq, or 0 ("read the log") if either."""
    if before is None:
        return seq
    return 0 if before == 0 or seq == 0 else max(before, seq)


@dataclass(frozen=True)
class Announced:
    """Another worker committed the table's event `seq` (0: something, read the log)."""

    worker: str
    table_id: str
    seq: int


@dataclass(frozen=True)
class Here:
    """Who is connected to the table on another worker now."""

    worker: str
    table_id: str
    members: list[str]


@dataclass(frozen=True)
class Closed:
    """A link stopped working on another worker's request (None: the table's every link)."""

    worker: str
    table_id: str
    member_id: str | None


@dataclass(frozen=True)
class Hello:
    """Another worker (re)subscribed."""

    worker: str


def _parse(data: Any) -> Announced | Here | Closed | Hello | None:
    """What another worker said; None for anything else on the channel."""
    if not isinstance(data, bytes | str) or len(data) > ANNOUNCEMENT_MAX:
        return None
    try:
        value = json.loads(data)
    except ValueError:
        return None
    if not isinstance(value, dict) or not _is_id(worker := value.get("w")):
        return None
    kind, table_id = value.get("k"), value.get("t")
    if kind == "hello":
        return Hello(worker)
    if not _is_id(table_id):
        return None
    if kind is None:
        seq = value.get("s")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            return None
        return Announced(worker, table_id, seq)
    said = value.get("m")
    if kind == "here" and isinstance(said, list) and len(said) <= HERE_MAX:
        return Here(worker, table_id, said) if all(map(_is_id, said)) else None
    if kind == "closed" and (said is None or _is_id(said)):
        return Closed(worker, table_id, said)
    return None


def _is_id(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= ID_MAX


async def start_bridge(url: str, hub: Hub) -> RedisBridge:
    bridge = RedisBridge(url, hub)
    await bridge.start()
    return bridge


def check_reachable(url: str) -> None:
    """Raise (`RedisError`, `OSError`, `ValueError` for a bad URL) unless Redis answers a ping:
    for `ecran serve`, which refuses to start workers that could not share their events."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        client.ping()
    finally:
        client.close()
