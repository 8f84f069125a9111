"""A request htmx sent and the server refused without a fragment to swap in place (the limits'
429 or 413, one plain line; a proxy's page; a dropped connection) is said in the page's notice,
not swallowed: before it, the dice page's odds simply stopped changing (ecran.js)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from ecran.web.app import create_app
from web.axe_support import assert_accessible
from web.browser_support import serving

pytestmark = [pytest.mark.browser]

TOO_MANY = "trop de demandes de dés ou de probabilités : réessayez dans 3 s"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app()) as url:
        yield url


def _dice_page(browser: Any, server: str) -> Any:
    page = browser.new_context().new_page()
    page.goto(server + "/dice?lang=fr")
    page.wait_for_load_state("load")  # htmx bound the form's fields
    return page


def test_a_refusal_and_a_lost_connection_are_said_then_cleared(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = _dice_page(browser, server)
    notice = page.locator("#request-notice")
    expect(notice).to_be_hidden()

    def refuse(route: Any) -> None:  # what the limits middleware answers a page's request
        route.fulfill(status=429, body=TOO_MANY, content_type="text/plain; charset=utf-8")

    page.route(re.compile(r"/dice/odds"), refuse)
    page.fill("#expr", "3d6")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(TOO_MANY)
    assert_accessible(page, "the dice page saying a refusal")

    page.unroute(re.compile(r"/dice/odds"))
    page.route(re.compile(r"/dice/odds"), lambda route: route.abort("connectionrefused"))
    page.fill("#expr", "4d6")
    expect(notice).to_have_text(re.compile(r"^Le serveur est injoignable"))

    page.unroute(re.compile(r"/dice/odds"))
    page.fill("#expr", "2d6")  # answered: the odds shown, the notice gone
    expect(page.locator('#odds tr[data-outcome="7"]')).to_have_attribute("data-probability", "1/6")
    expect(notice).to_be_hidden()
    page.context.close()


def test_a_page_of_its_own_is_said_by_its_status_not_shown_raw(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = _dice_page(browser, server)
    page.route(
        re.compile(r"/dice/odds"),
        lambda route: route.fulfill(
            status=502, body="<html><h1>Bad Gateway</h1></html>", content_type="text/html"
        ),
    )
    page.fill("#expr", "3d6")
    notice = page.locator("#request-notice")
    expect(notice).to_have_text("Requête refusée (HTTP 502).")
    assert "<" not in notice.inner_text()
    page.context.close()
