"""#28 item 7 (part): HEAD wherever GET is, gzip for text answers but a table's, errors in the
language the request asks for, else the server's (`ECRAN_LANG`)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ecran.web.app import create_app


def test_head_answers_where_get_does_without_a_body(client: TestClient) -> None:
    for path in ("/", "/livez", "/api/systems", "/static/htmx.min.js"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b""
        assert head.headers["content-type"] == got.headers["content-type"]


def test_text_is_gzipped_but_a_tables_answers_are_not(client: TestClient) -> None:
    zipped = client.get("/static/htmx.min.js", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert int(zipped.headers["content-length"]) < 52_000 / 2
    assert zipped.text.startswith(("(function", "var htmx", "!function")) or "htmx" in zipped.text
    made = client.post("/api/tables", json={"name": "Jeudi", "system": "demo"}).json()
    page = client.get(f"/tables/{made['table']['id']}?token={made['gm_token']}")
    assert page.status_code == 200 and "content-encoding" not in page.headers


def test_errors_follow_accept_language_then_the_servers_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with TestClient(create_app()) as client:
        fr = client.get("/api/systems/nope")
        en = client.get("/api/systems/nope", headers={"Accept-Language": "en-GB"})
    assert fr.json()["detail"].startswith("système inconnu")
    assert en.json()["detail"].startswith("unknown system")
    monkeypatch.setenv("ECRAN_LANG", "en")
    with TestClient(create_app()) as client:
        default = client.get("/api/systems/nope")
        asked = client.get("/api/systems/nope", headers={"Accept-Language": "fr"})
    assert default.json()["detail"].startswith("unknown system")
    assert asked.json()["detail"].startswith("système inconnu")
