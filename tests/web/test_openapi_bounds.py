"""Every integer a request can carry — path, query, body, however deep — has a lower and an
upper bound in the OpenAPI document, so an oversized number is a 422 naming the bound, never an
overflow in the database (500). The walk follows `$ref`s from every operation's parameters and
request body; answers are not inputs and are not walked."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field

from ecran.web.app import create_app
from ecran.web.limits import MAX_INT

Loc = list[str | int]


def _unbounded(node: Any, loc: Loc, schemas: dict[str, Any], seen: set[str]) -> list[str]:
    if isinstance(node, list):
        return [
            found
            for i, item in enumerate(node)
            for found in _unbounded(item, [*loc, i], schemas, seen)
        ]
    if not isinstance(node, dict):
        return []
    ref = node.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[1]
        if name in seen:
            return []
        seen.add(name)
        return _unbounded(schemas[name], [name], schemas, seen)
    found = []
    if node.get("type") == "integer" and "enum" not in node:  # an enum is its own bound
        low = "minimum" in node or "exclusiveMinimum" in node
        high = "maximum" in node or "exclusiveMaximum" in node
        if not (low and high):
            found.append("/".join(map(str, loc)))
    for key, value in node.items():
        found += _unbounded(value, [*loc, key], schemas, seen)
    return found


def unbounded_integers(document: dict[str, Any]) -> list[str]:
    """Where an operation's inputs hold an integer without both bounds."""
    schemas = document.get("components", {}).get("schemas", {})
    found: list[str] = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            seen: set[str] = set()
            for parameter in operation.get("parameters", []):
                loc: Loc = [method, path, parameter["name"]]
                found += _unbounded(parameter.get("schema"), loc, schemas, seen)
            body = operation.get("requestBody")
            found += _unbounded(body, [method, path, "body"], schemas, seen)
    return sorted(set(found))


def test_every_integer_of_every_request_is_bounded() -> None:
    assert unbounded_integers(create_app().openapi()) == []


class Inner(BaseModel):
    count: int


class Body(BaseModel):
    inner: list[Inner]
    fine: int = Field(0, ge=0, le=9)


def test_the_walk_finds_an_unbounded_integer_in_a_query_or_nested_in_a_body() -> None:
    app = FastAPI()

    @app.post("/x")
    def x(body: Body, n: int | None = Query(None), m: int = Query(0, ge=0, le=MAX_INT)) -> None:
        return None

    found = unbounded_integers(app.openapi())
    assert found == ["Inner/properties/count", "post//x/n/anyOf/0"]


def test_a_typed_number_beyond_its_bound_is_422_in_one_line(app_client: TestClient) -> None:
    answer = app_client.get("/api/dice", params={"expr": "1d6", "seed": str(2**64)})
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith("Graine : doit être ≤ ")
    assert app_client.get("/api/dice", params={"expr": "1d6", "depth": "-1"}).status_code == 422
