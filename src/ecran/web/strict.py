"""What the OpenAPI document says is what the API reads (#28 item 7), at the edge
(`ecran.web.edge.CheckedRoute`), for every documented operation:

- A JSON body is validated strictly, as JSON, before FastAPI reads it: pydantic's lax mode took
  `true` for the integer 1, `1` for yes and `"5"` for a number, which the document refuses.
  Strict JSON validation still reads what JSON can only write as a string (a date, an
  enumeration's value). A refusal is FastAPI's own (`RequestValidationError`), so it is said
  the same way (`ecran.web.errors.request_error`).
- A query parameter the operation does not document is refused (422 naming it), but `lang`
  (every operation's, documented by `ecran.web.openapi`) and `token` (a member's token in the
  address, read by scripts of before). A route that takes free parameters (a check's, in the
  query) says so with `free_query`.

The edge finds these before the handler (`Reader.found`: the body is read there), and the
refusal waits (`PENDING`) until FastAPI's own checks passed (`after_checks` wraps every
endpoint): a request without its token is 401 whatever its body, as the document says.

Routes that read their body themselves (the board's, JSON or a form with an image) validate it
the same way with `ecran.web.api.board.checked`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar, cast

from fastapi import Request, params
from fastapi.dependencies.utils import get_flat_params
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError

#: Query parameters every operation takes without naming them.
EVERYWHERE = frozenset({"lang", "token"})

F = TypeVar("F", bound=Callable[..., Any])

#: The refusal `Reader.found` found for this request, raised by the endpoint (`after_checks`).
PENDING: ContextVar[RequestValidationError | None] = ContextVar("ecran_strict", default=None)


def after_checks(endpoint: F) -> F:
    """The endpoint, refusing first what the edge found (`PENDING`): FastAPI calls it once the
    caller's token, the path and the body (as FastAPI reads it) passed."""
    if inspect.iscoroutinefunction(endpoint):

        @functools.wraps(endpoint)
        async def later(*args: Any, **kwargs: Any) -> Any:
            _refuse_pending()
            return await endpoint(*args, **kwargs)

        return cast(F, later)

    @functools.wraps(endpoint)
    def now(*args: Any, **kwargs: Any) -> Any:
        _refuse_pending()
        return endpoint(*args, **kwargs)

    return cast(F, now)


def _refuse_pending() -> None:
    found = PENDING.get()
    if found is not None:
        raise found


def free_query(endpoint: F) -> F:
    """Marks an endpoint that reads query parameters it does not name (a check's)."""
    endpoint.ecran_free_query = True  # type: ignore[attr-defined]
    return endpoint


class Reader:
    """One documented route's strict reading of its query and JSON body."""

    def __init__(self, route: APIRoute) -> None:
        flat = get_flat_params(route.dependant)
        named = frozenset(str(p.alias) for p in flat if isinstance(p.field_info, params.Query))
        free = getattr(route.endpoint, "ecran_free_query", False)
        self.query: frozenset[str] | None = None if free else named | EVERYWHERE
        self.body: TypeAdapter[Any] | None = None
        field = route.body_field
        if field is not None and not _is_form(route):
            # the type alone: its bounds beside it (`Body(max_length=…)`) are FastAPI's to check
            self.body = TypeAdapter(cast(Any, field.field_info.annotation))

    async def found(self, request: Request) -> RequestValidationError | None:
        """FastAPI's refusal of an unnamed query parameter or a lax JSON body, if any."""
        if self.query is not None:
            unknown = [k for k in request.query_params if k not in self.query]
            if unknown:
                return RequestValidationError([_unknown(unknown[0])])
        if self.body is not None and _is_json(request):
            raw = await request.body()
            if raw:
                return self._strict(raw)
        return None

    def _strict(self, raw: bytes) -> RequestValidationError | None:
        assert self.body is not None
        try:
            self.body.validate_json(raw, strict=True)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            if any(e["type"] == "json_invalid" for e in errors):
                return None  # FastAPI says where and why
            return RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in errors])
        return None


def _unknown(name: str) -> dict[str, Any]:
    return {
        "type": "extra_forbidden",
        "loc": ("query", name),
        "msg": "Extra inputs are not permitted",
        "input": name,
    }


def _is_form(route: APIRoute) -> bool:
    field = route.body_field
    return field is not None and isinstance(field.field_info, params.Form)


def _is_json(request: Request) -> bool:
    """FastAPI reads a body as JSON when its type says JSON, or says nothing."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return kind == "" or kind == "application/json" or kind.endswith("+json")
