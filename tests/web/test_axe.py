"""axe-core on the main pages, in real headless Chromium (French, as most players read them): the
home page, the table page of the GM and of a player, a character's page. No serious or
critical violation (tests/web/axe_support.py). The board's pages are checked in
tests/web/browser_board.

The members' links and tokens come from the API's answers (a link may one day carry its token
in a cookie rather than the address: the page's own address is not read).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.axe_support import assert_accessible

pytestmark = pytest.mark.browser


def _table(browser: Any, server: str) -> dict[str, Any]:
    """A Fluid table through the API: the GM's answer, a player's, and her character."""
    api = browser.new_context().request
    made = api.post(f"{server}/api/tables", data={"name": "Axe", "system": "fluid"}).json()
    table = made["table"]["id"]
    joined = api.post(
        f"{server}/api/tables/invites/{made['invite_token']}/join", data={"display_name": "Ana"}
    ).json()
    sheet = get_system("fluid").random_npc(Roller(3)).model_dump(mode="json")
    saved = api.post(
        f"{server}/api/tables/{table}/characters",
        data=json.dumps({"sheet": {**sheet, "name": "Iris"}}),
        headers={"Authorization": f"Bearer {joined['token']}", "Content-Type": "application/json"},
    )
    assert saved.status == 201, saved.text()
    return {"gm": made["gm_link"], "player": joined["link"], "character": saved.json()["id"]}


def test_the_main_pages_have_no_serious_violation(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    table = _table(browser, server)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server + "/")
    assert_accessible(page, "home")

    page.goto(table["gm"])
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert_accessible(page, "table page, GM")

    player = browser.new_page(viewport={"width": 390, "height": 844})
    player.goto(table["player"])
    expect(player.locator("#live-status")).to_have_attribute("data-state", "live")
    assert_accessible(player, "table page, player (phone)")

    player.locator(f"a[href*='/characters/{table['character']}']").first.click()
    expect(player.locator("h1")).to_contain_text("Iris")
    assert_accessible(player, "character page")


def test_the_board_pages_have_no_serious_violation(browser: Any, server: str) -> None:
    """The board with a map, tokens, fog and the attack panel: the GM's (every tool) and a
    player's on a phone."""
    from playwright.sync_api import expect

    from web.browser_board.board_play import api_scene, new_game, open_board

    game = new_game(server, "warp")
    ids = api_scene(game, scale=10.0)
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    expect(gm.locator(".board-token")).to_have_count(4)
    gm.locator(f"[data-token='{ids['Brute']}']").focus()
    gm.keyboard.press("Enter")  # the token panel's controls shown too
    expect(gm.locator("#token-selected-name")).to_contain_text("Brute")
    assert_accessible(gm, "the GM's board")

    player = browser.new_page(viewport={"width": 390, "height": 844})
    open_board(player, game.ana.link)
    player.select_option("#attack-to", ids["Brute"])
    expect(player.locator("#attack-result .attack-board").first).to_be_visible()
    assert_accessible(player, "a player's board (phone)")
