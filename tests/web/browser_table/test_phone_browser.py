"""#30 item 6 on a 390 × 844 phone (real headless Chromium), once per game: a player's table
page and encounter page on her turn (her attack panel with its odds) are no wider than the
screen; the header is one line with a menu button that opens the links; odds read as
percentages with a short « ≈ 1 sur 3 » form (the exact fraction in its title), impossible
outcomes left out; the live status reads at 4.5:1 at least."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_table.api_support import started_fight

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1}
SYSTEMS = ("artemis", "warp", "fluid", "nephilim", "organique")
#: The games whose attacks declare choices (`choices.toml`: all-out, precise, aim…).
ADVISED = ("artemis", "organique")


def _width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_players_pages_fit_a_phone(server: str, browser: Any, system: str) -> None:
    from playwright.sync_api import expect

    api, tokens, eid = started_fight(server, system)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{server}/tables/{api.table}?token={tokens['Ana']}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert _width(page) <= 390
    # the header: the name and the menu button; the links behind it
    expect(page.locator("#menu-button")).to_be_visible()
    expect(page.locator("#nav-dice")).to_be_hidden()
    page.click("#menu-button")
    expect(page.locator("#nav-dice")).to_be_visible()
    expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")
    page.click("#menu-button")
    expect(page.locator("#nav-dice")).to_be_hidden()
    colour = page.evaluate("getComputedStyle(document.getElementById('live-status')).color")
    assert colour == "rgb(29, 107, 64)", colour  # #1d6b40: 5.97:1 on the page
    page.goto(f"{server}/tables/{api.table}/encounters/{eid}?token={tokens['Ana']}")
    expect(page.locator("#turn-cue")).to_be_visible()
    chips = page.locator("#attack-options .odds-chip")
    expect(chips.first).to_be_visible()
    assert all(float(p.split("/")[0]) > 0 for p in _chips(page))  # no impossible outcome
    odds = page.locator("#attack-odds table.odds")
    if odds.count():  # the chosen attack's table: short forms, the fraction in their title
        expect(odds.locator(".approx").first).to_be_visible()
        expect(odds.locator("code.exact").first).to_be_hidden()
        assert "0,00 %" not in odds.inner_text()
    if system in ADVISED:  # the attack's declared choices: the Conseil panel (#30 item 4)
        expect(page.locator("#attack-advice .advice-choice").first).to_be_attached()
    assert _width(page) <= 390, _width(page)
    page.context.close()


def _chips(page: Any) -> list[str]:
    script = "[...document.querySelectorAll('#attack-options .odds-chip')]"
    return list(page.evaluate(script + ".map(c => c.dataset.probability)"))
