"""The table's chat in real headless Chromium, three contexts: a GM and two players (issue 13).

Messages arrive live in every log; a whisper reaches its addressee and the GM and never the other
player (their DOM, their WebSocket frames, their API answers, after a reload too); a GM's secret
roll reads "Le MJ (…) a lancé un jet secret" in a player's log, without its result; a long
unbroken message does not widen a phone's page.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from web.browser_support import TABLE_PAGE, invite_link, page_token, shoot

pytestmark = pytest.mark.browser

TO_ALICE = "Rendez-vous-sous-le-pont-7731"  # distinctive: must never reach Bob
TO_GM = "Je-garde-la-clef-4409"


def _member(browser: Any, url: str, name: str | None = None, **context: Any) -> Any:
    """A member's page on the table: the GM's at `url`, or a player joining through it."""
    from playwright.sync_api import expect

    page = browser.new_context(**context).new_page()
    page.goto(url)
    if name is not None:
        page.fill("#display-name", name)
        page.click("#join-button")
        page.wait_for_url(TABLE_PAGE)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


def _say(page: Any, text: str, to: str | None = None) -> None:
    if to is not None:
        page.select_option("#chat-to", label=to)
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def _api_log(page: Any, server: str) -> str:
    """The log through the API, with this member's token (as a script of theirs would ask)."""
    live = page.locator("#live")
    table, token = live.get_attribute("data-table"), page_token(live.page)
    answer = page.request.get(
        f"{server}/api/tables/{table}/events", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.ok
    return str(answer.text())


def test_whispers_reach_only_their_addressee_and_the_gm(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    gm.goto(server + "/tables/new")
    gm.fill("#table-name", "Le Pont")
    gm.fill("#gm-name", "Camille")
    gm.select_option("#table-system", "warp")
    gm.click("#create-table")
    gm.wait_for_url(TABLE_PAGE)
    invite = invite_link(gm)
    alice = _member(browser, invite, "Alice", viewport={"width": 1200, "height": 900})
    bob_context = browser.new_context(viewport={"width": 390, "height": 844})
    bob = bob_context.new_page()
    received: list[str] = []
    bob.on("websocket", lambda ws: ws.on("framereceived", lambda f: received.append(str(f))))
    bob.goto(invite)
    bob.fill("#display-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_url(TABLE_PAGE)
    expect(bob.locator("#live-status")).to_have_attribute("data-state", "live")
    gm.reload()  # the whisper list names the players who joined

    # a public message with an inline roll reaches every log live, rolled by the server
    _say(bob, "Je pousse la porte [[2d6+1]]")
    for page in (gm, alice, bob):
        said = page.locator('#log .entry[data-kind="message"]').first
        expect(said).to_contain_text("Je pousse la porte")
        expect(said.locator(".inline-roll strong")).to_have_text(re.compile(r"^\d+$"))
    expect(bob.locator("#chat-text")).to_have_value("")  # sent: the box is cleared

    # the GM whispers to Alice (chosen in the list), Alice whispers to the GM (/gm)
    _say(gm, TO_ALICE, to="Alice")
    expect(alice.locator('#log .entry[data-whisper="true"]').first).to_contain_text(TO_ALICE)
    expect(alice.locator("#log .entry.whisper").first).to_contain_text("chuchoté à vous")
    expect(gm.locator("#log .entry.whisper").first).to_contain_text("chuchoté à Alice")
    _say(alice, f"/gm {TO_GM}")
    expect(gm.locator("#log .entry.whisper").first).to_contain_text(TO_GM)
    expect(alice.locator("#log .entry.whisper").first).to_contain_text("chuchoté au MJ")

    # a GM's secret roll: Bob reads who rolled, not what
    gm.select_option("#roll-visibility", "gm")
    gm.fill("#roll-label", "Jet-du-MJ-caché")
    gm.click("#roll-button")
    expect(gm.locator("#roll-result .record")).to_be_visible()
    secret_roll = bob.locator("#log .entry.secret-roll").first
    expect(secret_roll).to_contain_text("Le MJ (Camille) a lancé un jet secret")
    expect(secret_roll.locator("time")).to_be_visible()
    shoot(bob, "chat-phone")

    # then a public line from Alice: once Bob has it, he has had every earlier frame
    _say(alice, "Bon, on y va ?")
    expect(bob.locator('#log .entry[data-kind="message"]').first).to_contain_text("on y va")
    for text in (TO_ALICE, TO_GM, "Jet-du-MJ-caché"):
        assert text not in bob.content()
        assert not any(text in frame for frame in received)
        assert text not in _api_log(bob, server)
    events = [json.loads(f) for f in received if '"type":"event"' in f.replace(" ", "")]
    assert sum(e["event"]["kind"] == "message" for e in events) == 2  # his own and Alice's
    assert TO_ALICE in _api_log(alice, server) and TO_GM in _api_log(gm, server)
    bob.reload()
    assert TO_ALICE not in bob.content() and TO_GM not in bob.content()

    # a 300-character unbroken message does not widen a phone's page
    _say(alice, "A" * 300)
    expect(bob.locator('#log .entry[data-kind="message"]').first).to_contain_text("A" * 300)
    assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
