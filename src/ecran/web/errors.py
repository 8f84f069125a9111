"""Bad input becomes HTTP 4xx with one line in the request's language; never a 500.

The JSON API answers `{"detail": "<one line>"}`. A page answers the same line in an error box:
a whole page with the real status, or, to an htmx request, the fragment with 422 (the status htmx
swaps in place, see `base.html`). This is the one handler: routes raise, they do not catch.

Live play's refusals keep their meaning: `Unauthorized` (no token) 401, `Forbidden` 403,
`NotFound` 404, `Conflict` 409 (the JSON adds both versions, so nothing is lost), `SheetRefused`
422 (the JSON adds the violations); every other `EcranError` 422.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from ecran.play.errors import Conflict, Forbidden, NotFound, SheetRefused
from ecran.rules import EcranError, Text, from_errors
from ecran.web.i18n import N_, gettext, request_lang
from ecran.web.render import render

log = logging.getLogger(__name__)

# Where FastAPI found the bad value; the user only needs the field's own name.
_LOCATIONS = {"body", "query", "path", "header", "cookie"}


class Unauthorized(EcranError):
    """A table route called without a member's token."""


def one_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


def request_error(errors: Sequence[Any]) -> EcranError:
    """FastAPI's request validation errors said the way `from_validation` says a check's."""
    for error in errors:
        if error.get("type") == "json_invalid":
            reason = (error.get("ctx") or {}).get("error", "")
            return EcranError(
                Text(fr=f"corps JSON invalide : {reason}", en=f"invalid JSON body: {reason}")
            )
    cleaned = []
    for error in errors:
        loc = tuple(error.get("loc", ()))
        if len(loc) > 1 and loc[0] in _LOCATIONS:
            loc = loc[1:]
        cleaned.append({**error, "loc": loc, "msg": error.get("msg", error["type"])})
    return from_errors(cleaned)


def _answer(
    request: Request, status: int, message: str, extra: dict[str, Any] | None = None
) -> Response:
    if request.url.path.startswith("/api"):
        return JSONResponse({"detail": message, **(extra or {})}, status_code=status)
    lang = request_lang(request)
    if is_htmx(request):
        return render(request, "_error.html", {"message": message}, status_code=422, lang=lang)
    context = {"message": message, "back": table_back(request, lang)}
    return render(request, "error.html", context, status_code=status, lang=lang)


_TABLE_PATH = re.compile(r"^/tables/([^/]+)/?")


def table_back(request: Request, lang: str) -> str | None:
    """Where an error page inside a table leads: back to that table with the member's own
    token, so a refused step never loses the seat. None outside a table, or when the request
    carries no token that seats a member at this table (a bad link stays a dead end rather
    than a way to probe tokens)."""
    found = _TABLE_PATH.match(request.url.path)
    if found is None:
        return None
    from ecran.web import deps  # deps imports this module's Unauthorized

    form = getattr(request, "_form", None)  # the form Starlette already read, if any
    token = deps.token_in(request.headers, request.query_params, form)
    if token is None:
        return None
    try:
        access = deps.authenticate(deps.app_store(request.app), token, found.group(1))
    except Exception:
        return None
    return deps.table_url(access.table_id, token, lang=lang)


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def status_of(exc: EcranError) -> int:
    for kind, status in _STATUS:
        if isinstance(exc, kind):
            return status
    return 422


_STATUS: tuple[tuple[type[EcranError], int], ...] = (
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
)


def error_extra(exc: EcranError, lang: str) -> dict[str, Any]:
    """What a client needs beside the line: both versions of a conflict, a refusal's rules."""
    if isinstance(exc, Conflict):
        return {
            "current_version": exc.current_version,
            "attempted_version": exc.attempted_version,
            "current": exc.current,
            "attempted": exc.attempted,
        }
    if isinstance(exc, SheetRefused):
        return {
            "violations": [
                {**v.model_dump(mode="json"), "line": v.line(lang)} for v in exc.violations
            ]
        }
    return {}


def refusal(request: Request, exc: EcranError) -> Response:
    """The answer to a refused request (also for a route that shows a refusal its own way
    only in some cases)."""
    lang = request_lang(request)
    return _answer(request, status_of(exc), one_line(exc.message(lang)), error_extra(exc, lang))


async def on_ecran_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, EcranError)
    # in a thread: the page's way back to the table reads the store (no blocking on the loop)
    return await run_in_threadpool(refusal, request, exc)


async def on_request_validation(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    error = request_error(exc.errors())
    message = one_line(error.message(request_lang(request)))
    return await run_in_threadpool(_answer, request, 422, message)


async def on_unexpected(request: Request, exc: Exception) -> Response:
    """A bug of ours: logged with its trace, one line for the user."""
    log.exception("internal error on %s", request.url.path, exc_info=exc)
    lang = request_lang(request)
    message = gettext(lang, N_("Internal error")) + f" ({type(exc).__name__})"
    return await run_in_threadpool(_answer, request, 500, message)


def install(app: FastAPI) -> None:
    app.add_exception_handler(EcranError, on_ecran_error)
    app.add_exception_handler(RequestValidationError, on_request_validation)
    app.add_exception_handler(Exception, on_unexpected)
