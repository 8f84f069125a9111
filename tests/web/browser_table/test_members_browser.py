"""The members panel in real headless Chromium, three contexts (issue 13): it follows joins and
renames live in every other member's page (no reload), and a revoked link is refused at once:
its open socket is closed and the page says it lost the table; its API calls and a reload are
refused."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.browser_support import TABLE_PAGE, create_table, invite_link, join_table, page_token

pytestmark = pytest.mark.browser

#: The names the members list shows, read in one snapshot of the page.
NAMES = """expected => JSON.stringify(Array.from(
  document.querySelectorAll('#members-list [data-member]'), li => li.dataset.name)) === expected"""


def _names(page: Any, *names: str) -> None:
    import json

    page.wait_for_function(NAMES, arg=json.dumps(list(names), separators=(",", ":")))


def _live(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.evaluate("() => { window.notReloaded = true; }")  # a reload would drop it


def _join(browser: Any, invite: str, name: str) -> Any:
    page = join_table(browser.new_context().new_page(), invite, name)
    _live(page)
    return page


def _gm(browser: Any, server: str) -> Any:
    page = create_table(browser.new_context().new_page(), server, "demo", "Les Quais")
    _live(page)
    return page


def test_the_members_list_follows_joins_and_renames_live(server: str, browser: Any) -> None:
    gm = _gm(browser, server)
    invite = invite_link(gm)
    alice = _join(browser, invite, "Alice")
    _names(gm, "Camille", "Alice")
    bob = _join(browser, invite, "Bob")
    _names(gm, "Camille", "Alice", "Bob")
    _names(alice, "Camille", "Alice", "Bob")
    _names(bob, "Camille", "Alice", "Bob")

    bob.click("#members-list .rename-me summary")
    bob.fill("#members-list .rename-input", "Roberto")
    bob.click("#members-list .rename-button")
    for page in (gm, alice, bob):
        _names(page, "Camille", "Alice", "Roberto")
    for page in (gm, alice):
        assert page.evaluate("() => window.notReloaded === true")  # live, not reloaded


def test_a_revoked_link_is_refused_at_once_and_its_socket_closed(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm = _gm(browser, server)
    invite = invite_link(gm)
    context = browser.new_context()
    alice = context.new_page()
    sockets: list[Any] = []
    alice.on("websocket", lambda ws: sockets.append(ws))
    alice.goto(invite)
    alice.fill("#display-name", "Alice")
    alice.click("#join-button")
    alice.wait_for_url(TABLE_PAGE)
    _live(alice)
    link = alice.url
    live = alice.locator("#live")
    table, token = live.get_attribute("data-table"), page_token(live.page)
    _names(gm, "Camille", "Alice")

    row = gm.locator("#members-list [data-name='Alice']")
    row.locator("details.member-tools:not(.rename-me) > summary").click()
    row.get_by_role("button", name=re.compile("révoquer")).click()
    expect(gm.locator("#member-result")).to_contain_text("Alice")

    # Alice's page, still open: told at once, its socket closed by the server
    expect(alice.locator("#table-lost")).to_be_visible()
    expect(alice.locator("#live-status")).to_have_attribute("data-state", "lost")
    opened = [s for s in sockets if "/ws/tables/" in s.url]
    assert opened
    if not opened[-1].is_closed():
        opened[-1].wait_for_event("close")
    assert opened[-1].is_closed()
    # the old link opens nothing any more: API and page
    answer = alice.request.get(
        f"{server}/api/tables/{table}/events", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status == 401  # the API: wrong credentials
    reloaded = alice.goto(link)
    assert reloaded is not None and reloaded.status == 404
    assert alice.locator("#live").count() == 0
