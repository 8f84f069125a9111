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
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from ecran.web.live.hub import Hub

log = logging.getLogger(__name__)

ENV_REDIS = "ECRAN_REDIS_URL"
CHANNEL = "ecran:events"
#: Longer announcements are not ours and are dropped unread.
ANNOUNCEMENT_MAX = 256
#: Waits between attempts while Redis is unreachable (seconds, doubling up to the second value).
RETRY_FIRST_S, RETRY_MAX_S = 0.1, 5.0
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
            try:
                await self._send(batch)
                wait = RETRY_FIRST_S
            except Exception as exc:  # Redis down, or anything else: keep the rest, retry
                log.warning("live: announcing on Redis failed (%s); retrying", exc)
                with self._pending_lock:
                    for table_id, seq in batch.items():
                        self._pending[table_id] = _merge(self._pending.get(table_id), seq)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX_S)
                self._wake.set()

    async def _send(self, batch: dict[str, int]) -> None:
        while batch:
            table_id, seq = next(iter(batch.items()))
            message = json.dumps({"w": self.worker, "t": table_id, "s": seq})
            await self._redis.publish(self.channel, message)
            del batch[table_id]  # only once sent: a failure keeps the rest for the retry

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
            # Anything announced before now may have been missed: the connections read the store.
            self.subscribed.set()
            self.hub.heard_nothing_for_a_while()
        elif message.get("type") == "message":
            heard = _parse(message.get("data"))
            if heard is not None and heard[0] != self.worker:
                self.hub.heard(heard[1], heard[2])


def _merge(before: int | None, seq: int) -> int:
    """Two announcements of one table in one: the newer seq, or 0 ("read the log") if either."""
    if before is None:
        return seq
    return 0 if before == 0 or seq == 0 else max(before, seq)


def _parse(data: Any) -> tuple[str, str, int] | None:
    """(worker, table_id, seq) of an announcement; None for anything else on the channel."""
    if not isinstance(data, bytes | str) or len(data) > ANNOUNCEMENT_MAX:
        return None
    try:
        value = json.loads(data)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    worker, table_id, seq = value.get("w"), value.get("t"), value.get("s")
    if not (isinstance(worker, str) and isinstance(table_id, str) and table_id):
        return None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        return None
    return worker, table_id, seq


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
