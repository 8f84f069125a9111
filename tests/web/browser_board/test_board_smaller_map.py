"""A GM replaces the map with a smaller one: the tokens its edges leave out come to the nearest
square inside, on the page at once, and the GM reads which (the secret one too; the players
only see their board change)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from web.browser_board.board_play import api_scene, gm_token_at, new_game, open_board

pytestmark = pytest.mark.browser


def _small_map() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (500, 500), (20, 60, 200)).save(out, format="PNG")
    return out.getvalue()


def test_a_smaller_map_brings_the_tokens_it_leaves_out_onto_it(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "warp")
    ids = api_scene(game)  # 100 px squares: Aube (150, 150), Boris (550, 250), Ombre (250, 750)
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    # the GM replaces the map they see: a press before the scene opened did nothing (its CI run)
    expect(gm.locator("#board")).to_have_attribute("data-scene", ids["scene"])
    gm.click("#scene-settings summary")
    file = {"name": "ile.png", "mimeType": "image/png", "buffer": _small_map()}
    gm.set_input_files("#scene-map", files=[file])
    gm.click("#scene-map-replace")
    expect(gm.locator("#board .board-status")).to_contain_text("Boris, Brute, Ombre")
    assert gm_token_at(game, ids["scene"], ids["Boris"]) == (450.0, 250.0)
    assert gm_token_at(game, ids["scene"], ids["Ombre"]) == (250.0, 450.0)
    assert gm_token_at(game, ids["scene"], ids["Aube"]) == (150.0, 150.0)
    gm.wait_for_function(
        "id => { const m = window.ecranBoard.markers[id];"
        " return m && m.getLatLng().lng === 450 && m.getLatLng().lat === -250; }",
        arg=ids["Boris"],
    )


def test_the_open_scenes_buttons_wait_for_it(browser: Any, server: str) -> None:
    """« Remplacer la carte » pressed before the page had opened its scene did nothing and said
    nothing (the smaller map's first CI run). The open scene's buttons now wait for it: the
    page's reading of the scene held back, they are disabled; once it is open, they act."""
    import re

    from playwright.sync_api import expect

    game = new_game(server, "warp")
    ids = api_scene(game)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    held: list[Any] = []
    view = re.compile(rf".*/scenes/{ids['scene']}$")

    def hold(route: Any) -> None:
        if route.request.method == "GET":
            held.append(route)
        else:
            route.continue_()

    page.route(view, hold)
    gm = open_board(page, game.gm.link)
    for _ in range(200):  # the page asks for its scene as it opens
        if held:
            break
        gm.wait_for_timeout(25)
    assert held, "the board page did not ask for its scene"
    gm.click("#scene-settings summary")
    for button in ("#scene-map-replace", "#grid-save", "#scene-show", "#scene-delete"):
        expect(gm.locator(button)).to_be_disabled()
    for route in held:
        route.continue_()
    gm.unroute(view)
    expect(gm.locator("#board")).to_have_attribute("data-scene", ids["scene"])
    expect(gm.locator("#scene-map-replace")).to_be_enabled()
    file = {"name": "ile.png", "mimeType": "image/png", "buffer": _small_map()}
    gm.set_input_files("#scene-map", files=[file])
    gm.click("#scene-map-replace")
    expect(gm.locator("#board .board-status")).to_contain_text("Boris, Brute, Ombre")
