"""A refused request costs the server little: a 429 without a body keeps its connection (with
its `Retry-After` and its one line), one with a body closes it (the body is never read), and the
access log writes a client's refusals once a second, saying how many it left out."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from ecran.web.app import create_app
from ecran.web.limits import QUIET_S, Limits, LimitsMiddleware, QuietRefusals


def _ask(
    app: LimitsMiddleware, method: str = "GET", headers: list[tuple[bytes, bytes]] | None = None
) -> dict[str, Any]:
    """One request to /api/dice through the middleware; its response's start message."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": "/api/dice",
        "raw_path": b"/api/dice",
        "query_string": b"expr=2d6",
        "headers": headers or [],
        "client": ("203.0.113.7", 50000),
        "server": ("testserver", 80),
        "root_path": "",
    }
    asyncio.run(app(scope, receive, send))
    return sent[0]


def _headers(start: dict[str, Any]) -> dict[bytes, bytes]:
    return dict(start["headers"])


def test_a_refused_request_without_a_body_keeps_its_connection() -> None:
    app = LimitsMiddleware(create_app(), Limits(burst=1, rate=0.001))
    assert _ask(app)["status"] == 200
    refused = _ask(app)
    assert refused["status"] == 429
    headers = _headers(refused)
    assert int(headers[b"retry-after"]) >= 1
    assert headers[b"content-type"] == b"application/json"
    assert b"connection" not in headers


def test_a_refused_request_with_a_body_closes_its_connection() -> None:
    app = LimitsMiddleware(create_app(), Limits(burst=1, rate=0.001))
    _ask(app)
    with_body = [(b"content-length", b"12"), (b"content-type", b"application/json")]
    refused = _ask(app, "POST", with_body)
    assert refused["status"] == 429
    assert _headers(refused)[b"connection"] == b"close"
    chunked = _ask(app, "POST", [(b"transfer-encoding", b"chunked")])
    assert _headers(chunked)[b"connection"] == b"close"


def _access(client: str, status: int) -> logging.LogRecord:
    """An access log record as uvicorn makes it."""
    args = (client, "GET", "/api/dice?expr=1d6", "1.1", status)
    return logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d', args, None
    )


def test_the_access_log_writes_a_clients_refusals_once_a_second(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [100.0]
    quiet = QuietRefusals(clock=lambda: now[0])
    assert quiet.filter(_access("203.0.113.7:1000", 429))
    left_out = [quiet.filter(_access("203.0.113.7:1001", 429)) for _ in range(5)]
    assert left_out == [False] * 5  # the same address on other ports: the same client
    assert quiet.filter(_access("198.51.100.2:1000", 429))  # another client has its own line
    assert quiet.filter(_access("203.0.113.7:1000", 200))  # what is served is always written
    now[0] += QUIET_S
    with caplog.at_level(logging.INFO, logger="uvicorn.error"):
        assert quiet.filter(_access("203.0.113.7:1000", 429))
    assert caplog.messages == [
        "203.0.113.7: 5 more refused requests (429) not written to the access log"
    ]
