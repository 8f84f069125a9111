"""The FastAPI application: JSON API under /api, server-rendered pages, vendored static assets.

`create_app()` is what `ecran serve` runs: the JSON API (`api/`), the live WebSocket (`live/`)
and the pages (`pages/`); no rule lives in this package. With `ECRAN_REDIS_URL` (or
`app.state.redis_url` set before start-up), the app's lifespan connects its hub to the other
workers through Redis (`live.bridge`). `/livez` and `/readyz` (alias `/healthz`) answer a
reverse proxy's health checks.

Start-up (#16): nothing a first request does not need is imported here; the game systems load
on first use, one package per id. `ecran serve` builds its app with `create_served_app`: it
starts with `/healthz`, the first page (`pages.index`, listed from the games' data) and the
static files; the API, the live socket and the other pages are included when a request first
asks for a path those do not answer (`RoutesOnFirstUse`), or by a background thread, which also
imports every system and opens the store (its ORM), whichever comes first. That thread begins
once the first answer is sent (`WarmUpAfterFirstAnswer`), or `WARM_UP_DELAY_S` after start-up
if no request came. `/readyz` says "starting" until it is done and the work processes answered:
once ready, no request waits on a lazy start.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from starlette.middleware.gzip import GZipMiddleware

from ecran.settings import get_settings
from ecran.web import errors
from ecran.web.asgi import ASGIApp, HttpMiddleware, Message, Receive, Scope, Send
from ecran.web.i18n import COOKIE, pick_lang
from ecran.web.limits import LimitsMiddleware, close_budgets, quiet_refusals, warm_budget
from ecran.web.security import SecurityHeaders, redact_logs
from ecran.web.static_files import STATIC, VersionedStaticFiles

log = logging.getLogger(__name__)

ONE_YEAR = 365 * 24 * 3600
#: How long after start-up `ecran serve` begins importing every system in the background (s),
#: unless its first answer was sent before.
WARM_UP_DELAY_S = 1.0
#: How long `/healthz` waits for the database's answer (seconds).
HEALTH_TIMEOUT_S = 3.0


class Language(HttpMiddleware):
    """Decides each HTTP request's language once (`request.state.lang`); an explicit `?lang=`
    is remembered in a cookie. Plain ASGI: as an `@app.middleware("http")` function, every
    request (every roll's POST) ran inside a task group with memory streams."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        lang = pick_lang(request)
        scope.setdefault("state", {})["lang"] = lang
        asked = request.query_params.get("lang")
        if asked is None or asked != lang or request.cookies.get(COOKIE) == asked:
            await self.app(scope, receive, send)
            return
        remembered = Response()
        remembered.set_cookie(COOKIE, asked, max_age=ONE_YEAR, samesite="lax", httponly=True)
        cookies = [(k, v) for k, v in remembered.raw_headers if k == b"set-cookie"]

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *cookies]
            await send(message)

        await self.app(scope, receive, with_cookie)


#: Text answers at least this long are gzip-compressed for a client that accepts it (htmx alone
#: is 52 KB, a GM's table page ~0.5 MB).
GZIP_MIN = 1024


#: Paths whose answers carry a member's secrets beside what members typed: never compressed
#: (compressing both lets a page that can send requests guess a secret by the answer's length,
#: the BREACH attack).
_SECRET_PATHS = ("/tables/", "/api/tables/", "/join")


class GZipOutsideTables(GZipMiddleware):
    """gzip for text answers (static files, the guide, the systems' pages and API), not for a
    table's."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path", "").startswith(_SECRET_PATHS):
            await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


class HeadAsGet:
    """`HEAD` wherever `GET` is: the request is routed as a GET and its body left out (the
    headers, the length included, are the GET's)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Warm the routes, the systems, the store and the work processes when asked
    (`create_served_app`: `/readyz` answers 503 "starting" until all are warm); join the other
    workers through Redis when there are (nothing to do without)."""
    delay = getattr(app.state, "warm_up_delay", None)
    if delay is not None:
        # not at once: the warm-up holds the interpreter for every other import, and its work
        # processes take a core, so the first answer (a proxy's /readyz, a page) comes first
        asyncio.get_running_loop().call_later(delay, start_warm_up, app)
    url = getattr(app.state, "redis_url", None) or get_settings().redis_url
    from ecran.web.rates import Rates

    app.state.rates = Rates.from_settings(url)
    try:
        if not url:
            yield
            return
        from ecran.web import live
        from ecran.web.live.bridge import start_bridge  # redis is imported only when used

        bridge = await start_bridge(url, live.hub(app))
        app.state.bridge = bridge
        try:
            yield
        finally:
            await bridge.stop()
    finally:
        if delay is not None:  # a served app: its process stops, its work processes with it
            await run_in_threadpool(close_budgets)


async def livez(request: Request) -> JSONResponse:
    """The process answers (nothing else is asked: a proxy restarts a worker that does not)."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> JSONResponse:
    """For the reverse proxy: 200 while writes succeed, that is while the database answers;
    503 when it does not. Redis down is `"degraded"`, still 200: every write is stored and each
    worker's own sockets still hear it, only other workers' hear it once Redis is back (and the
    write limits count per worker meanwhile). Nothing secret: no URL, no error text.
    `/healthz` is the same answer (the address the README gave before). A served app is not
    ready before its work processes are (503 "starting"): its first odds wait for nothing."""
    app: FastAPI = request.app
    for started in ("pool_ready", "warmed"):  # a served app's work processes, its warm-up
        event = getattr(app.state, started, None)
        if event is not None and not event.is_set():
            return JSONResponse({"status": "starting"}, 503)
    checks: dict[str, Any] = {"database": await _database_ok(app)}
    bridge = getattr(app.state, "bridge", None)
    checks["redis"] = "off" if bridge is None else ("ok" if await bridge.healthy() else "down")
    if checks["database"] != "ok":
        return JSONResponse({"status": "down", **checks}, 503)
    status = "degraded" if checks["redis"] == "down" else "ok"
    return JSONResponse({"status": status, **checks}, 200)


async def _database_ok(app: FastAPI) -> str:
    from ecran.web.deps import app_store  # the store's ORM: not before the first answer

    def ping() -> None:
        app_store(app).ping()

    try:
        await asyncio.wait_for(run_in_threadpool(ping), HEALTH_TIMEOUT_S)
    except Exception:
        return "down"
    return "ok"


def _warm_pool(ready: threading.Event) -> None:
    """Start the work processes in a background thread; `ready` is set once they answered
    (or failed to start: logged, and the server stays up, each request then starting them)."""

    def warm() -> None:
        try:
            warm_budget()
        except Exception:
            log.exception("the work processes did not start")
        finally:
            ready.set()

    threading.Thread(target=warm, name="ecran-work-pool-warm-up", daemon=True).start()


def start_warm_up(app: FastAPI) -> None:
    """Begin the served app's warm-up and start its work processes, once (on the event loop:
    its timer and its first answer both ask)."""
    if getattr(app.state, "warm_up_started", True):
        return
    app.state.warm_up_started = True
    _warm_pool(app.state.pool_ready)
    _warm_up(app)


def _warm_up(app: FastAPI) -> threading.Thread:
    """Include the app's routes, import every system and open the store, in a background
    thread; `app.state.warmed` is set once done (or failed: logged, each request then loading
    what it needs)."""

    def warm() -> None:
        from ecran.engine.registry import all_systems
        from ecran.web.deps import app_store

        try:
            include_routes(app)
            all_systems()
            app_store(app)
        except Exception:
            log.exception("the warm-up did not finish")
        finally:
            warmed = getattr(app.state, "warmed", None)
            if warmed is not None:
                warmed.set()

    thread = threading.Thread(target=warm, name="ecran-systems-warm-up", daemon=True)
    thread.start()
    return thread


#: Held while a served app's routes are included (a request and the warm-up thread may race).
_ROUTES = threading.Lock()


def include_routes(app: FastAPI) -> None:
    """The JSON API, the live socket and the pages, included in `app` once. A request that
    reaches the routes meanwhile matches the ones already there or waits in `RoutesOnFirstUse`."""
    with _ROUTES:
        if getattr(app.state, "routes_included", False):
            return
        from ecran.web import api, live, pages

        app.include_router(api.router)
        app.include_router(live.router)
        app.include_router(pages.router)  # its index repeats the one served first: unreached
        app.state.routes_included = True


class WarmUpAfterFirstAnswer:
    """A served app's outermost layer: once its first HTTP answer is sent, the warm-up begins
    (`start_warm_up`): the first answer does not share the interpreter with it, and the server
    is ready sooner than after the timer. Then it only passes requests on."""

    def __init__(self, app: ASGIApp, served: FastAPI) -> None:
        self.app = app
        self.served = served
        self.answered = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.answered or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.answered = True
            start_warm_up(self.served)


class RoutesOnFirstUse:
    """A served app's router default (what it does when no route matches): include the other
    routes, then route the request again; once they are in, Starlette's own 404."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.not_found = app.router.default

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if getattr(self.app.state, "routes_included", False):
            await self.not_found(scope, receive, send)
            return
        await run_in_threadpool(include_routes, self.app)
        await self.app.router.app(scope, receive, send)


def _app() -> FastAPI:
    """The app without its routes but `/healthz` and the static files."""
    app = FastAPI(
        lifespan=lifespan,
        title="ecran",
        summary="L'écran du MJ: rules, exact dice odds and a web table for five French RPGs",
        version="0.1.0",
        openapi_url="/api/openapi.json",
        docs_url=None,  # `swagger`: vendored Swagger UI, under the CSP
        redoc_url=None,
    )
    errors.install(app)
    from ecran.web.openapi import honest_openapi

    app.openapi = honest_openapi(app)  # type: ignore[method-assign]
    from ecran.web.sessions import Enter, KeepSessions, on_enter

    app.add_exception_handler(Enter, on_enter)
    from ecran.web.rates import Rates

    Rates.from_settings()  # a bad limit stops the server at once, in one line
    for path, check in (("/livez", livez), ("/readyz", readyz), ("/healthz", readyz)):
        app.add_api_route(path, check, methods=["GET", "HEAD"], include_in_schema=False)
    app.mount("/static", VersionedStaticFiles(directory=STATIC), name="static")
    from ecran.web import guide, swagger

    guide.install(app)  # /aide and /help: the built guide (make docs)
    swagger.install(app)  # /api/docs
    app.add_middleware(Language)
    app.add_middleware(KeepSessions)
    app.add_middleware(GZipOutsideTables, minimum_size=GZIP_MIN)
    app.add_middleware(HeadAsGet)
    # limits and security headers: outermost, so every refusal is cheap and carries the headers
    app.add_middleware(LimitsMiddleware)
    app.add_middleware(SecurityHeaders)
    redact_logs()
    quiet_refusals()
    return app


def create_app() -> FastAPI:
    """The whole app, every route included."""
    app = _app()
    include_routes(app)
    return app


def create_served_app() -> FastAPI:
    """The app `ecran serve` runs (each of its workers): `/healthz`, the first page and the
    static files at once; the other routes on first use or, with every system and the store, in
    the background once the first answer is sent or `WARM_UP_DELAY_S` after start-up."""
    from ecran.web.pages import index

    app = _app()
    app.include_router(index.router)
    app.router.default = RoutesOnFirstUse(app)
    schema = app.openapi

    def openapi() -> dict[str, Any]:  # `/api/openapi.json` is there from the start: all routes
        include_routes(app)
        return schema()

    app.openapi = openapi  # type: ignore[method-assign]
    app.state.warm_up_delay = WARM_UP_DELAY_S
    app.state.warm_up_started = False
    app.state.warmed = threading.Event()
    app.state.pool_ready = threading.Event()
    app.add_middleware(WarmUpAfterFirstAnswer, served=app)
    return app
