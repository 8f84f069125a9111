"""Bad input becomes HTTP 4xx with one line in the request's language; never a 500.

The JSON API answers `{"detail": "<one line>"}`. A page answers the same line in an error box:
a whole page with the real status, or, to an htmx request, the fragment with 422 (the status htmx
swaps in place, see `base.html`). This is the one handler: routes raise, they do not catch.

A page that does not exist is a 404 page in the site's layout, in the visitor's language (JSON
under `/api`): an address no route answers, and a system, check or operation named by the address
that the rules do not know (the same name sent in a form or body stays a 422).

Live play's refusals keep their meaning: `Unauthorized` (no token) 401, `Forbidden` 403,
`NotFound` 404, `Conflict` 409 (the JSON adds both versions, so nothing is lost), `SheetRefused`
422 (the JSON adds the violations), the work budget's `Busy` 429 with `Retry-After`; every other
`EcranError` 422.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, get_args

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from ecran.engine.budget import Busy
from ecran.play.errors import Conflict, Forbidden, NotFound, SheetRefused, TooLarge
from ecran.rules import EcranError, Text, UnknownName, from_errors
from ecran.rules.errors import json_reason
from ecran.rules.field import field_labels
from ecran.web.i18n import N_, gettext, request_lang
from ecran.web.render import render
from ecran.web.text import shown

log = logging.getLogger(__name__)

# Where FastAPI found the bad value; the user only needs the field's own name.
_LOCATIONS = {"body", "query", "path", "header", "cookie"}


class Unauthorized(EcranError):
    """A table route called without a member's token."""


class Unsupported(EcranError):
    """A body or a file of a type the route does not take (415)."""


class Repeated(EcranError):
    """A request repeating an `Idempotency-Key` whose first answer cannot be given (409); with
    `retry_after` while the first is under way."""

    def __init__(self, text: Text, retry_after: int | None = None) -> None:
        super().__init__(text)
        self.retry_after = retry_after


def one_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


def request_error(
    errors: Sequence[Any],
    body: type[BaseModel] | None = None,
    words: Mapping[str, Text] | None = None,
) -> EcranError:
    """FastAPI's request validation errors said the way `from_validation` says a check's: with
    the route's `body` model, each place in the words it declares (`rules.places`); without
    one, by the `words` its query parameters declare (`_query_words`)."""
    for error in errors:
        if error.get("type") == "json_invalid":
            return _invalid_body(error)
    cleaned = []
    for error in errors:
        loc = tuple(error.get("loc", ()))
        if loc and loc[0] in _LOCATIONS:  # the whole body's refusal names no field
            loc = loc[1:]
        cleaned.append({**error, "loc": loc, "msg": error.get("msg", error["type"])})
    labels = field_labels(body) if body is not None else words
    return from_errors(cleaned, labels, typed=True)  # else the body's keys as written


def _invalid_body(error: Any) -> EcranError:
    """A body that is not JSON: where (FastAPI gives the character's offset) and why, in words."""
    reason = json_reason(str((error.get("ctx") or {}).get("error", "")))
    loc = tuple(error.get("loc", ()))
    at = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    where_fr = f", caractère {at + 1}" if at is not None else ""
    where_en = f", character {at + 1}" if at is not None else ""
    return EcranError(
        Text(
            fr=f"le corps de la requête n'est pas du JSON valide{where_fr} : {reason.fr}",
            en=f"the request body is not valid JSON{where_en}: {reason.en}",
        )
    )


def _answer(
    request: Request, status: int, message: str, extra: dict[str, Any] | None = None
) -> Response:
    message = shown(message)  # a refusal may quote what was sent: nothing unsendable back
    if request.url.path.startswith("/api"):
        return JSONResponse({"detail": message, **(extra or {})}, status_code=status)
    lang = request_lang(request)
    if is_htmx(request):
        return render(request, "_error.html", {"message": message}, status_code=422, lang=lang)
    context = {
        "message": message,
        "status": status,
        "title": gettext(lang, _TITLES.get(status, N_("Error"))),
        "back": table_back(request),
    }
    return render(request, "error.html", context, status_code=status, lang=lang)


# The error page's heading by status; any other status is an "Error".
_TITLES = {404: N_("Page not found"), 401: N_("Not allowed"), 403: N_("Not allowed")}


#: Where `deps.page_seat` leaves the way back to the table of the member it seated.
TABLE_BACK = "table_back"


def table_back(request: Request) -> str | None:
    """Where an error page inside a table leads: back to that table with the member's own
    token, so a refused step never loses the seat; the link `deps.page_seat` left on the
    request once it seated the member (no authentication here). None outside a table, or when
    no member was seated (a bad link stays a dead end rather than a way to probe tokens)."""
    back = getattr(request.state, TABLE_BACK, None)
    return back if isinstance(back, str) else None


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def status_of(exc: EcranError, request: Request | None = None) -> int:
    if isinstance(exc, UnknownName) and request is not None and _named_by_path(request, exc.name):
        return 404
    for kind, status in _STATUS:
        if isinstance(exc, kind):
            return status
    return 422


def _named_by_path(request: Request, name: str) -> bool:
    """Whether the unknown name is one of the address's own parts (`/systems/<name>/...`)."""
    return name in request.path_params.values()


_STATUS: tuple[tuple[type[EcranError], int], ...] = (
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
    (Repeated, 409),
    (Busy, 429),
    (TooLarge, 413),
    (Unsupported, 415),
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
                {
                    **v.model_dump(mode="json"),
                    "line": v.line(lang, exc.labels),
                    "reference": v.reference(),
                }
                for v in exc.violations
            ]
        }
    return {}


def refusal(request: Request, exc: EcranError) -> Response:
    """The answer to a refused request (also for a route that shows a refusal its own way
    only in some cases)."""
    lang = request_lang(request)
    status = status_of(exc, request)
    # a client of the API typed ids: an unknown one is answered with the ids it may type
    typed = request.url.path.startswith("/api") and isinstance(exc, UnknownName)
    said = exc.command_line(lang) if typed else exc.message(lang)
    response = _answer(request, status, one_line(said), error_extra(exc, lang))
    if isinstance(exc, Repeated) and exc.retry_after is not None:
        response.headers["Retry-After"] = str(exc.retry_after)
    if isinstance(exc, Busy):
        response.headers["Retry-After"] = str(exc.retry_after)
        if _is_page_visit(request):  # the page says "try again in N s": the browser does
            response.headers["Refresh"] = str(exc.retry_after)
    return response


def _is_page_visit(request: Request) -> bool:
    """A page the reader asked for in the address bar or a new tab (a sheet's PDF): not the
    API, not a fragment htmx swaps in, not a form sent (reloading would send it again)."""
    api = request.url.path.startswith("/api")
    return request.method == "GET" and not api and not is_htmx(request)


async def on_ecran_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, EcranError)
    # in a thread: rendering a page is no work for the event loop
    return await run_in_threadpool(refusal, request, exc)


def body_labels(request: Request) -> Mapping[str, Text] | None:
    """The words of the fields of the body the request's route reads (None: no model)."""
    model = _body_model(request)
    return field_labels(model) if model is not None else None


def _body_model(request: Request) -> type[BaseModel] | None:
    """The model of the body the request's route reads (`edge.CheckedRoute` keeps the route)."""
    field = getattr(getattr(request.state, "route", None), "body_field", None)
    found = getattr(getattr(field, "field_info", None), "annotation", None)
    # an optional body (`RollRequest | None`) is its model
    models = [a for a in (found, *get_args(found)) if isinstance(a, type)]
    return next((a for a in models if issubclass(a, BaseModel)), None)


def _query_words(request: Request) -> dict[str, Text] | None:
    """The words the route's query parameters declare (`x-label`: `/api/roll`'s `seed`)."""
    dependant = getattr(getattr(request.state, "route", None), "dependant", None)
    words = {}
    for param in getattr(dependant, "query_params", ()):
        extra = getattr(param.field_info, "json_schema_extra", None)
        label = extra.get("x-label") if isinstance(extra, dict) else None
        if isinstance(label, dict):
            words[param.name] = Text.model_validate(label)
    return words or None


async def on_request_validation(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    body = _body_model(request)
    words = _query_words(request) if body is None else None
    error = request_error(exc.errors(), body, words)
    message = one_line(error.message(request_lang(request)))
    return await run_in_threadpool(_answer, request, 422, message)


# What Starlette's own refusals (no route, wrong method...) say, in the visitor's language.
_HTTP_MESSAGES = {
    404: N_("This page does not exist."),
    405: N_("This address does not accept this kind of request."),
}


_UNREADABLE_BODY = "There was an error parsing the body"
_TOO_DEEP = N_("The request body is nested too deeply (JSON of over a thousand levels).")


async def on_http_error(request: Request, exc: Exception) -> Response:
    """Starlette's refusals (an address no route answers, a wrong method) said like ours:
    JSON under `/api`, else a page in the site's layout, in the visitor's language."""
    assert isinstance(exc, HTTPException)
    lang = request_lang(request)
    known = _HTTP_MESSAGES.get(exc.status_code)
    if exc.status_code == 400 and exc.detail == _UNREADABLE_BODY:  # FastAPI's json.loads failed
        deep = isinstance(exc.__cause__, RecursionError)
        known = _TOO_DEEP if deep else N_("The request body could not be read.")
    if known is not None:
        message = gettext(lang, known)
    else:
        message = gettext(lang, N_("Request refused (HTTP %(status)s).")) % {
            "status": exc.status_code
        }
    response = await run_in_threadpool(_answer, request, exc.status_code, message)
    if exc.status_code == 405:
        response.headers["Allow"] = ", ".join(allowed_methods(request))
    for key, value in (exc.headers or {}).items():
        response.headers.setdefault(key, value)
    return response


def allowed_methods(request: Request) -> list[str]:
    """The methods the request's address answers: every route of the path the router matched
    first (Starlette's 405 names only that route's own methods; a path with a GET and a POST
    route said `Allow: POST` to a PUT). `HEAD` wherever `GET` is (`app.HeadAsGet`)."""
    path = request.scope.get("path", "")
    leaves = list(_leaves(request.app.router.routes))
    first = next((template for template, regex, _ in leaves if regex.match(path)), None)
    methods = {m for template, _, found in leaves if template == first for m in found}
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


def _leaves(routes: Sequence[Any]) -> Iterator[tuple[str, re.Pattern[str], set[str]]]:
    """Every route, those of included routers too, in the router's order: its path template,
    its pattern, its methods."""
    for route in routes:
        contexts = getattr(route, "effective_route_contexts", None)
        inner = contexts() if callable(contexts) else contexts
        for leaf in inner if inner is not None else [route]:
            regex = getattr(leaf, "path_regex", None)
            if regex is not None:
                yield str(leaf.path), regex, set(getattr(leaf, "methods", None) or ())


async def on_unexpected(request: Request, exc: Exception) -> Response:
    """A bug of ours: logged with its trace, one line for the user."""
    log.exception("internal error on %s", request.url.path, exc_info=exc)
    lang = request_lang(request)
    message = gettext(lang, N_("Internal error")) + f" ({type(exc).__name__})"
    return await run_in_threadpool(_answer, request, 500, message)


def install(app: FastAPI) -> None:
    app.add_exception_handler(EcranError, on_ecran_error)
    app.add_exception_handler(RequestValidationError, on_request_validation)
    app.add_exception_handler(HTTPException, on_http_error)
    app.add_exception_handler(Exception, on_unexpected)
