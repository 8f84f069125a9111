"""A player's roll panel shows advice (real headless Chromium): for an Espace Artémis test, the
professional's privilege (L46-53) against the plain roll, with its cost, the figures being the
two `ecran odds` calls'."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import odds
from web.browser_support import create_table, invite_link, join_table

pytestmark = pytest.mark.browser

READ = """() => {
  const items = [...document.querySelectorAll('#roll-advice .advice-choice')];
  const privilege = items.find(
    li => li.querySelector('strong').textContent === "avec le privilège, sans point d'expérience");
  if (!privilege) return null;
  return {
    text: privilege.textContent.replace(/\\s+/g, ' ').trim(),
    success: Number(privilege.dataset.success),
    plain: Number(privilege.dataset.plain),
  };
}"""


def _success(professional: bool) -> float:
    """P(success or better), from `ecran odds` (outcomes worst to best)."""
    report = odds("artemis", "test", skill=5, difficulty=8, professional=professional)
    names = [o.outcome for o in report.outcomes]
    better = report.outcomes[names.index("success") :]
    return float(sum(Fraction(o.probability) for o in better))


def choose_check(page: Any, check: str) -> None:
    """The player picks `check` in the roll panel and waits for its new panel, advice loaded.

    Choosing the check already shown changes nothing for a person (no change event), but
    Playwright's `select_option` always sends one: the panel then reloads, and fields filled in
    the old panel meanwhile would be replaced by the new one's (the flake this waits out)."""
    from playwright.sync_api import expect

    if page.locator("#roll-check").input_value() != check:
        page.evaluate("() => { document.getElementById('roll-form').dataset.replaced = 'yes'; }")
        page.select_option("#roll-check", check)
    fresh = page.locator("#roll-form:not([data-replaced])")
    expect(fresh.locator("#roll-check")).to_have_value(check)
    # its advice loaded: htmx has bound the new panel's triggers (typing now reaches them)
    expect(fresh.locator("#roll-advice .advice-choice").first).to_be_attached()


def test_a_player_sees_the_privilege_advised_in_the_roll_panel(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm = create_table(browser.new_context().new_page(), server, "artemis", "Conseil")
    invite = invite_link(gm)

    ana = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    errors: list[str] = []
    ana.on("pageerror", lambda error: errors.append(str(error)))
    join_table(ana, invite, "Ana")
    expect(ana.locator("#roll-form")).to_be_visible()
    choose_check(ana, "test")
    ana.fill("#r-skill", "5")
    ana.fill("#r-difficulty", "8")
    ana.press("#r-difficulty", "Tab")  # leaving the field, as a player does: its change event
    wanted = (
        f"() => {{ const r = ({READ})(); "
        f"return r && Math.abs(r.plain - {_success(False)}) < 1e-9 ? r : null; }}"
    )
    seen = ana.wait_for_function(wanted).json_value()
    assert seen["success"] == pytest.approx(_success(True))
    assert seen["plain"] == pytest.approx(_success(False))
    assert "au lieu de" in seen["text"] and "coûte une fatigue grave" in seen["text"]
    assert errors == []
    ana.context.close()
    gm.context.close()


def test_the_roll_button_stays_under_the_pointer_when_the_advice_comes(
    server: str, browser: Any
) -> None:
    """The advice loads after the panel, and is of any length: were it above the button, the
    button would move as it came, and a click meant for it would land elsewhere (a fresh-clone
    run's roll "never came": clicked as the advice arrived, no roll was sent)."""
    from playwright.sync_api import expect

    gm = create_table(browser.new_context().new_page(), server, "artemis", "Conseil")
    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    held: list[Any] = []
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/advice\?"), hold)
    with page.expect_request(re.compile(r"/advice\?")):
        join_table(page, invite_link(gm), "Ana")
    expect(page.locator("#roll-advice progress")).to_be_visible()
    before = page.locator("#roll-button").bounding_box()
    holding[0] = False
    for route in held:
        route.continue_()
    expect(page.locator("#roll-advice .advice-choice").first).to_be_attached()
    after = page.locator("#roll-button").bounding_box()
    assert before is not None and after is not None
    assert (after["x"], after["y"]) == (before["x"], before["y"])
    page.context.close()
    gm.context.close()
