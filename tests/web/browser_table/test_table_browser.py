"""The live table in real headless Chromium: a GM and a player in two browser contexts.

The GM creates a table, the player joins through the invite link, creates a character (live
validation), rolls from an action of the sheet, and the GM sees the roll arrive live; a GM-only
roll never reaches the player (page or WebSocket frames); an invalid import is refused and
stores nothing; the pages fit a phone screen.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from web.browser_support import (
    CHARACTER_PAGE,
    COUNT_STEP_ANSWERS,
    create_table,
    invite_link,
    join_table,
    page_query,
    page_token,
    shoot,
)

pytestmark = pytest.mark.browser

SYSTEM = "artemis"  # its new character is legal as created: the test types a name and saves


def _new_table(browser: Any, server: str) -> tuple[Any, str, str]:
    """The GM's page on a fresh table, and the invite link."""
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    create_table(gm, server, SYSTEM, "La Station")
    expect(gm.locator("#live-status")).to_have_attribute("data-state", "live")
    invite = invite_link(gm)
    assert invite.startswith(server + "/join/")
    return gm, invite, gm.url


def _join(browser: Any, invite: str, name: str, **context: Any) -> Any:
    from playwright.sync_api import expect

    page = join_table(browser.new_context(**context).new_page(), invite, name)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


def _frames(page: Any) -> list[str]:
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: received.append(str(f))))
    return received


def test_player_creates_rolls_gm_sees_live_and_secrets_stay_hidden(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    gm, invite, gm_url = _new_table(browser, server)
    expect(gm.locator("#members li")).to_have_count(1)

    player_context = browser.new_context(viewport={"width": 1200, "height": 900})
    player = player_context.new_page()
    frames = _frames(player)  # listening before the page opens its socket
    join_table(player, invite, "Bastien")
    expect(player.locator("#live-status")).to_have_attribute("data-state", "live")
    expect(player.locator("#links")).to_have_count(0)  # no GM link nor invite for a player
    # the GM's log shows the arrival without a reload
    expect(gm.locator('#log .entry[data-kind="member_joined"]')).to_contain_text("Bastien")

    # guided creation: messages come as the player types
    player.click("#new-character")
    name = player.locator("#f-name")
    name.fill("")
    expect(player.locator("#problems .problem").first).to_contain_text(
        "Nom : texte trop court"
    )  # its label, not its id
    name.fill("Zoé Marchal")
    expect(player.locator("#problems .ok")).to_be_visible()
    shoot(player, "creation")
    player.click("#save-character")
    player.wait_for_url(CHARACTER_PAGE)
    expect(player.locator("h1")).to_contain_text("Zoé Marchal")

    # an action opens the check prefilled, with the exact odds, then rolls
    player.locator("#actions button.action").first.click()
    odds = player.locator("#roll-odds tr[data-outcome]")
    expect(odds.first).to_be_visible()
    total = sum(_fraction(p) for p in odds.evaluate_all("rs => rs.map(r => r.dataset.probability)"))
    assert total == 1
    player.fill("#roll-label", "Escalade du puits")
    player.click("#roll-button")
    record = player.locator("#roll-result .record")
    expect(record).to_have_attribute("data-outcome", re.compile(r"\w+"))
    outcome = record.get_attribute("data-outcome")
    shoot(player, "sheet")

    # the GM sees it live, with its outcome, and can open and replay it
    live_roll = gm.locator('#log .entry[data-kind="roll"]').first
    expect(live_roll).to_contain_text("Escalade du puits")
    expect(live_roll).to_have_attribute("data-outcome", outcome or "")
    shoot(gm, "gm-table")
    live_roll.locator("a.open").click()
    expect(gm.locator("#replay-verdict")).to_have_attribute("data-same", "true")
    gm.goto(gm_url)

    # a GM-only roll: on the GM's page, a hidden stub in the player's log, nowhere in frames
    gm.select_option("#roll-visibility", "gm")
    gm.fill("#roll-label", "Jet-secret-du-MJ")
    gm.click("#roll-button")
    seq = gm.locator("#roll-result .record").get_attribute("data-seq")
    seed = gm.locator("#roll-result .record").get_attribute("data-seed")
    expect(gm.locator(f'#log .entry[data-seq="{seq}"]')).to_contain_text("Jet-secret-du-MJ")
    expect(player.locator(f'#log li[data-seq="{seq}"]')).to_have_attribute("data-kind", "hidden")
    assert "Jet-secret-du-MJ" not in player.content()
    events = [json.loads(f) for f in frames if '"type": "event"' in f or '"type":"event"' in f]
    secret = next(e["event"] for e in events if e["event"]["seq"] == int(seq or 0))
    assert secret["kind"] == "hidden" and secret["payload"] == {"secret": "roll"}
    assert not any("Jet-secret-du-MJ" in f or (seed and seed in f) for f in frames)
    player.reload()
    assert "Jet-secret-du-MJ" not in player.content()

    # an invalid import is refused with its violations; nothing is stored
    player.click("#to-table")
    # waits for the table's page: a count read at once may read the sheet's, still loading
    expect(player.locator("#characters li[data-character]")).to_have_count(1)
    bad = {"system": SYSTEM, "name": "", "characteristics": {"force": 99}}
    player.set_input_files(
        "#import-file",
        files=[
            {"name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}
        ],
    )
    player.click("#import-button")
    expect(player.locator("#import-refused .problem").first).to_be_visible()
    shoot(player, "import-refused")
    player.click("#to-table")
    expect(player.locator("#characters li[data-character]")).to_have_count(1)
    gm.context.close()
    player_context.close()


def _fraction(text: str) -> Any:
    from fractions import Fraction

    return Fraction(text)


def test_encounter_live_for_players_and_pages_fit_a_phone(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm, invite, gm_url = _new_table(browser, server)
    gm.click("#npc-button")  # a secret NPC for the GM
    gm.wait_for_url(re.compile(r"/characters/"))
    gm.goto(gm_url)
    phone = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}
    player = _join(browser, invite, "Lou", **phone)

    gm.fill("#new-encounter input[name=name]", "Embuscade")
    gm.click("#new-encounter button")
    gm.wait_for_url(re.compile(r"/encounters/"))
    encounter_url = gm.url
    player.goto(_same_page_for(player, encounter_url))
    gm.fill(".add-participant input[name=name]", "Pirate")
    gm.click("#add-npc")
    expect(gm.locator("#order .participant")).to_have_count(1)
    expect(player.locator("#order .participant")).to_have_count(1)  # live, no reload
    gm.click('button[data-step="initiative"]')
    expect(gm.locator("#order .init").first).not_to_contain_text("—")
    gm.click('button[data-step="start"]')
    expect(player.locator(".enc-status")).to_have_attribute("data-round", "1")
    gm.click('button[data-step="next"]')
    expect(player.locator(".enc-status")).to_have_attribute("data-round", "2")
    gm.click('button[data-step="undo"]')
    expect(player.locator(".enc-status")).to_have_attribute("data-round", "1")
    expect(player.locator('button[data-step="next"]')).to_have_count(0)  # the GM drives
    shoot(player, "encounter-phone")
    shoot(gm, "encounter-gm")

    for path in ("", "/characters/new"):
        player.goto(_table_of(player).split("?")[0] + path + "?" + _query(player))
        width = player.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path or 'table'} scrolls sideways on a phone ({width}px)"
    shoot(player, "creation-phone")
    gm.context.close()
    player.context.close()


def test_a_step_on_its_way_holds_the_trackers_buttons(server: str, browser: Any) -> None:
    """A step is sent with the encounter's version its panel shows. Once the server stored
    "next turn" but before the panel came back (its answer, or the reload its event causes),
    the panel still shows the version before it: an "undo" pressed then started from it and
    was refused (stop 40's CI: the player saw turn 2 before the GM did). The buttons wait for
    the panel instead; and a step's answer older than the panel shown never lands on it."""
    from playwright.sync_api import expect

    gm, invite, gm_url = _new_table(browser, server)
    gm.context.add_init_script(COUNT_STEP_ANSWERS)
    player = _join(browser, invite, "Lou")
    gm.goto(gm_url)
    gm.fill("#new-encounter input[name=name]", "Embuscade")
    gm.click("#new-encounter button")
    gm.wait_for_url(re.compile(r"/encounters/"))
    player.goto(_same_page_for(player, gm.url))
    gm.fill(".add-participant input[name=name]", "Pirate")
    gm.click("#add-npc")
    gm.click('button[data-step="initiative"]')  # at once: waits for the NPC's answer
    expect(gm.locator("#order .init").first).not_to_contain_text("—")
    gm.click('button[data-step="start"]')
    expect(gm.locator(".enc-status")).to_have_attribute("data-round", "1")

    steps: list[Any] = []
    reloads: list[Any] = []
    step = re.compile(r"/encounters/[^/?]+/step")
    reload = re.compile(r"/encounters/[^/?]+/panel")

    def hold_first(route: Any) -> None:
        if steps:
            route.continue_()
        else:
            steps.append((route, route.fetch()))  # stored on the server, its answer held

    gm.route(step, hold_first)
    gm.route(reload, lambda route: reloads.append(route))  # the reload its event asks, held
    gm.click('button[data-step="next"]')
    expect(player.locator(".enc-status")).to_have_attribute("data-round", "2")
    expect(gm.locator('button[data-step="undo"]')).to_be_disabled()

    for route in reloads:
        route.continue_()
    gm.unroute(reload)
    expect(gm.locator(".enc-status")).to_have_attribute("data-round", "2")  # the reload came
    gm.click('button[data-step="undo"]')
    expect(player.locator(".enc-status")).to_have_attribute("data-round", "1")
    expect(gm.locator(".enc-status")).to_have_attribute("data-round", "1")
    expect(gm.locator("#step-error")).to_have_count(0)

    answered = gm.evaluate("window.ecranAnswers")
    route, response = steps[0]
    route.fulfill(response=response)  # "next turn"'s answer, late: older than the panel
    gm.unroute(step)
    gm.wait_for_function(f"window.ecranAnswers > {answered}")  # handed over, swapped or not
    expect(gm.locator(".enc-status")).to_have_attribute("data-round", "1")
    gm.context.close()
    player.context.close()


def test_dark_mode_applies_to_the_table(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm, _invite, _url = _new_table(browser, server)
    dark = browser.new_context(color_scheme="dark", viewport={"width": 1200, "height": 900})
    page = dark.new_page()
    page.goto(f"{gm.url.split('?')[0]}?token={page_token(gm)}")  # the GM's link, another browser
    expect(page.locator(".card").first).to_be_visible()
    colour = page.evaluate("getComputedStyle(document.querySelector('.card')).backgroundColor")
    red, green, blue = (int(v) for v in re.findall(r"\d+", colour)[:3])
    assert (red + green + blue) / 3 < 80, colour
    shoot(page, "dark")
    dark.close()
    gm.context.close()


def _query(page: Any) -> str:
    return page_query(page)


def _table_of(page: Any) -> str:
    href = page.locator("#to-table").get_attribute("href")
    assert href is not None
    return str(page.url.split("/tables/")[0] + href)


def _same_page_for(page: Any, url: str) -> str:
    """`url` (another member's) with this page's token."""
    return url.split("?")[0] + "?" + _query(page)
