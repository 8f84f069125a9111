"""A token covers its square at the map's zoom, on a desktop and on a phone: it was 24 to 64
screen pixels whatever the zoom (a speck on a zoomed-in map, a blot over four squares on a
phone's zoomed-out one). Zoomed far out it keeps a fingertip's size, centred on its square."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import SQUARE, api_scene, new_game, open_board, screen

pytestmark = pytest.mark.browser

#: The smallest token a finger is given (board.js's TOKEN_MIN), in screen pixels.
TOKEN_MIN = 32


def _boxes(page: Any, token_id: str, col: int, row: int) -> tuple[dict[str, float], Any]:
    """The token's box on the screen and its square's (x, y, width, height)."""
    left, top = screen(page, col * SQUARE, row * SQUARE)
    right, bottom = screen(page, (col + 1) * SQUARE, (row + 1) * SQUARE)
    box = page.locator(f"[data-token='{token_id}']").bounding_box()
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}, box


def _covers(page: Any, token_id: str, zoom: float) -> None:
    page.evaluate("z => window.ecranBoard.map.setZoom(z, {animate: false})", zoom)
    page.wait_for_function("z => window.ecranBoard.map.getZoom() === z", arg=zoom)
    cell, token = _boxes(page, token_id, 1, 1)  # Aube's square
    assert token is not None
    side = cell["width"]
    assert side == pytest.approx(SQUARE * 2**zoom, abs=0.5)
    centre = (cell["x"] + side / 2, cell["y"] + side / 2)
    assert token["x"] + token["width"] / 2 == pytest.approx(centre[0], abs=2)
    assert token["y"] + token["height"] / 2 == pytest.approx(centre[1], abs=2)
    if side * 0.9 >= TOKEN_MIN:  # most of its square, inside it
        assert 0.8 * side <= token["width"] <= side, (zoom, side, token)
        assert token["height"] == pytest.approx(token["width"], abs=0.5)
    else:  # a fingertip, over its square
        assert token["width"] == pytest.approx(TOKEN_MIN, abs=0.5), (zoom, side, token)


@pytest.mark.parametrize(
    ("viewport", "phone", "zooms"),
    [((1280, 1000), False, (0.0, 1.0)), ((390, 844), True, (-2.0, 0.0))],
)
def test_a_token_covers_its_square_at_each_zoom(
    browser: Any, server: str, viewport: tuple[int, int], phone: bool, zooms: tuple[float, ...]
) -> None:
    game = new_game(server, "warp")
    ids = api_scene(game)
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = open_board(context.new_page(), game.ana.link)
    page.wait_for_selector(f"[data-token='{ids['Aube']}']")
    for zoom in zooms:
        _covers(page, ids["Aube"], zoom)
    context.close()
