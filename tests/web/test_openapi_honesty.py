"""#28 item 7: the OpenAPI document says what the API answers — one refusal shape, every refusal
status listed, integer bounds exact, a wrong token 401, a 405 listing every method of the address
(schemathesis's full run is `test_limits_fuzz.py`)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ecran.web.limits import MAX_INT
from ecran.web.openapi import REF
from web.tables.tables_support import Table


def test_every_refusal_has_the_one_shape_and_is_listed(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert "HTTPValidationError" not in document["components"]["schemas"]
    roll = document["paths"]["/api/tables/{table_id}/rolls"]["post"]["responses"]
    assert {"400", "401", "403", "404", "409", "413", "415", "422", "429"} <= set(roll)
    assert roll["422"]["content"]["application/json"]["schema"] == {"$ref": REF}
    refused = client.get("/api/dice", params={"expr": "1d6", "depth": "-1"})
    assert refused.status_code == 422 and set(refused.json()) == {"detail"}


def test_integer_bounds_stay_integers(client: TestClient) -> None:
    text = client.get("/api/openapi.json").text
    assert "e+18" not in text and str(MAX_INT) in text


def test_a_wrong_token_is_401_and_a_405_lists_every_method(
    app_client: TestClient, table: Table
) -> None:
    wrong = app_client.get(f"/api/tables/{table.id}", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    refused = app_client.put("/api/odds/toy/test")
    assert refused.status_code == 405
    assert refused.headers["allow"] == "GET, HEAD, POST"
