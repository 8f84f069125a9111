"""The FastAPI application: JSON API under /api, server-rendered pages, vendored static assets.

`create_app()` is what `ecran serve` runs: the JSON API (`api/`), the live WebSocket (`live/`)
and the pages (`pages/`); no rule lives in this package.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.staticfiles import StaticFiles

from ecran.web import api, errors, live, pages
from ecran.web.i18n import COOKIE, pick_lang
from ecran.web.limits import LimitsMiddleware
from ecran.web.security import SecurityHeaders, redact_logs

STATIC = Path(__file__).parent / "static"
ONE_YEAR = 365 * 24 * 3600


async def language(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """Decide the request's language once; remember an explicit `?lang=` in a cookie."""
    request.state.lang = pick_lang(request)
    response = await call_next(request)
    asked = request.query_params.get("lang")
    if asked is not None and asked == request.state.lang and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=ONE_YEAR, samesite="lax", httponly=True)
    return response


def create_app() -> FastAPI:
    app = FastAPI(
        title="ecran",
        summary="L'écran du MJ: rules, exact dice odds and a web table for five French RPGs",
        version="0.1.0",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    errors.install(app)
    app.middleware("http")(language)
    app.include_router(api.router)
    app.include_router(live.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # limits and security headers: outermost, so every refusal is cheap and carries the headers
    app.add_middleware(LimitsMiddleware)
    app.add_middleware(SecurityHeaders)
    redact_logs()
    return app
