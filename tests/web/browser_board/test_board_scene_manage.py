"""The GM replaces a scene's map and deletes a scene from the board page (both were only the
API's: PUT …/image, DELETE …/scenes/{sid}). The new map reaches the players masked as the old
one was, tokens and fog kept; deleting asks first, and a GM who says no keeps the scene.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from web.browser_board.board_play import (
    GROUND,
    api_scene,
    colours,
    near,
    new_game,
    open_board,
    player_image,
)

pytestmark = pytest.mark.browser

SEA = (20, 60, 200)


def _sea(width: int = 1400, height: int = 1000) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), SEA).save(out, format="PNG")
    return out.getvalue()


def test_the_gm_replaces_the_map_then_deletes_a_scene(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "warp")
    ids = api_scene(game)
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    gm.click("#scene-settings summary")
    file = {"name": "mer.png", "mimeType": "image/png", "buffer": _sea()}
    gm.set_input_files("#scene-map", files=[file])
    gm.click("#scene-map-replace")
    expect(gm.locator("#board .board-status")).to_have_text("Carte remplacée")
    seen = colours(player_image(game, game.ana, ids["scene"]))
    assert near(seen, SEA) and not near(seen, GROUND)
    tokens = game.api(game.gm, "GET", f"/scenes/{ids['scene']}").json()["tokens"]
    assert len(tokens) == 4

    # a second scene, opened; the GM says no, then yes
    made = game.api(game.gm, "POST", "/scenes", {"name": "Port", "width": 700, "height": 700})
    port = made.json()["scene"]["id"]
    gm.reload()
    gm.wait_for_function("() => window.ecranBoard && window.ecranBoardTools")
    gm.select_option("#scene-pick", port)
    gm.wait_for_function(
        "id => window.ecranBoard.scene && window.ecranBoard.scene.id === id", arg=port
    )
    gm.click("#scene-settings summary")
    gm.once("dialog", lambda dialog: dialog.dismiss())
    gm.click("#scene-delete")
    assert any(
        s["scene"]["id"] == port for s in game.api(game.gm, "GET", "/scenes").json()["scenes"]
    )
    asked: list[str] = []

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    gm.once("dialog", accept)
    gm.click("#scene-delete")
    expect(gm.locator("#board .board-status")).to_have_text("Scène supprimée")
    assert asked and "brouillard" in asked[0]
    left = [s["scene"]["id"] for s in game.api(game.gm, "GET", "/scenes").json()["scenes"]]
    assert left == [ids["scene"]]
    expect(gm.locator(f"#scene-pick option[value='{port}']")).to_have_count(0)
    gm.wait_for_function(
        "id => window.ecranBoard.scene && window.ecranBoard.scene.id === id", arg=ids["scene"]
    )
