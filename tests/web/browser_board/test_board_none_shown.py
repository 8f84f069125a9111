"""The GM stops showing any scene (« shown »: null) while Ana looks at the board: her map
empties, and her page said the old scene's name still (« Crypte ») over an empty map, instead
of « Aucune scène n'est montrée pour l'instant. ». Shown again, the name comes back.
"""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import api_scene, new_game, open_board

pytestmark = pytest.mark.browser


def test_a_scene_no_longer_shown_is_no_longer_named(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "warp")
    ids = api_scene(game)
    ana = open_board(browser.new_page(viewport={"width": 390, "height": 844}), game.ana.link)
    name = ana.locator("#board-scene-name")
    expect(name).to_have_text("Crypte")
    assert game.api(game.gm, "PUT", "/shown", {"scene_id": None}).status_code == 200
    expect(ana.locator(".board-token")).to_have_count(0)
    expect(name).to_have_text("Aucune scène n'est montrée pour l'instant.")
    assert game.api(game.gm, "PUT", "/shown", {"scene_id": ids["scene"]}).status_code == 200
    expect(name).to_have_text("Crypte")
    expect(ana.locator(".board-token")).to_have_count(3)
