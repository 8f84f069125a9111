"""One WebSocket per table and the hub that fans events out to its connections.

Contract for the rest of the web layer: after any change stored through the `Store`, call
`await hub(app).publish(table_id, event)` (or `hub(app).publish_nowait(...)` from a thread); the
hub sends each connection only `view_for(event, member)` (a hidden roll never leaves the server
for a member who may not see it).

`/ws/tables/{table_id}?token=…&after=<seq>` (`lang=en` for English messages). Frames sent:
`{"type": "event", "event": <EventView>}` for each event, in sequence order, each exactly once
per connection; `{"type": "synced", "last_seq": N}` once the events a client asked for (at
connection or by a resume) are all sent; `{"type": "pong"}`; `{"type": "error", "detail": "…"}`
for a malformed message (the socket stays open); with `&presence=1`, `{"type": "presence",
"connected": [member ids]}` after `synced` and whenever someone connects or leaves (who is at
the table now, on any worker). When the GM revokes or renews a member's link, that member's
sockets get an error frame and are closed with 4404 (at once on the worker that did it; on the
others once they heard it and checked the link). A bad link gets an error frame and the socket is
closed with code 4000 + the HTTP status (4401, 4404...). Client messages:
`{"type": "resume", "after": N}` (send again everything after N) and `{"type": "ping"}`.

Every connection keeps the last sequence number it sent. An event that arrives after a gap
(two writers publishing out of order, or a publish racing the first catch-up) makes the
connection read what it missed from the store first: frames never skip and never repeat.

Several workers (`ECRAN_REDIS_URL`, `live.bridge`): a hub that publishes an event also announces
its `(table_id, seq)` on Redis; the other workers' hubs hear it (`heard`) and, for a table with
connections of theirs, read the events they have not yet handed out from the shared store once
per table (`Store.events_since`), then hand each to their connections as if published locally.
The connections' own gap rule does the rest, so a lost or reordered announcement only delays
frames (until the next one), it never skips or repeats one; when the bridge (re)subscribes, every
connection reads the store for what it may have missed meanwhile. Presence and closed links
travel the same way (`live.bridge`).

A worker renders each event once per view (`live.frames`: the GM's, the players', a whisper's
author's…) and sends that same text to every socket of the view. A `board` event is the
exception: what a member sees of it depends on the board around it (the fog, hidden tokens,
their own characters' tokens), so each connection reads its own view from the store
(`Store.events_after`, which gives each member `play.board.log.event_view`: their changes under
`payload["changes"]`, the frames `static/board.js` applies, or a stub).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from ecran.play import Event, EventView
from ecran.rules import EcranError
from ecran.store import Access, Store
from ecran.web.deps import app_store, bad_link
from ecran.web.errors import one_line
from ecran.web.live.frames import Fanout, event_frame
from ecran.web.live.messages import ClientMessage, Ping, Resume, parse_message

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Frame:
    """A frame to send as is (an answer to the client's message)."""

    data: dict[str, Any]


@dataclass(frozen=True)
class _Nudge:
    """Read the store for events this connection has not sent."""


@dataclass(frozen=True)
class _Close:
    """The connection's link was revoked or renewed: say so and close the socket."""


_NUDGE = _Nudge()
_CLOSE = _Close()
_Item = Fanout | Resume | _Frame | _Nudge | _Close

#: The close code of a socket whose link stopped working (4000 + 404, as a bad link's).
CLOSED_LINK = 4404


@dataclass(eq=False)
class Connection:
    access: Access
    socket: WebSocket
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[_Item] = field(default_factory=asyncio.Queue)
    #: The sequence number of the last event sent (or skipped as already known to the client).
    last: int = 0
    lang: str = "fr"
    #: The client asked for presence frames (`?presence=1`).
    presence: bool = False
    #: Authenticates the socket's link again (raises `EcranError` once it stopped working).
    recheck: Callable[[], object] | None = None

    def offer(self, item: _Item) -> None:
        """Queue an item from any thread; a connection whose loop is gone is simply dead."""
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.queue.put_nowait, item)


class Announcer(Protocol):
    """Tells the other workers what happened here (`live.bridge.RedisBridge`); every method may
    be called from any thread."""

    def announce(self, table_id: str, seq: int) -> None:
        """The table's log grew; `seq` 0: something was stored, read the log (no event at hand)."""
        ...

    def announce_here(self, table_id: str, members: list[str]) -> None:
        """The members connected to the table on this worker now (all of them, none: [])."""
        ...

    def announce_closed(self, table_id: str, member_id: str | None) -> None:
        """A member's link (None: the whole table) stopped working: check their sockets."""
        ...


#: How long another worker's word on who is connected holds without being said again (seconds;
#: each worker repeats it every third of that, so a killed worker's members leave by then).
PRESENCE_TTL_S = 15.0


class Hub:
    def __init__(self, store: Callable[[], Store]) -> None:
        self._store = store
        self._tables: dict[str, set[Connection]] = {}
        self._lock = threading.Lock()
        #: The other workers, when there are (set at start-up by the app's lifespan).
        self.bridge: Announcer | None = None
        #: Per table with connections here: the newest seq handed to them all (a watermark, so
        #: that a worker reads another's event from the store once, not once per connection).
        self._handed: dict[str, int] = {}
        #: Per table: the newest seq announced by another worker, and the task reading up to it.
        self._wanted: dict[str, int] = {}
        self._lowest: dict[str, int] = {}
        self._pulling: dict[str, asyncio.Task[None]] = {}
        #: Per table: per other worker, the members connected there and until when that holds.
        self._elsewhere: dict[str, dict[str, tuple[frozenset[str], float]]] = {}

    # -- publishing ---------------------------------------------------------------------------

    async def publish(self, table_id: str, event: Event) -> None:
        """Send the event to every connection of the table, redacted per member."""
        self.publish_nowait(table_id, event)

    def publish_nowait(self, table_id: str, event: Event) -> None:
        """The same from synchronous code (any thread): queued, each connection sends it; then
        announced to the other workers. Call only once the event is committed."""
        self._hand_out(table_id, event)
        if self.bridge is not None:
            self.bridge.announce(table_id, event.seq)

    def nudge(self, table_id: str) -> None:
        """Something was stored but the caller has no event at hand: every connection of the
        table (on every worker) reads what it has not sent yet from the store."""
        self._nudge_here(table_id)
        if self.bridge is not None:
            self.bridge.announce(table_id, 0)

    def close_member(self, table_id: str, member_id: str) -> None:
        """Close every socket of this member at this table (their link was revoked or renewed:
        the token that opened them no longer works), here at once; the other workers check
        those sockets' links again and close the ones that no longer work."""
        for connection in self.connections(table_id):
            if connection.access.member.id == member_id:
                connection.offer(_CLOSE)
        if self.bridge is not None:
            self.bridge.announce_closed(table_id, member_id)

    def close_table(self, table_id: str) -> None:
        """Close every socket of the table (it was deleted), on every worker."""
        for connection in self.connections(table_id):
            connection.offer(_CLOSE)
        if self.bridge is not None:
            self.bridge.announce_closed(table_id, None)

    def presence(self, table_id: str) -> list[str]:
        """The members connected to this table now, on any worker, each once."""
        now = time.monotonic()
        with self._lock:
            here = {c.access.member.id for c in self._tables.get(table_id, ())}
            for members, until in self._elsewhere.get(table_id, {}).values():
                if until > now:
                    here |= members
        return sorted(here)

    def here(self, table_id: str) -> list[str]:
        """The members connected to this table on this worker, each once."""
        return sorted({c.access.member.id for c in self.connections(table_id)})

    def _tell_presence(self, table_id: str, tell_others: bool = True) -> None:
        """Presence frames to the connections that asked; and, when this worker's own members
        changed, the other workers hear who is here now."""
        frame = _Frame({"type": "presence", "connected": self.presence(table_id)})
        _offer_all([c for c in self.connections(table_id) if c.presence], frame)
        if tell_others and self.bridge is not None:
            self.bridge.announce_here(table_id, self.here(table_id))

    def tables_here(self) -> list[str]:
        """The tables with connections on this worker."""
        with self._lock:
            return list(self._tables)

    def connections(self, table_id: str) -> list[Connection]:
        with self._lock:
            return list(self._tables.get(table_id, ()))

    def _hand_out(self, table_id: str, event: Event) -> None:
        """Every connection of the table here gets the one `Fanout` of the event (its view's
        frame is rendered once, whoever asks first)."""
        with self._lock:
            connections = list(self._tables.get(table_id, ()))
            if connections:
                self._handed[table_id] = max(self._handed.get(table_id, 0), event.seq)
        _offer_all(connections, Fanout(event))

    def _nudge_here(self, table_id: str) -> None:
        _offer_all(self.connections(table_id), _NUDGE)

    # -- what the other workers announce (on the event loop, from `live.bridge`) ---------------

    def heard(self, table_id: str, seq: int) -> None:
        """Another worker committed the table's event `seq` (0: something, read the log)."""
        if not self.connections(table_id):
            return  # no one here: a later connection reads the store itself
        if seq <= 0:
            self._nudge_here(table_id)
            return
        with self._lock:
            self._wanted[table_id] = max(self._wanted.get(table_id, 0), seq)
            if table_id not in self._handed:  # where to start reading: the oldest announced
                self._lowest[table_id] = min(self._lowest.get(table_id, seq), seq)
        if table_id not in self._pulling:
            self._pulling[table_id] = asyncio.create_task(self._pull(table_id))

    def heard_nothing_for_a_while(self) -> None:
        """Announcements may have been lost (the bridge just (re)subscribed): every connection
        reads the store for what it has not sent, and checks its link (a revocation announced
        meanwhile was not heard)."""
        for table_id in self.tables_here():
            self._nudge_here(table_id)
            self.heard_closed(table_id, None)

    def heard_here(self, worker: str, table_id: str, members: list[str]) -> None:
        """Another worker says who is connected to the table there now."""
        before = self.presence(table_id)
        with self._lock:
            elsewhere = self._elsewhere.setdefault(table_id, {})
            if members:
                elsewhere[worker] = (frozenset(members), time.monotonic() + PRESENCE_TTL_S)
            else:
                elsewhere.pop(worker, None)
                if not elsewhere:
                    self._elsewhere.pop(table_id, None)
        if self.presence(table_id) != before:
            self._tell_presence(table_id, tell_others=False)

    def forget_silent_workers(self) -> None:
        """Drop what workers that stopped repeating themselves said (killed, or cut off)."""
        now = time.monotonic()
        changed = []
        with self._lock:
            for table_id, elsewhere in list(self._elsewhere.items()):
                for worker, (_, until) in list(elsewhere.items()):
                    if until <= now:
                        del elsewhere[worker]
                        changed.append(table_id)
                if not elsewhere:
                    del self._elsewhere[table_id]
        for table_id in set(changed):
            self._tell_presence(table_id, tell_others=False)

    def heard_closed(self, table_id: str, member_id: str | None) -> None:
        """Another worker stopped a member's link (None: any of the table's): those sockets
        here check their link again, and the ones it no longer opens are closed. (Checked, not
        closed on the word alone: a stray message cannot close a working link.)"""
        for connection in self.connections(table_id):
            if member_id is None or connection.access.member.id == member_id:
                with contextlib.suppress(RuntimeError):  # its loop is gone: it is dead
                    asyncio.run_coroutine_threadsafe(_recheck(connection), connection.loop)

    async def _pull(self, table_id: str) -> None:
        """Read the table's events this worker has not handed out, up to the newest announced,
        once for all its connections; each connection then redacts them for its member. An
        announcement of a seq the log does not hold (not ours, or forged) is forgotten after
        one empty read, so it cannot hold back the real ones."""
        try:
            while True:
                with self._lock:
                    wanted = self._wanted.get(table_id, 0)
                    handed = self._handed.get(table_id)
                    lowest = self._lowest.get(table_id, wanted)
                if handed is not None and handed >= wanted:
                    return
                after = handed if handed is not None else lowest - 1
                events = await run_in_threadpool(self._store().events_since, table_id, after)
                if not self.connections(table_id):
                    return  # everyone left
                if not events:
                    with self._lock:  # nothing newer: what was announced is not in the log
                        self._wanted[table_id] = handed or 0
                        self._lowest.pop(table_id, None)
                    return
                for event in events:
                    self._hand_out(table_id, event)
                with self._lock:
                    self._lowest.pop(table_id, None)
        except Exception:
            log.exception("live: reading table %s's new events failed", table_id)
            self._nudge_here(table_id)  # let each connection try the store itself
        finally:
            self._pulling.pop(table_id, None)

    # -- one connection's life ----------------------------------------------------------------

    async def serve(
        self,
        socket: WebSocket,
        access: Access,
        after: int,
        lang: str,
        presence: bool = False,
        recheck: Callable[[], object] | None = None,
    ) -> None:
        """Send what the client missed, then live events, until it leaves (`presence`: and who
        is connected, whenever that changes). `recheck` authenticates the link again once the
        connection is registered: a revocation that raced the connection still closes it."""
        connection = Connection(
            access,
            socket,
            asyncio.get_running_loop(),
            lang=lang,
            presence=presence,
            recheck=recheck,
        )
        connection.offer(Resume(after=after))
        with self._lock:
            self._tables.setdefault(access.table_id, set()).add(connection)
        self._tell_presence(access.table_id)
        await _recheck(connection)  # a link revoked between its check and now closes it
        sender = asyncio.create_task(self._send_loop(connection))
        try:
            await self._receive_loop(connection, lang, sender)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client went away while we were reading
        finally:
            self._forget(connection)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    def _forget(self, connection: Connection) -> None:
        table_id = connection.access.table_id
        with self._lock:
            remaining = self._tables.get(table_id, set())
            remaining.discard(connection)
            if not remaining:
                self._tables.pop(table_id, None)
                self._handed.pop(table_id, None)
                self._wanted.pop(table_id, None)
                self._lowest.pop(table_id, None)
        self._tell_presence(table_id)

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
                elif isinstance(item, _Close):
                    await self._close(connection)
                    return
                else:
                    await self._deliver(connection, item)
        except (WebSocketDisconnect, RuntimeError):
            return  # the client left mid-send
        except Exception:
            log.exception("live: connection to table %s dropped", connection.access.table_id)
            with contextlib.suppress(Exception):
                await connection.socket.close(code=1011)

    async def _close(self, connection: Connection) -> None:
        """Events already queued before the revocation were sent; now the socket ends."""
        detail = one_line(bad_link().message(connection.lang))
        await connection.socket.send_json({"type": "error", "detail": detail})
        await connection.socket.close(code=CLOSED_LINK)

    async def _deliver(self, connection: Connection, fanout: Fanout) -> None:
        event = fanout.event
        if event.table_id != connection.access.table_id or event.seq <= connection.last:
            return  # another table's event published under this table's id is dropped
        if event.seq == connection.last + 1 and event.kind != "board":
            await connection.socket.send_text(fanout.frame_for(connection.access.member))
            connection.last = event.seq
            return
        # a board event's view needs the boards around it (fog, hidden tokens): the store's
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


async def _send_event(connection: Connection, view: EventView) -> None:
    await connection.socket.send_text(event_frame(view))
    connection.last = view.seq


async def _recheck(connection: Connection) -> None:
    """Close the connection if its link no longer works."""
    if connection.recheck is None:
        return
    try:
        await run_in_threadpool(connection.recheck)
    except EcranError:
        connection.offer(_CLOSE)
    except Exception:  # the store is unreachable: the link is checked again at the next word
        log.exception("live: checking a link of table %s failed", connection.access.table_id)


def _offer_all(connections: list[Connection], item: _Item) -> None:
    """Queue one item for many connections from any thread: one wake-up of each event loop
    (one, unless tests run several), not one per connection."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Connection]] = {}
    for connection in connections:
        by_loop.setdefault(connection.loop, []).append(connection)
    for loop, group in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a loop that is gone: its connections are dead
            loop.call_soon_threadsafe(_put_all, group, item)


def _put_all(connections: list[Connection], item: _Item) -> None:
    for connection in connections:
        connection.queue.put_nowait(item)


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
