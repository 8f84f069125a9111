"""A whisper to me, in real headless Chromium with three contexts (issue 13): it stands out in
my log, and plays the sound and shows the browser notification only if I asked for them (the
same choice as the turn cue's, off by default); no one else is cued."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_support import create_table, invite_link, join_table

pytestmark = pytest.mark.browser

COUNTS = "() => [window.ecranCue.whispers, window.ecranCue.sounds, window.ecranCue.notifications]"


def _live(page: Any) -> Any:
    from playwright.sync_api import expect

    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


def _join(browser: Any, invite: str, name: str) -> Any:
    return _live(join_table(browser.new_context().new_page(), invite, name))


def _say(page: Any, text: str, to: str | None = None) -> None:
    if to:
        page.select_option("#chat-to", label=to)
    else:
        page.select_option("#chat-to", "")
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def _seen(page: Any, text: str) -> None:
    """`text` is in the page's log (every event before it, too: the log is caught up)."""
    from playwright.sync_api import expect

    expect(page.locator("#log .entry", has_text=text).first).to_be_visible()


def test_a_whisper_to_me_cues_me_as_i_asked(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm = create_table(browser.new_context().new_page(), server, "demo", "Le Phare")
    invite = invite_link(gm)
    alice, bob = _join(browser, invite, "Alice"), _join(browser, invite, "Bob")
    gm.reload()  # the whisper list names the players who joined
    _live(gm)

    # Alice asks for the sound and the notification (permission granted on her click)
    assert alice.evaluate(COUNTS) == [0, 0, 0]
    alice.context.grant_permissions(["notifications"], origin=server)
    alice.check("#whisper-sound")
    alice.click("#whisper-notify")
    expect(alice.locator("#whisper-notify-state")).to_have_text("✓")
    assert alice.evaluate(COUNTS) == [0, 1, 0]  # the check plays it once, to hear it

    _say(gm, "Psst-Alice-1", to="Alice")
    alice.wait_for_function("() => window.ecranCue.whispers === 1")
    assert alice.evaluate(COUNTS) == [1, 2, 1]
    expect(alice.locator("#log .entry.whisper-fresh")).to_contain_text("Psst-Alice-1")

    _say(gm, "Psst-Bob-2", to="Bob")  # Bob asked for nothing: seen, no sound, no notification
    bob.wait_for_function("() => window.ecranCue.whispers === 1")
    assert bob.evaluate(COUNTS) == [1, 0, 0]
    expect(bob.locator("#log .entry.whisper-fresh")).to_contain_text("Psst-Bob-2")

    _say(alice, "/gm Psst-MJ-3")  # to the GM: Alice's own whisper cues her not
    gm.wait_for_function("() => window.ecranCue.whispers === 1")
    _say(gm, "Tout-le-monde-4")  # a public line: no one's whisper
    for page in (gm, alice, bob):
        _seen(page, "Tout-le-monde-4")
    assert alice.evaluate(COUNTS) == [1, 2, 1]
    assert bob.evaluate(COUNTS) == [1, 0, 0]
    assert gm.evaluate(COUNTS) == [1, 0, 0]
    for page in (gm, alice, bob):
        page.context.close()
