"""A GM makes a scene whose square is worth 1,25 m, on a map whose drawn squares are 72,5 px
(a 2 900 px map of 40 squares): « Une case vaut » took steps of 0,1 only and « Case (px) »
whole pixels, so the browser refused the form (« valeur non valide ») and nothing was made.
Any value the server takes is typed.
"""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import new_game, open_board

pytestmark = pytest.mark.browser


def test_a_square_worth_one_and_a_quarter_metres(browser: Any, server: str) -> None:
    game = new_game(server, "warp")
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    gm.fill("#scene-name", "Quai")
    gm.fill("#scene-scale", "1.25")
    gm.fill("#scene-grid", "72.5")
    assert gm.evaluate("() => document.getElementById('scene-form').checkValidity()")
    gm.click("#scene-create")
    gm.wait_for_function("() => window.ecranBoard.scene && window.ecranBoard.scene.name === 'Quai'")
    [made] = game.api(game.gm, "GET", "/scenes").json()["scenes"]
    assert (made["scene"]["unit_per_square"], made["scene"]["grid_size"]) == (1.25, 72.5)
