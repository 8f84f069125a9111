"""The GM lines the grid up with the map from the board page. A map comes with its own drawn
grid, rarely at the page's default of 70 px from the corner; the scene's size, shift, scale
and diagonal rule were only the API's (PATCH …/scenes/{sid}), so a GM who got the size wrong
at creation had to make the scene again and place every token anew. Now « Cette scène : nom,
grille, carte » shows the open scene's and saves them: the grid's lines move, a token placed
after snaps to the new squares, and the players' pages follow live.
"""

from __future__ import annotations

from typing import Any

import pytest

from web.axe_support import assert_accessible
from web.browser_board.board_play import api_scene, new_game, open_board

pytestmark = pytest.mark.browser


def test_the_gm_sets_the_scenes_grid_from_the_page(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "fluid")
    ids = api_scene(game)
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    ana = open_board(browser.new_page(viewport={"width": 390, "height": 844}), game.ana.link)

    gm.click("#scene-settings summary")
    expect(gm.locator("#grid-name")).to_have_value("Crypte")
    expect(gm.locator("#grid-size")).to_have_value("100")
    expect(gm.locator("#grid-offset-x")).to_have_value("0")
    assert_accessible(gm, "the GM's scene settings")

    gm.fill("#grid-name", "Crypte du phare")
    gm.fill("#grid-size", "50")
    gm.fill("#grid-offset-x", "20")
    gm.fill("#grid-offset-y", "10")
    gm.fill("#grid-scale", "2")
    gm.select_option("#grid-diagonal", "chebyshev")
    gm.click("#grid-save")
    expect(gm.locator("#board .board-status")).to_have_text("Nom et grille enregistrés")
    scene = game.api(game.gm, "GET", f"/scenes/{ids['scene']}").json()["scene"]
    assert (scene["name"], scene["grid_size"], scene["offset_x"], scene["offset_y"]) == (
        "Crypte du phare", 50, 20, 10,
    )  # fmt: skip
    assert (scene["unit_per_square"], scene["diagonal"]) == (2, "chebyshev")
    expect(gm.locator("#scene-pick option:checked")).to_contain_text("Crypte du phare")
    for page in (gm, ana):
        page.wait_for_function(
            "() => window.ecranBoard.scene && window.ecranBoard.scene.grid_size === 50"
            " && window.ecranBoard.scene.offset_x === 20"
        )
    expect(ana.locator("#board-scene-name")).to_have_text("Crypte du phare")
    # the squares now start at x = 20: a token placed snaps to the new grid's centre
    centre = gm.evaluate("() => window.ecranBoardTools.cell(95, 95)")
    assert centre == {"x": 95, "y": 85}
