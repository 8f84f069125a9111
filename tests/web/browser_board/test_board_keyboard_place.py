"""A GM without a mouse places a token. « Placer sur la carte » waited for a click on the map,
which a keyboard cannot make: the token could not be placed at all. Now, while placing, Enter
on the focused map places it on the square at the centre of the view (the status line says
so) and gives it the focus: the arrow keys then move it square by square as any token.
"""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import api_scene, new_game, open_board

pytestmark = pytest.mark.browser


def test_the_gm_places_a_token_with_the_keyboard(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "fluid")
    ids = api_scene(game)
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    value = gm.evaluate(
        """() => [...document.querySelectorAll('#token-who option')]
            .find(o => o.textContent.trim().startsWith('Brute')).value"""
    )
    gm.select_option("#token-who", value)
    gm.focus("#token-place")
    gm.keyboard.press("Enter")
    expect(gm.locator("#board .board-status")).to_contain_text("Entrée")
    gm.focus("#board .board-map")
    before = len(game.api(game.gm, "GET", f"/scenes/{ids['scene']}").json()["tokens"])
    gm.keyboard.press("Enter")
    expect(gm.locator("#board .board-status")).to_have_text("Pion placé")
    tokens = game.api(game.gm, "GET", f"/scenes/{ids['scene']}").json()["tokens"]
    assert len(tokens) == before + 1
    placed = [t for t in tokens if t["name"] == "Brute" and t["id"] != ids["Brute"]]
    assert len(placed) == 1, tokens
    centre = gm.evaluate(
        "() => { const c = window.ecranBoard.map.getCenter();"
        " return window.ecranBoardTools.cell(c.lng, -c.lat); }"
    )
    assert (placed[0]["x"], placed[0]["y"]) == (centre["x"], centre["y"])
    gm.keyboard.press("ArrowRight")
    gm.wait_for_function(
        "([id, x]) => { const t = window.ecranBoard.tokens[id]; return t && t.x === x; }",
        arg=[placed[0]["id"], placed[0]["x"] + 100],
    )
