"""`/livez`, `/readyz` and `/healthz` (its alias) for the reverse proxy: 200 while the database
answers (writes succeed), Redis down said as "degraded" in a 200, 503 when the database does not
answer, and nothing secret in the answer."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.web.app import create_app
from ecran.web.live import bridge


def test_one_process_without_redis_is_healthy(app_client: TestClient) -> None:
    health = app_client.get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "database": "ok", "redis": "off"}


def test_a_worker_with_redis_says_so(app: FastAPI, redis_url: str) -> None:
    app.state.redis_url = redis_url
    with TestClient(app) as client:
        assert client.get("/healthz").json() == {"status": "ok", "database": "ok", "redis": "ok"}


def test_an_unreachable_redis_is_degraded_and_the_worker_still_starts_and_writes(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bridge, "SUBSCRIBE_WAIT_S", 0.2)
    app.state.redis_url = "redis://127.0.0.1:1/0"
    with TestClient(app) as client:
        for path in ("/healthz", "/readyz"):
            health = client.get(path)
            assert health.status_code == 200
            assert health.json() == {"status": "degraded", "database": "ok", "redis": "down"}
        assert client.get("/livez").json() == {"status": "ok"}
        assert client.get("/").status_code == 200  # its own pages and sockets still work
        made = client.post("/api/tables", json={"name": "Sans Redis", "system": "demo"})
        assert made.status_code == 201, made.text  # and writes succeed


def test_an_unreachable_database_is_a_503_without_its_address() -> None:
    made = create_app()
    made.state.database_url = "postgresql+psycopg://ecran:s3cret@127.0.0.1:1/ecran"
    with TestClient(made) as client:
        health = client.get("/healthz")
        assert client.get("/readyz").status_code == 503
        assert client.get("/livez").status_code == 200
    assert health.status_code == 503
    assert health.json() == {"status": "down", "database": "down", "redis": "off"}
    assert "s3cret" not in health.text and "127.0.0.1" not in health.text
