"""The GM's « Vue des joueurs »: the scene as a player without a token of their own sees it,
without leaving the board page, and back. The GM had only the fog shaded over the whole map
and every token, hidden ones dashed: what the players saw was a guess. The view and the masked
image come from GM-only routes; live changes while it is on show what a player would see.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from web.axe_support import assert_accessible
from web.browser_board.board_play import (
    SECRET,
    api_scene,
    centre,
    colours,
    near,
    new_game,
    open_board,
    player_image,
)

pytestmark = pytest.mark.browser

NNBSP = "\u202f"


def _names(page: Any) -> list[str]:
    return sorted(page.evaluate("() => Object.values(window.ecranBoard.tokens).map(t => t.name)"))


def test_the_gm_sees_the_players_view_and_comes_back(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "warp")
    ids = api_scene(game)  # Aube, Boris, Brute in the revealed west half; Ombre hidden
    sid = ids["scene"]
    boris = [500, 200, 100, 100]  # Boris's square hidden again: Bruno alone sees him
    assert game.api(game.gm, "POST", f"/scenes/{sid}/fog", {"hide": [boris]}).status_code == 200
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    tokens = gm.locator("#board .board-token")
    expect(tokens).to_have_count(4)
    expect(gm.locator("#board .board-fog")).to_have_count(1)

    toggle = gm.locator("#board-players-view")
    expect(toggle).to_have_text("Vue des joueurs")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    status = gm.locator("#board .board-status")
    expect(status).to_have_text(f"Vue des joueurs{NNBSP}: ce que voit un joueur sans pion à lui")
    expect(tokens).to_have_count(2)
    assert _names(gm) == ["Aube", "Brute"]
    expect(gm.locator("#board .board-fog")).to_have_count(0)
    expect(gm.locator("#board .token-hidden")).to_have_count(0)
    image = gm.locator("#board img.board-image")
    base = f"/api/tables/{game.table}/scenes/{sid}"
    expect(image).to_have_attribute("src", re.compile(rf"^{base}/players/image\?v=\d+$"))
    shown = httpx.get(server + (image.get_attribute("src") or ""), headers=game.gm.auth)
    assert shown.content == player_image(game, game.ana, sid)
    assert not near(colours(shown.content), SECRET)  # the lair stays under the fog
    assert gm.evaluate(
        "id => !window.ecranBoard.markers[id].dragging.enabled()", ids["Aube"]
    )  # nothing to move in a player's view: the GM's tokens are moved in the GM's
    assert_accessible(gm, "the GM's players' view")

    # live: the secret NPC revealed shows up, then gone into the lair
    path = f"/scenes/{sid}/tokens/{ids['Ombre']}"
    assert game.api(game.gm, "PATCH", path, {"hidden": False}).status_code == 200
    expect(tokens).to_have_count(3)
    x, y = centre(11, 7)
    assert game.api(game.gm, "PATCH", path, {"x": x, "y": y}).status_code == 200
    expect(tokens).to_have_count(2)
    assert _names(gm) == ["Aube", "Brute"]

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(status).to_have_text("Retour à votre vue")
    expect(tokens).to_have_count(4)
    expect(gm.locator("#board .board-fog")).to_have_count(1)
    # the GM's own copy drawn over the players' one, which then goes (board.js `picture`)
    expect(gm.locator(f"#board img.board-image[src^='{base}/image?v=']")).to_have_count(1)
    expect(image).to_have_count(1)
    expect(image).to_have_attribute("src", re.compile(rf"^{base}/image\?v=\d+$"))
    assert gm.evaluate("id => window.ecranBoard.markers[id].dragging.enabled()", ids["Aube"])
