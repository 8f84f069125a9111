"""Every size bounded, every exact computation within a budget, costly endpoints rate limited.

One ASGI middleware, in front of everything, so a refused request costs almost nothing:

- a request body over `max_body` bytes is answered 413 as soon as that many bytes arrived (at
  once when `Content-Length` says so): the rest is never read;
- a WebSocket message over `max_message` bytes closes the socket with 1009 ("message too big");
- the dice and odds endpoints take one token per request from a per-client bucket
  (`burst` tokens, refilled at `rate` per second): empty, 429 with `Retry-After`, decided before
  any routing; a refused request without a body keeps its connection, and the access log writes
  a client's refusals once a second (`QuietRefusals`): a refusal costs ~0.15 ms of CPU;
- every request runs under the work budget (`ecran.engine.budget`): its exact computations run
  in a worker process within one CPU-second, above it 422 "trop coûteux"; a cheap one never
  waits behind a costly one (the budget's quick lane), and a client has one costly one at a
  time (a second: 429 with `Retry-After`).

Configuration (`ecran.settings`), read by `Limits.from_env()` when the app is created:
`ECRAN_MAX_BODY` (bytes, default 1 MiB), `ECRAN_MAX_WS_MESSAGE` (bytes, default 64 KiB),
`ECRAN_RATE` (odds requests per second and client, default 2), `ECRAN_RATE_BURST` (default 30),
and the budget's `ECRAN_WORK_BUDGET`, `ECRAN_WORK_PROCESSES`.

Behind a reverse proxy the client is the proxy unless uvicorn trusts its `X-Forwarded-For`
(`--forwarded-allow-ips`): see the README's deployment section.
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from threading import Lock

from starlette.requests import Request

from ecran.engine.budget import WorkBudget, enforced
from ecran.rules import Text
from ecran.rules.numerals import number
from ecran.settings import default, get_settings
from ecran.web.asgi import ASGIApp, Message, Receive, Scope, Send
from ecran.web.i18n import pick_lang

MAX_INT = 2**63 - 1
"""Largest integer a path, query or body field may carry: the database's BIGINT."""

MAX_COUNT = 1_000_000
"""Bound of a game number a person types (an initiative, a number of rounds): far above any
game's, small enough for any sum or display. Every integer of the API is bounded
(`tests/web/test_openapi_bounds.py` walks the OpenAPI document)."""


#: Paths that take an uploaded image (a scene's map, a handout): their body may be as large as
#: `max_upload` and a form's fields beside it.
UPLOADS = re.compile(r"^/api/tables/[^/]+/(scenes|handouts)(/[^/]+/image)?/?$")
UPLOAD_FIELDS = 64 * 1024

#: Paths whose requests take a token: they may start an exact computation.
RATED_PREFIXES = ("/api/dice", "/api/odds/", "/dice")

TOO_MANY_CLIENTS = 10_000
"""Buckets remembered (least recently used dropped first: a forgotten client starts full)."""


@dataclass(frozen=True)
class Limits:
    max_body: int = default("max_body")
    #: The uploads' routes (`UPLOADS`) read bodies up to this (an image and a few fields).
    max_upload: int = default("max_upload")
    max_message: int = default("max_ws_message")
    rate: float = default("rate")
    burst: int = default("rate_burst")
    budget_seconds: float = default("work_budget")
    budget_processes: int = default("work_processes")

    @classmethod
    def from_env(cls) -> Limits:
        settings = get_settings()
        return cls(
            max_body=settings.max_body,
            max_upload=settings.max_upload,
            max_message=settings.max_ws_message,
            rate=settings.rate,
            burst=settings.rate_burst,
            budget_seconds=settings.work_budget,
            budget_processes=settings.work_processes,
        )


# -- work budgets: one pool per configuration in the process ---------------------------------

_budgets: dict[tuple[float, int], WorkBudget] = {}
_budgets_lock = Lock()


def shared_budget(seconds: float, processes: int) -> WorkBudget:
    """The process's budget of this configuration (apps created alike share their workers)."""
    with _budgets_lock:
        key = (seconds, processes)
        if key not in _budgets:
            _budgets[key] = WorkBudget(seconds, processes)
        return _budgets[key]


def warm_budget() -> None:
    """Start the work processes of the budget the server's requests use, and wait until each
    has answered once."""
    limits = Limits.from_env()
    shared_budget(limits.budget_seconds, limits.budget_processes).warm()


def close_budgets() -> None:
    """End every shared budget's work processes (a served process stopping: none is left)."""
    with _budgets_lock:
        budgets = list(_budgets.values())
        _budgets.clear()
    for budget in budgets:
        budget.close()


# -- the rate limit --------------------------------------------------------------------------


@dataclass
class TokenBuckets:
    """A token bucket per client: `burst` tokens, `rate` more per second."""

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)
    _lock: Lock = field(default_factory=Lock)

    def take(self, client: str) -> float:
        """0 when the client may go on (a token is taken), else the seconds until it may."""
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[client] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self._buckets) > TOO_MANY_CLIENTS:
                self._buckets.popitem(last=False)
        return wait


# -- the access log of refusals --------------------------------------------------------------

#: A client's refused requests write one access log line per this many seconds.
QUIET_S = 1.0


class QuietRefusals(logging.Filter):
    """uvicorn's access log writes a client's 429s once per `QUIET_S` seconds; the server's log
    then says how many were left out since. A client sending as fast as it can would otherwise
    cost a line per request (writing it cost as much as the refusal) and fill the disk."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self._last: OrderedDict[str, tuple[float, int]] = OrderedDict()
        self._lock = Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if not (isinstance(args, tuple) and len(args) == 5 and args[4] == 429):
            return True
        client = str(args[0]).rsplit(":", 1)[0]  # "address:port": a client is its address
        now = self.clock()
        with self._lock:
            then, left_out = self._last.pop(client, (-math.inf, 0))
            if now - then < QUIET_S:
                self._last[client] = (then, left_out + 1)
                return False
            self._last[client] = (now, 0)
            while len(self._last) > TOO_MANY_CLIENTS:
                self._last.popitem(last=False)
        if left_out:  # in the server's log: uvicorn formats an access line from its arguments
            logging.getLogger("uvicorn.error").info(
                "%s: %d more refused requests (429) not written to the access log", client, left_out
            )
        return True


def quiet_refusals() -> None:
    """Install the filter once on uvicorn's access log (create_app may run many times)."""
    logger = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, QuietRefusals) for f in logger.filters):
        logger.addFilter(QuietRefusals())


# -- the middleware ----------------------------------------------------------------------------


class LimitsMiddleware:
    """The limits above, for HTTP and WebSocket alike."""

    def __init__(self, app: ASGIApp, limits: Limits | None = None) -> None:
        self.app = app
        self.limits = limits or Limits.from_env()
        self.buckets = TokenBuckets(self.limits.rate, self.limits.burst)
        self.budget = shared_budget(self.limits.budget_seconds, self.limits.budget_processes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            with enforced(self.budget, _client(scope)):
                await self.app(scope, self._ws_receive(receive, send), send)
        else:
            await self.app(scope, receive, send)

    def max_body(self, scope: Scope) -> int:
        """The largest body this request may send."""
        if UPLOADS.match(scope.get("path", "")):
            return max(self.limits.max_body, self.limits.max_upload + UPLOAD_FIELDS)
        return self.limits.max_body

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = _content_length(scope)
        limit = self.max_body(scope)
        if declared is not None and declared > limit:
            line = _too_large(scope, limit, self.limits.max_upload)
            await _refuse(scope, send, 413, line, close=True)
            return
        path: str = scope.get("path", "")
        if path.startswith(RATED_PREFIXES):
            wait = self.buckets.take(_client(scope))
            if wait > 0:
                seconds = max(1, math.ceil(wait))
                headers = {"retry-after": str(seconds)}
                line = _too_many(scope, seconds)
                await _refuse(scope, send, 429, line, headers, close=_has_body(scope, declared))
                return
        with enforced(self.budget, _client(scope)):
            await self._bounded(scope, receive, send)

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The app, reading at most `max_body` bytes: past them the 413 is sent from here, the
        app is told the client left, and whatever it answers is dropped."""
        seen = 0
        started = refused = False
        limit = self.max_body(scope)

        async def counted() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    refused = True
                    if not started:
                        line = _too_large(scope, limit, self.limits.max_upload)
                        await _refuse(scope, send, 413, line, close=True)
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except Exception:
            if not refused:
                raise

    def _ws_receive(self, receive: Receive, send: Send) -> Receive:
        async def bounded() -> Message:
            message = await receive()
            if message["type"] == "websocket.receive":
                text, data = message.get("text"), message.get("bytes")
                size = len(text.encode()) if text is not None else len(data or b"")
                if size > self.limits.max_message:
                    await send({"type": "websocket.close", "code": 1009})
                    return {"type": "websocket.disconnect", "code": 1009}
            return message

        return bounded


def _client(scope: Scope) -> str:
    """The client's address (the proxy's, unless uvicorn trusts its `X-Forwarded-For`)."""
    return str((scope.get("client") or ("?", 0))[0])


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _has_body(scope: Scope, declared: int | None) -> bool:
    """Whether the request says a body follows (a length above 0, or chunks)."""
    if declared:
        return True
    return any(name == b"transfer-encoding" for name, _ in scope.get("headers", []))


def _lang(scope: Scope) -> str:
    return pick_lang(Request(scope))


def file_too_large(limit: int) -> Text:
    """An upload over `limit` bytes, said as the upload forms' labels say the limit (10 Mio)."""
    mib = limit / (1024 * 1024)
    return Text(
        fr=f"fichier trop gros (au plus {mib:g} Mio)", en=f"file too large (at most {mib:g} MiB)"
    )


def _too_large(scope: Scope, limit: int, upload: int | None = None) -> str:
    """A body over `limit` bytes; on an upload's route, the file over `upload` bytes (the
    body's room for the form beside it is no concern of the GM's)."""
    lang = _lang(scope)
    if upload is not None and UPLOADS.match(scope.get("path", "")):
        return file_too_large(upload)(lang)
    written = number(limit)  # "1 048 576" in French, "1,048,576" in English
    if lang == "en":
        return f"request body too large: at most {written.en} bytes"
    return f"corps de requête trop gros : au plus {written.fr} octets"


def _too_many(scope: Scope, seconds: int) -> str:
    if _lang(scope) == "en":
        return f"too many dice or odds requests: try again in {seconds} s"
    return f"trop de demandes de dés ou de probabilités : réessayez dans {seconds} s"


async def _refuse(
    scope: Scope,
    send: Send,
    status: int,
    line: str,
    headers: dict[str, str] | None = None,
    *,
    close: bool,
) -> None:
    """One line: `{"detail": …}` under /api, plain text elsewhere. With `close`, the connection
    is closed, the unread body with it; a refused request without a body keeps its connection
    (a client sending as fast as it can would otherwise cost the server a new connection per
    refusal, more than the refusal itself)."""
    if scope.get("path", "").startswith("/api"):
        body, kind = json.dumps({"detail": line}).encode(), b"application/json"
    else:
        body, kind = line.encode(), b"text/plain; charset=utf-8"
    raw = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    if close:
        raw.append((b"connection", b"close"))
    raw += [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
