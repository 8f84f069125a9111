"""The FastAPI application: JSON API under /api, server-rendered pages, vendored static assets.

`create_app()` is what `ecran serve` runs: the JSON API (`api/`), the live WebSocket (`live/`)
and the pages (`pages/`); no rule lives in this package. With `ECRAN_REDIS_URL` (or
`app.state.redis_url` set before start-up), the app's lifespan connects its hub to the other
workers through Redis (`live.bridge`). `/healthz` answers a reverse proxy's health checks.

Start-up (#16): nothing a first request does not need is imported here; the game systems load
on first use, one package per id. `ecran serve` builds its app with `create_served_app`, whose
lifespan also imports every system in a background thread a second after it starts
(`engine.warm_up`), so the first page listing them all rarely waits.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ecran.web import api, errors, live, pages
from ecran.web.deps import app_store
from ecran.web.i18n import COOKIE, pick_lang
from ecran.web.limits import (
    ASGIApp,
    LimitsMiddleware,
    Message,
    Receive,
    Scope,
    Send,
    quiet_refusals,
)
from ecran.web.security import SecurityHeaders, redact_logs

STATIC = Path(__file__).parent / "static"
ONE_YEAR = 365 * 24 * 3600
#: The environment variable of the Redis that several workers share (`live.bridge.ENV_REDIS`).
ENV_REDIS = "ECRAN_REDIS_URL"
#: How long after start-up `ecran serve` begins importing every system in the background (s).
WARM_UP_DELAY_S = 1.0
#: How long `/healthz` waits for the database's answer (seconds).
HEALTH_TIMEOUT_S = 3.0


class Language:
    """Decides each HTTP request's language once (`request.state.lang`); an explicit `?lang=`
    is remembered in a cookie. Plain ASGI: as an `@app.middleware("http")` function, every
    request (every roll's POST) ran inside a task group with memory streams."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
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


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Warm the systems when asked (`create_served_app`); join the other workers through Redis
    when there are (nothing to do without)."""
    delay = getattr(app.state, "warm_up_delay", None)
    if delay is not None:
        from ecran.engine.registry import warm_up

        # not at once: the thread holds the interpreter for every other import, and the first
        # answers (a proxy's /healthz, a page) should not share it
        asyncio.get_running_loop().call_later(delay, warm_up)
    url = getattr(app.state, "redis_url", None) or os.environ.get(ENV_REDIS)
    if not url:
        yield
        return
    from ecran.web.live.bridge import start_bridge  # redis is imported only when used

    bridge = await start_bridge(url, live.hub(app))
    app.state.bridge = bridge
    try:
        yield
    finally:
        await bridge.stop()


async def healthz(request: Request) -> JSONResponse:
    """For the reverse proxy: 200 when the database answers (and Redis, when configured), else
    503 naming what does not. Nothing secret: no URL, no error text."""
    app: FastAPI = request.app
    checks: dict[str, Any] = {"database": await _database_ok(app)}
    bridge = getattr(app.state, "bridge", None)
    checks["redis"] = "off" if bridge is None else ("ok" if await bridge.healthy() else "down")
    ok = checks["database"] == "ok" and checks["redis"] != "down"
    return JSONResponse({"status": "ok" if ok else "down", **checks}, 200 if ok else 503)


async def _database_ok(app: FastAPI) -> str:
    def ping() -> None:
        app_store(app).ping()

    try:
        await asyncio.wait_for(run_in_threadpool(ping), HEALTH_TIMEOUT_S)
    except Exception:
        return "down"
    return "ok"


def create_app() -> FastAPI:
    app = FastAPI(
        lifespan=lifespan,
        title="ecran",
        summary="L'écran du MJ: rules, exact dice odds and a web table for five French RPGs",
        version="0.1.0",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    errors.install(app)
    app.include_router(api.router)
    app.include_router(live.router)
    app.add_api_route("/healthz", healthz, methods=["GET"], include_in_schema=False)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Language)
    # limits and security headers: outermost, so every refusal is cheap and carries the headers
    app.add_middleware(LimitsMiddleware)
    app.add_middleware(SecurityHeaders)
    redact_logs()
    quiet_refusals()
    return app


def create_served_app() -> FastAPI:
    """The app `ecran serve` runs (each of its workers): `create_app`, whose lifespan also warms
    every system in the background a moment after the server starts (`WARM_UP_DELAY_S`)."""
    app = create_app()
    app.state.warm_up_delay = WARM_UP_DELAY_S
    return app
