"""A log read that fails is tried again: the event whose frame asked for it reaches the log
without another event to bring it (a busy server's 503, a proxy's hiccup).

The table's page reads the log when a frame says something happened; the frame does not come
twice, so a failed read used to leave the log without that event until the next one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.browser_support import create_table, table_api

pytestmark = pytest.mark.browser

SAID = "Le-pont-est-gardé-5521"


def test_a_failed_log_read_is_tried_again_until_the_event_shows(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = create_table(browser.new_page(), server, "warp", "Le Gué")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    refused: list[str] = []

    def once_refused(route: Any) -> None:
        if not refused:
            refused.append(route.request.url)
            route.fulfill(status=503, body="")
        else:
            route.continue_()

    page.route(re.compile(r"/events\?"), once_refused)
    said = table_api(page, server, "/messages", {"text": SAID})
    assert said.status == 201, said.text()
    # the frame's read was refused (nothing else reads the log meanwhile), and the message
    # still comes: the page read the log again by itself
    expect(page.locator("#log")).to_contain_text(SAID)
    assert len(refused) == 1
