"""No page carries a token (#28 item 3): a member who opened the table by its link has a session
cookie, and the pages' forms, htmx and scripts rely on it and on the session's CSRF token; the
GM's links (which carry tokens) come only when asked for; the table page's scripts call the
JSON API with the cookie too (a write with the CSRF token), while scripts of one's own keep
`Authorization: Bearer`."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from web.tables.tables_support import Member, Table

#: Pages of the table a member opens.
PAGES = ("", "/plateau", "/fairness", "/members")


def _session(table: Table, who: Member) -> TestClient:
    """A browser that opened `who`'s link (then the clean address, with the cookie)."""
    browser = TestClient(table.client.app)
    assert browser.get(f"/tables/{table.id}?token={who.token}").status_code == 200
    return browser


def _secrets(table: Table) -> list[str]:
    return [table.gm.token, table.alice.token, table.bob.token, table.invite]


def _csrf(page: str) -> str:
    found = re.search(r'data-csrf="([0-9a-f]+)"', page)
    assert found is not None
    return found.group(1)


def test_no_page_carries_a_member_or_invite_token(table: Table) -> None:
    for who in (table.gm, table.alice):
        browser = _session(table, who)
        for path in PAGES:
            page = browser.get(f"/tables/{table.id}{path}")
            assert page.status_code == 200, (path, page.text[:300])
            for secret in _secrets(table):
                assert secret not in page.text, (path, "a token in the page")
            assert "X-Ecran-Token" not in page.text and 'name="token"' not in page.text


def test_the_gm_s_links_come_when_asked_for(table: Table) -> None:
    gm = _session(table, table.gm)
    links = gm.get(f"/tables/{table.id}/links")
    assert links.status_code == 200 and links.headers["cache-control"] == "no-store"
    assert f"/join/{table.invite}" in links.text and table.gm.token in links.text
    assert 'id="link-invite"' in links.text
    assert _session(table, table.alice).get(f"/tables/{table.id}/links").status_code == 403


def test_the_pages_scripts_call_the_api_with_the_session(table: Table) -> None:
    browser = _session(table, table.alice)
    api = f"/api/tables/{table.id}"
    assert browser.get(f"{api}/events").status_code == 200  # a read: the cookie
    roll = {"check": "test", "params": {"skill": 1}}
    forged = browser.post(f"{api}/rolls", json=roll)  # another site could send the cookie
    assert forged.status_code == 403, forged.text
    csrf = _csrf(browser.get(f"/tables/{table.id}/plateau").text)
    rolled = browser.post(f"{api}/rolls", json=roll, headers={"X-CSRF-Token": csrf})
    assert rolled.status_code == 201, rolled.text
    assert rolled.json()["actor_id"] == table.alice.id
    # the cookie of one table opens no other
    other = TestClient(table.client.app).post("/api/tables", json={"name": "B", "system": "toy"})
    assert browser.get(f"/api/tables/{other.json()['table']['id']}/events").status_code == 401
