"""Links become sessions (#28 item 3): a member's link or an invite opened in a browser leaves
an HttpOnly SameSite=Lax cookie of that table and leads to the clean address; the pages and the
live socket read it; "Se déconnecter" forgets it; revoking, renewing or removing ends it at
once; no token of any kind reaches the access log."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.browser_support import free_port
from web.tables.tables_support import Table


def _fresh(table: Table) -> TestClient:
    """Another browser on the same app (its own cookies)."""
    return TestClient(table.client.app)


def _csrf(page: str) -> str:
    """The session's CSRF token the page's htmx headers carry."""
    found = re.search(r'"X-CSRF-Token": "([0-9a-f]+)"', page)
    assert found is not None
    return found.group(1)


def test_a_members_link_becomes_a_session_and_a_clean_address(table: Table) -> None:
    browser = _fresh(table)
    opened = browser.get(
        f"/tables/{table.id}?token={table.alice.token}&lang=fr", follow_redirects=False
    )
    assert opened.status_code == 303
    assert opened.headers["location"] == f"/tables/{table.id}?lang=fr"
    cookie = opened.headers["set-cookie"]
    assert cookie.startswith(f"ecran_{table.id}={table.alice.token};")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    page = browser.get(opened.headers["location"])
    assert page.status_code == 200 and "Alice" in page.text
    assert table.alice.token not in str(page.url)
    # the table again, later, without the link
    assert browser.get(f"/tables/{table.id}").status_code == 200
    # a form posted from the page: the cookie carries the member, the page's CSRF token goes
    # with it (without it, 403: tests/web/table_pages/test_csrf.py)
    csrf = {"csrf_token": _csrf(page.text)}
    said = browser.post(f"/tables/{table.id}/chat", data={"text": "coucou", **csrf})
    assert said.status_code == 200
    events = table.get(table.gm, "/events").json()
    assert events[-1]["kind"] == "message" and events[-1]["actor_id"] == table.alice.id


def test_behind_tls_the_session_cookie_is_secure(table: Table) -> None:
    tls = TestClient(table.client.app, base_url="https://ecran.example.org")
    opened = tls.get(f"/tables/{table.id}?token={table.bob.token}", follow_redirects=False)
    cookie = next(v for k, v in opened.headers.multi_items() if k == "set-cookie" and "ecran_" in v)
    assert "Secure" in cookie and "HttpOnly" in cookie


def test_the_live_socket_reads_the_session(table: Table) -> None:
    browser = _fresh(table)
    browser.get(f"/tables/{table.id}?token={table.bob.token}")
    with browser.websocket_connect(f"/ws/tables/{table.id}?after=0") as ws:
        frames = []
        while True:
            frame = ws.receive_json()
            frames.append(frame)
            if frame["type"] == "synced":
                break
    assert frames[0]["type"] == "event"


def test_logging_out_forgets_the_session(table: Table) -> None:
    browser = _fresh(table)
    browser.get(f"/tables/{table.id}?token={table.bob.token}")
    page = browser.get(f"/tables/{table.id}")
    assert 'id="logout"' in page.text and "Se déconnecter" in page.text
    csrf = {"csrf_token": _csrf(page.text)}
    left = browser.post(f"/tables/{table.id}/logout", data=csrf, follow_redirects=False)
    assert left.status_code == 303 and left.headers["location"].startswith("/")
    assert f'ecran_{table.id}=""' in left.headers["set-cookie"]
    browser.cookies.clear()  # httpx keeps an expired cookie's deletion as the client does
    assert browser.get(f"/tables/{table.id}").status_code == 404
    # the link still opens the table
    assert browser.get(f"/tables/{table.id}?token={table.bob.token}").status_code == 200


def test_revoking_renewing_or_removing_ends_the_session_at_once(table: Table) -> None:
    browsers = {who: _fresh(table) for who in ("alice", "bob")}
    browsers["alice"].get(f"/tables/{table.id}?token={table.alice.token}")
    browsers["bob"].get(f"/tables/{table.id}?token={table.bob.token}")
    with browsers["alice"].websocket_connect(f"/ws/tables/{table.id}") as ws:
        while ws.receive_json()["type"] != "synced":
            pass
        revoked = table.delete(table.gm, f"/members/{table.alice.id}/link")
        assert revoked.status_code == 200, revoked.text
        frames = []
        try:
            while True:
                frames.append(ws.receive_json())
        except Exception:
            pass
    assert browsers["alice"].get(f"/tables/{table.id}").status_code == 404
    assert table.delete(table.gm, f"/members/{table.bob.id}").status_code == 200
    assert browsers["bob"].get(f"/tables/{table.id}").status_code == 404


def test_an_invite_becomes_a_join_without_any_token_in_the_addresses(table: Table) -> None:
    browser = _fresh(table)
    opened = browser.get(f"/join/{table.invite}?lang=fr", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/join?lang=fr"
    assert "Path=/join" in opened.headers["set-cookie"]
    form = browser.get("/join?lang=fr")
    assert form.status_code == 200 and table.invite not in form.text
    joined = browser.post("/join?lang=fr", data={"display_name": "Chloé"}, follow_redirects=False)
    assert joined.status_code == 303
    assert joined.headers["location"] == f"/tables/{table.id}?lang=fr"
    page = browser.get(joined.headers["location"])
    assert page.status_code == 200 and "Chloé" in page.text
    assert _fresh(table).get("/join").status_code == 404  # no invite opened here


@contextmanager
def _served(app: FastAPI) -> Iterator[str]:
    """uvicorn with its access log on (as `ecran serve` runs it)."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info", access_log=True)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_the_server_log_holds_no_token_after_a_join(
    table: Table, capfd: pytest.CaptureFixture[str]
) -> None:
    app: Any = table.client.app
    with _served(app) as server, httpx.Client(base_url=server, follow_redirects=True) as browser:
        assert browser.get(f"/join/{table.invite}").status_code == 200
        joined = browser.post("/join", data={"display_name": "Dora"})
        assert joined.status_code == 200 and "Dora" in joined.text
        token = browser.cookies.get(f"ecran_{table.id}")
        assert token
        assert browser.get(f"/tables/{table.id}?token={token}").status_code == 200
        api = f"/api/tables/invites/{table.invite}"
        assert browser.get(api).status_code == 200
    out, err = capfd.readouterr()
    logged = out + err
    assert "/join/" in logged and "/tables/" in logged
    for secret in (table.invite, token, table.gm.token, table.alice.token):
        assert secret not in logged
