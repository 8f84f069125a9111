"""Limits a request cannot pass: body size (413, read no further), WebSocket message size (1009),
the odds endpoints' rate limit (429 + Retry-After), the work budget of exact computations (422
"trop coûteux", computed in a worker process), and integers beyond a BIGINT (422, never 500)."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ecran.engine.budget import WorkBudget
from ecran.engine.cache import DISTRIBUTIONS
from ecran.web.app import create_app
from ecran.web.limits import MAX_INT, Limits, LimitsMiddleware, TokenBuckets, shared_budget
from toy import registered

COSTLY = "500d6"
"""Exact odds costing a good fraction of a CPU-second: far above the tests' tiny budget."""


def _app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path, **env: str) -> FastAPI:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    made = create_app()
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    made.state.database_url = f"sqlite:///{database}"
    return made


@pytest.fixture
def small(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path
) -> Iterator[TestClient]:
    """The app with small limits: 2 KB bodies, 200-byte messages, 3 odds requests in a burst."""
    app = _app(
        monkeypatch,
        tmp_path,
        migrated_db,
        ECRAN_MAX_BODY="2000",
        ECRAN_MAX_WS_MESSAGE="200",
        ECRAN_RATE_BURST="3",
        ECRAN_RATE="0.001",
        ECRAN_WORK_BUDGET="0.001",
    )
    with registered(), TestClient(app) as client:
        yield client


# -- request bodies ----------------------------------------------------------------------------


def test_a_declared_oversized_body_is_refused_413_in_french(small: TestClient) -> None:
    answer = small.post("/api/tables", content=b"{" + b" " * 5000 + b"}")
    assert answer.status_code == 413
    assert answer.json()["detail"] == "corps de requête trop gros : au plus 2\u202f000 octets"


def test_a_body_within_the_limit_goes_through(small: TestClient) -> None:
    answer = small.post("/api/tables", json={"name": "Jeudi", "system": "toy"})
    assert answer.status_code == 201


def test_a_streamed_body_is_read_no_further_than_the_limit() -> None:
    """No Content-Length: the middleware counts the chunks as they arrive and stops reading."""
    reads = 0

    async def receive() -> dict[str, Any]:
        nonlocal reads
        reads += 1
        return {"type": "http.request", "body": b"x" * 1000, "more_body": True}

    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    app = LimitsMiddleware(create_app(), Limits(max_body=4000))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "root_path": "",
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["type"] == "http.response.start"
    assert sent[0]["status"] == 413, sent
    assert reads == 5  # 5 KB seen over a 4 KB limit: the 6th chunk was never asked for


# -- WebSocket messages ------------------------------------------------------------------------


def test_an_oversized_websocket_message_closes_the_socket_with_1009(small: TestClient) -> None:
    made = small.post("/api/tables", json={"name": "Jeudi", "system": "toy"}).json()
    url = f"/ws/tables/{made['table']['id']}?token={made['gm_token']}"
    with small.websocket_connect(url) as socket:
        socket.send_text("x" * 201)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
    assert closed.value.code == 1009


# -- the rate limit ------------------------------------------------------------------------------


def test_the_dice_endpoint_answers_429_with_retry_after_once_the_burst_is_spent(
    small: TestClient,
) -> None:
    answers = [small.get("/api/dice", params={"expr": "2d6", "seed": 1}) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.json()["detail"].startswith("trop de demandes de dés ou de probabilités")
    # other endpoints take no token
    assert small.get("/api/systems").status_code == 200


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    buckets = TokenBuckets(rate=0.5, burst=2, clock=lambda: now[0])
    assert [buckets.take("a"), buckets.take("a")] == [0, 0]
    assert buckets.take("a") == pytest.approx(2.0)  # one token takes 2 s at 0.5/s
    assert buckets.take("b") == 0  # another client has its own bucket
    now[0] = 2.0
    assert buckets.take("a") == 0
    assert buckets.take("a") > 0


# -- the work budget -----------------------------------------------------------------------------


def test_costly_odds_are_refused_422_naming_the_limit(small: TestClient) -> None:
    budget = shared_budget(0.001, 1)
    refused_before = budget.accounting.refused
    answer = small.get("/api/dice", params={"expr": COSTLY, "odds": "true"})
    assert answer.status_code == 422
    assert answer.json()["detail"] == (
        "calcul exact trop coûteux : au-delà de la limite de 0,001 s de calcul"
    )
    assert budget.accounting.refused == refused_before + 1
    # asked again, the refusal is remembered: no second computation
    again = small.get("/api/dice", params={"expr": COSTLY, "odds": "true", "lang": "en"})
    assert again.status_code == 422
    assert budget.accounting.refused == refused_before + 1


def test_a_checks_odds_are_computed_in_a_worker_process_within_the_budget(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path
) -> None:
    app = _app(monkeypatch, tmp_path, migrated_db, ECRAN_WORK_BUDGET="5")
    budget = shared_budget(5.0, 1)
    DISTRIBUTIONS.clear()
    computed = budget.accounting.computed
    with TestClient(app) as client:
        answer = client.get("/api/odds/artemis/test", params={"skill": 5, "difficulty": 7})
    assert answer.status_code == 200
    assert budget.accounting.computed == computed + 1
    assert len(DISTRIBUTIONS) == 1  # the worker's result is cached here, in the server


def test_the_worker_is_another_process() -> None:
    budget = WorkBudget(5.0)
    try:
        assert budget.run(os.getpid) != os.getpid()
    finally:
        budget.close()


def test_a_computation_over_its_cpu_limit_is_stopped_by_its_worker() -> None:
    budget = WorkBudget(0.001)
    try:
        from ecran.dice.notation.report import odds_report
        from ecran.engine.budget import TooCostly

        with pytest.raises(TooCostly):
            budget.run(odds_report, COSTLY, 20)
        assert budget.accounting.refused == 1
        assert budget.accounting.killed == 0  # the worker noticed its own limit, and lives on
        assert budget.run(sum, [1, 2, 3]) == 6
    finally:
        budget.close()


def test_a_notation_error_in_a_worker_is_one_line_not_a_500(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path
) -> None:
    # a budget the error's work cannot outlast: under `small`'s 1 ms of CPU, the worker's
    # parse outlasted it on a loaded machine and was refused as too costly (« calcul exact
    # trop coûteux »), not as the notation error this test is about
    app = _app(monkeypatch, tmp_path, migrated_db, ECRAN_WORK_BUDGET="5")
    with registered(), TestClient(app) as client:
        answer = client.get("/api/dice", params={"expr": "3d0", "odds": "true"})
    assert answer.status_code == 422
    assert "faces" in answer.json()["detail"]


# -- integers beyond a BIGINT ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("events", {"after": str(2**63)}),
        ("log", {"before": str(2**63)}),
        (f"events/{2**63}", {}),
        (f"events/{10**40}", {}),
    ],
)
def test_integers_beyond_a_bigint_are_422_never_500(
    small: TestClient, path: str, query: dict[str, str]
) -> None:
    made = small.post("/api/tables", json={"name": "Jeudi", "system": "toy"}).json()
    answer = small.get(
        f"/api/tables/{made['table']['id']}/{path}",
        params={**query, "token": made["gm_token"]},
    )
    assert answer.status_code == 422, answer.text


def test_the_largest_bigint_is_an_ordinary_sequence_number(small: TestClient) -> None:
    made = small.post("/api/tables", json={"name": "Jeudi", "system": "toy"}).json()
    base = f"/api/tables/{made['table']['id']}"
    token = {"token": made["gm_token"]}
    assert small.get(f"{base}/events", params={"after": MAX_INT, **token}).json() == []
    assert small.get(f"{base}/events/{MAX_INT}", params=token).status_code == 404


def test_a_websocket_resuming_beyond_a_bigint_gets_one_line_and_4422(small: TestClient) -> None:
    made = small.post("/api/tables", json={"name": "Jeudi", "system": "toy"}).json()
    url = f"/ws/tables/{made['table']['id']}?token={made['gm_token']}&after={2**63}"
    with small.websocket_connect(url) as socket:
        frame = socket.receive_json()
        assert frame["type"] == "error"
        assert frame["detail"].startswith("Dernier événement reçu : entier entre 0 et")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4422


def test_a_second_costly_computation_of_one_client_is_429_with_retry_after(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path
) -> None:
    """While a client's costly computation holds the full lane, its next one is refused at once
    (429, Retry-After), never queued behind it; another client's cheap odds are answered."""
    import threading
    import time

    from ecran.engine.budget import enforced
    from workload import burn

    app = _app(monkeypatch, tmp_path, migrated_db, ECRAN_WORK_BUDGET="7")
    budget = shared_budget(7.0, 1)
    DISTRIBUTIONS.clear()
    moved = budget.accounting.moved

    def hold() -> None:
        with enforced(budget, "testclient"):  # TestClient's own address
            budget.run(burn, 4.0)

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    deadline = time.monotonic() + 60
    while budget.accounting.moved == moved:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    costly = {"dice": 30, "opponent_dice": 30, "open_ended": "true"}
    with TestClient(app) as client:
        refused = client.get("/api/odds/warp/versus", params=costly)
        cheap = client.get("/api/odds/artemis/test", params={"skill": 5, "difficulty": 7})
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "1"
    assert "refresh" not in refused.headers  # a client of the API decides itself (pages refresh)
    assert refused.json()["detail"].startswith("calcul exact en attente")
    assert cheap.status_code == 200
    assert holder.is_alive()
    holder.join()
