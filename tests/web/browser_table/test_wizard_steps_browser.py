"""#30 item 7 in real headless Chromium on a laptop (1366 × 768): no step of the creation wizard
is taller than two screens in any game (long groups such as Espace Artémis's 26 skills are
folded behind their title), and a step of many entries has a search that finds one (« bagarre »
leaves Bagarre's fields, opened, and hides the others)."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_table.api_support import new_table

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
SYSTEMS = ("artemis", "warp", "fluid", "nephilim", "organique")


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_wizard_step_is_taller_than_two_screens(server: str, browser: Any, system: str) -> None:
    from playwright.sync_api import expect

    api, gm, _ = new_table(server, system)
    page = browser.new_context(**LAPTOP).new_page()
    page.goto(f"{server}/tables/{api.table}/characters/wizard?token={gm}")
    steps = page.locator(".wizard-step").count()
    heights = {}
    for index in range(steps):
        step = page.locator("#wizard-form input[name=step]").input_value()
        heights[step] = page.locator("#wizard-form").bounding_box()["height"]
        if page.locator("#wizard-search").count():
            _search_finds_one(page)
        if index < steps - 1:
            page.click("#wizard-next")
            expect(page.locator(".wizard-step.current")).to_have_attribute(
                "data-step", page.locator(".wizard-step").nth(index + 1).get_attribute("data-step")
            )
    assert max(heights.values()) <= 2 * 768, heights
    page.context.close()


def _search_finds_one(page: Any) -> None:
    """Type the first entry's own label (the first word of it) into the search: its field
    shows, opened out of its fold; a field whose label lacks the word hides."""
    script = "[...document.querySelectorAll('#sheet-fields details.fold .sheet-field > label')]"
    labels = [t.strip() for t in page.evaluate(script + ".map(l => l.textContent)") if t.strip()]
    if not labels:
        return
    word = labels[-1].split()[0]
    page.fill("#wizard-search", word)
    assert page.locator("#sheet-fields details.fold").first.get_attribute("open") is not None
    shown = page.locator("#sheet-fields .sheet-field:not([hidden]) > label").all_inner_texts()
    assert shown and all(word.casefold() in s.casefold() for s in shown), (word, shown)
    page.fill("#wizard-search", "")
