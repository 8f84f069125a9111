"""The page in real headless Chromium (Debian's /usr/bin/chromium driven by Playwright):
pick the demo check, fill the form, watch the exact odds change, roll, read the record.

Set ECRAN_SCREENSHOTS=DIR to also save light, dark and phone screenshots there (not committed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from ecran.engine import all_systems
from ecran.web.app import create_app
from web.browser_support import serving, shoot

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app()) as url:
        yield url


def test_pick_fill_see_odds_roll_and_replay(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server + "/")
    expect(page.locator("h1")).to_have_text("L'écran du MJ")
    page.click('a[data-check="demo/d6"]')
    page.wait_for_url(re.compile(r"/systems/demo/checks/d6"))

    odds = page.locator("#odds")
    expect(odds.locator('tr[data-outcome="failure"]')).to_have_attribute("data-probability", "1/2")
    page.fill("#p-target", "5")  # htmx asks for the odds as the value changes
    expect(odds.locator('tr[data-outcome="failure"]')).to_have_attribute("data-probability", "2/3")
    expect(odds.locator('tr[data-outcome="success"]')).to_contain_text("33,33")

    page.fill("#p-target", "9")
    expect(odds.locator(".error")).to_contain_text("Seuil : doit être ≤ 6")
    page.fill("#p-target", "5")
    expect(odds.locator('tr[data-outcome="success"]')).to_have_attribute("data-probability", "1/3")
    shoot(page, "light")

    page.click("#roll-button")
    record = page.locator("#roll .record")
    expect(record).to_be_visible()
    seed = record.get_attribute("data-seed")
    outcome = record.get_attribute("data-outcome")
    die = int(record.locator(".die").inner_text())
    assert seed is not None and seed.isdigit()
    assert outcome == ("success" if die >= 5 else "failure")
    expect(record.locator(".outcome")).to_contain_text("réussite" if die >= 5 else "échec")

    page.click("#roll .replay")  # the replay link reproduces the same dice from the seed
    page.wait_for_url(re.compile(rf"seed={seed}"))
    replayed = page.locator("#roll .record")
    expect(replayed).to_have_attribute("data-seed", seed)
    assert int(replayed.locator(".die").inner_text()) == die
    expect(page.locator("#p-target")).to_have_value("5")
    context.close()


def test_language_switch_and_dark_mode(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(color_scheme="dark", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server + "/systems/demo/checks/d6?target=3&seed=11")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert _dark(background), background
    shoot(page, "dark")

    page.click('a[data-lang="en"]')
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#roll-button")).to_have_text("Roll")
    page.goto(server + "/")  # the cookie remembers English
    expect(page.locator("h1")).to_have_text("The GM's screen")

    page.click("#theme-toggle")  # the toggle overrides the system's preference...
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert not _dark(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    page.reload()  # ...and is remembered
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    context.close()


def test_dice_page_odds_and_roll(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context()
    page = context.new_page()
    page.goto(server + "/")
    page.click("#nav-dice")
    seven = page.locator('#odds tr[data-outcome="7"]')
    # the dice page has loaded: htmx bound its fields on DOMContentLoaded (typed before, the input
    # was not heard)
    page.wait_for_url(re.compile(r"/dice"))
    page.wait_for_load_state("load")
    page.fill("#expr", "2d6")
    expect(seven).to_have_attribute("data-probability", "1/6")
    expect(page.locator("#odds tr")).to_have_count(12)  # header + totals 2..12
    page.click("#roll-button")
    record = page.locator("#roll .record")
    expect(record).to_be_visible()
    dice = [int(d) for d in record.locator(".die").all_inner_texts()]
    assert len(dice) == 2 and record.get_attribute("data-total") == str(sum(dice))
    context.close()


def test_usable_on_a_phone_screen(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    pages = ["/", "/dice?expr=4d6kh3&seed=1"] + [
        f"/systems/{sid}/checks/{system.checks[0].name}?seed=1"
        for sid, system in all_systems().items()
        if system.checks
    ]
    for path in pages:
        page.goto(server + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path} scrolls sideways on a phone ({width}px)"
    page.goto(server + "/systems/demo/checks/d6")
    page.tap("#roll-button")
    expect(page.locator("#roll .record")).to_be_visible()
    shoot(page, "phone")
    context.close()


def _dark(css_colour: str) -> bool:
    red, green, blue = (int(v) for v in re.findall(r"\d+", css_colour)[:3])
    return (red + green + blue) / 3 < 80
