"""A player on a plain scene (no map: a grid) sees where the fog is. Their board drew the plain
grid with the tokens they see and nothing else: an unexplored area looked like an empty room
already revealed. The server's fog overlay now covers what they do not see, under their tokens,
and a reveal shows live; the GM's « Vue des joueurs » lays the same.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from ecran.play.board.image import FOG_RGB
from web.axe_support import assert_accessible
from web.browser_board.board_play import REVEALED, SQUARE, centre, new_game, open_board, screen

pytestmark = pytest.mark.browser

#: The plain scene's ground (board.css's `.board-plain`) and a token's face (`.board-token`).
GROUND = (244, 241, 234)
TOKEN = (59, 74, 107)
EAST = (700, 0, 700, 1000)

#: The fog overlay the page shows: one, its address, drawn.
OVERLAY = """() => {
    const shown = [...document.querySelectorAll('#board img.board-fog-overlay')];
    return shown.length === 1 && shown[0].complete && shown[0].naturalWidth > 0
        ? shown[0].getAttribute('src') : null;
}"""


def _colour(page: Any, x: float, y: float, down: float = 0) -> tuple[int, int, int]:
    """The colour on the screen at the scene's pixel (x, y), `down` screen pixels lower."""
    sx, sy = screen(page, x, y)
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    scale = shot.width / page.viewport_size["width"]
    r, g, b = shot.getpixel((round(sx * scale), round((sy + down) * scale)))
    return (r, g, b)


def _near(found: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(found, colour, strict=True))


def test_a_player_sees_the_fog_of_a_plain_scene_and_a_reveal_live(
    browser: Any, server: str
) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "warp")
    made = game.api(
        game.gm,
        "POST",
        "/scenes",
        {"name": "Lande", "width": 1400, "height": 1000, "grid_size": SQUARE, "show": True},
    )
    assert made.status_code == 201, made.text
    sid = made.json()["scene"]["id"]
    for name, (col, row) in {"Aube": (10, 2), "Boris": (9, 5)}.items():
        x, y = centre(col, row)
        body = {"x": x, "y": y, "character_id": game.characters[name]}
        assert game.api(game.gm, "POST", f"/scenes/{sid}/tokens", body).status_code == 201
    assert game.api(game.gm, "POST", f"/scenes/{sid}/fog", {"reveal": [list(REVEALED)]}).is_success

    ana = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.ana.link)
    base = f"/api/tables/{game.table}/scenes/{sid}"
    first = ana.wait_for_function(OVERLAY).json_value()
    assert re.fullmatch(rf"{base}/fog/image\?v=\d+", first)
    west, east = centre(2, 6), centre(10, 6)
    assert _near(_colour(ana, *west), GROUND)
    assert _near(_colour(ana, *east), FOG_RGB)  # unexplored, not an empty room
    # her own Aube in the fog is drawn over it (below its letters: its face); Boris, Bruno's
    # in the fog, is not sent
    expect(ana.locator("#board .board-token")).to_have_count(1)
    assert _near(_colour(ana, *centre(10, 2), down=16), TOKEN)
    assert_accessible(ana, "a player's plain scene under the fog")

    # live: the east half revealed, the fog goes from her screen without a reload
    assert game.api(game.gm, "POST", f"/scenes/{sid}/fog", {"reveal": [list(EAST)]}).is_success
    second = ana.wait_for_function(f"() => ({OVERLAY})() !== {first!r} && ({OVERLAY})()")
    assert _near(_colour(ana, *east), GROUND)
    expect(ana.locator("#board .board-token")).to_have_count(2)  # Boris, now in the light

    # the GM's own view keeps the strokes shaded; their « Vue des joueurs » lays the overlay
    assert game.api(game.gm, "POST", f"/scenes/{sid}/fog", {"hide": [list(EAST)]}).is_success
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    expect(gm.locator("#board .board-fog")).to_have_count(1)
    expect(gm.locator("#board img.board-fog-overlay")).to_have_count(0)
    gm.click("#board-players-view")
    seen = [first, second.json_value()]
    hers = ana.wait_for_function(f"s => !s.includes(({OVERLAY})()) && ({OVERLAY})()", arg=seen)
    assert gm.wait_for_function(OVERLAY).json_value() == hers.json_value()
    assert _near(_colour(gm, *east), FOG_RGB) and _near(_colour(gm, *west), GROUND)
    assert_accessible(gm, "the GM's players' view of a plain scene")
