"""The OpenAPI document says what the API answers: every refusal an operation can give is listed
with its status, and every refusal has one shape, `Refusal` (`{"detail": "<one line>"}`, plus a
conflict's versions or a sheet's violations), the shape `ecran.web.errors` and the limits'
middleware write. FastAPI's own `HTTPValidationError` (an array) is never answered: it leaves
the document.

Which refusals an operation can give follows from what it is (`refusals`): any request may be
refused as malformed (422) or as one costly computation too many (429, `Retry-After`); a body
may be unreadable (400), too large (413) or of another type (415); a name or id in the address
may be unknown (404); a table's routes need a member's token (401) with the right role (403)
and may meet a newer version (409); a write is counted against the write limits (429), may
repeat an `Idempotency-Key` (409) or take a table's events over their room (413).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field

from ecran.web.limits import MAX_INT

REF = "#/components/schemas/Refusal"

_WRITES = {"post", "put", "patch", "delete"}

_DESCRIPTIONS = {
    400: "The body could not be read (not JSON, nested too deeply).",
    401: "No member's token, or one this table does not know.",
    403: "The member's role may not do this.",
    404: "A name or id of the address is unknown.",
    409: "A newer version exists, or the Idempotency-Key's first request is under way.",
    413: "The body is too large, or the table's events would take more than their room.",
    415: "The body or file is of a type this operation does not take.",
    422: "The request is refused: one line saying why.",
    429: "Too many requests, or one costly computation at a time: see Retry-After.",
}


class Refusal(BaseModel):
    """Every refusal's body: one line in the request's language, and what a client needs beside
    it (a conflict's two versions, a refused sheet's violations)."""

    model_config = ConfigDict(extra="allow", title="Refusal")

    detail: str = Field(description="why, in one line")


def refusals(path: str, method: str, operation: dict[str, Any]) -> set[int]:
    """The refusal statuses an operation can answer."""
    found = {422, 429}
    if "requestBody" in operation:
        found |= {400, 413, 415}
    if "{" in path:
        found.add(404)
    if path.startswith("/api/tables/") and "{" in path:
        found |= {401, 403, 409}
    if method in _WRITES:
        found |= {409, 413}  # a repeated Idempotency-Key; a table over its room for events
    return found


def exact_integers(node: Any) -> None:
    """An integer's bounds written as integers. FastAPI's document model keeps every bound as a
    float, so `2**63 - 1` became `9.223372036854776e18` (2**63, past the database's BIGINT, and
    a generator takes it for a valid value); every bound that large is the BIGINT's own."""
    if isinstance(node, list):
        for item in node:
            exact_integers(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "integer":
        for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            bound = node.get(key)
            if isinstance(bound, float) and bound.is_integer():
                node[key] = max(-MAX_INT, min(MAX_INT, int(bound)))
    for value in node.values():
        exact_integers(value)


#: Every operation's `lang` (`ecran.web.strict.EVERYWHERE`): the answer's language; one the
#: server does not speak is passed over for `Accept-Language`, then the server's.
LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "the answer's language: fr or en (else Accept-Language, else the server's)",
    "schema": {"type": "string"},
}


def _with_lang(operation: dict[str, Any]) -> None:
    parameters = operation.setdefault("parameters", [])
    if not any(p.get("in") == "query" and p.get("name") == "lang" for p in parameters):
        parameters.append(LANG)


def _patched(document: dict[str, Any]) -> dict[str, Any]:
    exact_integers(document)
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    schemas["Refusal"] = Refusal.model_json_schema()
    refused = {"application/json": {"schema": {"$ref": REF}}}
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            _with_lang(operation)
            responses = operation.setdefault("responses", {})
            for status in sorted(refusals(path, method, operation)):
                responses[str(status)] = {
                    "description": _DESCRIPTIONS[status],
                    "content": refused,
                }
    return document


def honest_openapi(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """`app.openapi`: FastAPI's document with every refusal listed in the one shape."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _patched(FastAPI.openapi(app))
        return app.openapi_schema

    return openapi
