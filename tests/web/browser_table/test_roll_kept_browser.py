"""A roll clicked while the panel's odds are still on their way is rolled, never dropped.

Found reading htmx's queue while chasing a CI failure (`test_a_scene_in_three_browsers[artemis]`,
a player's roll never came; that failure's own cause is not established): the roll button's POST
shared the roll form's request queue (`hx-sync="this:queue last"`, inherited), meant for the
odds the form refreshes as one types. A roll clicked while odds are in flight waits in that
queue, and odds asked after it (a field touched again) take its place: the roll is never sent,
and nothing is said. Here the browser holds the odds, as a slow server would.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import pytest

from web.browser_support import create_table

pytestmark = pytest.mark.browser


def _odds(url: str) -> bool:
    return urlparse(url).path.endswith("/odds")


def test_a_roll_is_sent_even_while_the_odds_are_slow(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = browser.new_context().new_page()
    create_table(page, server, "artemis", "Table lente")
    expect(page.locator("#roll-odds tr[data-outcome]").first).to_be_visible()
    held: list[Any] = []
    released = False

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route(_odds, hold)
    page.fill("#roll-label", "Jet pressé")
    page.wait_for_timeout(400)  # the typing's odds have left, and are held
    assert held, "the label's odds were never asked for"
    page.click("#roll-button")
    page.fill("#roll-label", "Jet pressé, puis retouché")  # more odds, while the first are out
    page.wait_for_timeout(400)
    released = True
    for route in held:
        route.continue_()
    expect(page.locator("#roll-result .record")).to_have_attribute(
        "data-outcome", re.compile(r"\w")
    )
    expect(page.locator('#log .entry[data-kind="roll"]').first).to_contain_text("Jet pressé")
