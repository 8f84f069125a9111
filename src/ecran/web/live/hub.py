"""One WebSocket per table and the hub that fans events out to its connections.

Contract for the rest of the web layer: after any change stored through the `Store`, call
`await hub(app).publish(table_id, event)` (or `hub(app).publish_nowait(...)` from a thread); the
hub sends each connection only `view_for(event, member)` (a hidden roll never leaves the server
for a member who may not see it).

`/ws/tables/{table_id}?token=…&after=<seq>` (`lang=en` for English messages). Frames sent:
`{"type": "event", "event": <EventView>}` for each event, in sequence order, each exactly once
per connection; `{"type": "synced", "last_seq": N}` once the events a client asked for (at
connection or by a resume) are all sent; `{"type": "pong"}`; `{"type": "error", "detail": "…"}`
for a malformed message (the socket stays open). A bad link gets an error frame and the socket is
closed with code 4000 + the HTTP status (4401, 4404...). Client messages:
`{"type": "resume", "after": N}` (send again everything after N) and `{"type": "ping"}`.

Every connection keeps the last sequence number it sent. An event that arrives after a gap
(two writers publishing out of order, or a publish racing the first catch-up) makes the
connection read what it missed from the store first: frames never skip and never repeat.

Scale: the hub lives in memory, in one process. With several workers, each worker's hub must
also receive the other workers' events: publish the `(table_id, seq)` on Redis pub/sub
(`ECRAN_REDIS_URL`) and let each hub deliver it (the gap catch-up already reads events from the
shared store, so a notification carrying only the sequence number is enough). Future work.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from ecran.play import Event, view_for
from ecran.rules import EcranError
from ecran.store import Access, Store
from ecran.web.deps import app_store
from ecran.web.errors import one_line
from ecran.web.live.messages import ClientMessage, Ping, Resume, parse_message

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Frame:
    """A frame to send as is (an answer to the client's message)."""

    data: dict[str, Any]


@dataclass(frozen=True)
class _Nudge:
    """Read the store for events this connection has not sent."""


_NUDGE = _Nudge()
_Item = Event | Resume | _Frame | _Nudge


@dataclass(eq=False)
class Connection:
    access: Access
    socket: WebSocket
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[_Item] = field(default_factory=asyncio.Queue)
    #: The sequence number of the last event sent (or skipped as already known to the client).
    last: int = 0

    def offer(self, item: _Item) -> None:
        """Queue an item from any thread; a connection whose loop is gone is simply dead."""
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.queue.put_nowait, item)


class Hub:
    def __init__(self, store: Callable[[], Store]) -> None:
        self._store = store
        self._tables: dict[str, set[Connection]] = {}
        self._lock = threading.Lock()

    # -- publishing ---------------------------------------------------------------------------

    async def publish(self, table_id: str, event: Event) -> None:
        """Send the event to every connection of the table, redacted per member."""
        self.publish_nowait(table_id, event)

    def publish_nowait(self, table_id: str, event: Event) -> None:
        """The same from synchronous code (any thread): queued, each connection sends it."""
        for connection in self.connections(table_id):
            connection.offer(event)

    def nudge(self, table_id: str) -> None:
        """Something was stored but the caller has no event at hand: every connection of the
        table reads what it has not sent yet from the store."""
        for connection in self.connections(table_id):
            connection.offer(_NUDGE)

    def connections(self, table_id: str) -> list[Connection]:
        with self._lock:
            return list(self._tables.get(table_id, ()))

    # -- one connection's life ----------------------------------------------------------------

    async def serve(self, socket: WebSocket, access: Access, after: int, lang: str) -> None:
        """Send what the client missed, then live events, until it leaves."""
        connection = Connection(access, socket, asyncio.get_running_loop())
        connection.offer(Resume(after=after))
        with self._lock:
            self._tables.setdefault(access.table_id, set()).add(connection)
        sender = asyncio.create_task(self._send_loop(connection))
        try:
            await self._receive_loop(connection, lang, sender)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client went away while we were reading
        finally:
            with self._lock:
                self._tables.get(access.table_id, set()).discard(connection)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def _receive_loop(
        self, connection: Connection, lang: str, sender: asyncio.Task[None]
    ) -> None:
        while not sender.done():
            receiving = asyncio.ensure_future(connection.socket.receive())
            await asyncio.wait({receiving, sender}, return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():
                receiving.cancel()  # the sender stopped: the socket is gone
                return
            message = receiving.result()
            if message["type"] == "websocket.disconnect":
                return
            try:
                answer = parse_message(message.get("text"))
            except EcranError as exc:
                connection.offer(_Frame({"type": "error", "detail": one_line(exc.message(lang))}))
                continue
            connection.offer(_answer(answer))

    async def _send_loop(self, connection: Connection) -> None:
        try:
            while True:
                item = await connection.queue.get()
                if isinstance(item, _Frame):
                    await connection.socket.send_json(item.data)
                elif isinstance(item, Resume):
                    await self._resume(connection, item.after)
                elif isinstance(item, _Nudge):
                    await self._catch_up(connection, connection.last)
                else:
                    await self._deliver(connection, item)
        except (WebSocketDisconnect, RuntimeError):
            return  # the client left mid-send
        except Exception:
            log.exception("live: connection to table %s dropped", connection.access.table_id)
            with contextlib.suppress(Exception):
                await connection.socket.close(code=1011)

    async def _deliver(self, connection: Connection, event: Event) -> None:
        if event.table_id != connection.access.table_id or event.seq <= connection.last:
            return  # another table's event published under this table's id is dropped
        if event.seq == connection.last + 1:
            await _send_event(connection, view_for(event, connection.access.member))
            return
        await self._catch_up(connection, connection.last)

    async def _resume(self, connection: Connection, after: int) -> None:
        """Everything after `after`, then `synced`. A client claiming more than the log holds
        is brought back to the log's end, so it cannot miss the next events."""
        sent = await self._catch_up(connection, after)
        if sent is None:
            newest = await self._newest(connection.access)
            connection.last = min(after, newest)
        await connection.socket.send_json({"type": "synced", "last_seq": connection.last})

    async def _catch_up(self, connection: Connection, after: int) -> int | None:
        """Send the events after `after` read from the store; the last seq sent, if any."""
        store = self._store()
        sent: int | None = None
        while True:
            views = await run_in_threadpool(store.events_after, connection.access, after)
            if not views:
                return sent
            for view in views:
                await _send_event(connection, view)
            after = sent = views[-1].seq

    async def _newest(self, access: Access) -> int:
        page = await run_in_threadpool(self._store().page, access, None, 1)
        return page.events[-1].seq if page.events else 0


async def _send_event(connection: Connection, view: Any) -> None:
    await connection.socket.send_json({"type": "event", "event": view.model_dump(mode="json")})
    connection.last = view.seq


def _answer(message: ClientMessage) -> _Item:
    if isinstance(message, Ping):
        return _Frame({"type": "pong"})
    return message


_CREATING = threading.Lock()


def hub(app: FastAPI) -> Hub:
    """The app's one hub (two hubs would each miss the other's connections)."""
    existing: Hub | None = getattr(app.state, "hub", None)
    if existing is not None:
        return existing
    with _CREATING:
        existing = getattr(app.state, "hub", None)
        if existing is None:
            existing = Hub(lambda: app_store(app))
            app.state.hub = existing
        return existing
