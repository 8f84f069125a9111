"""A player's masked map stays on the screen while its new copy loads. On every change of the
fog the board removed the map at once and laid the new masked copy: until it came, the player
saw the bare background (a flash of the whole board, longer on a slow link). The old copy now
stays under the new one until the new one is drawn, as a plain scene's fog overlay does."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.browser_board.board_play import api_scene, new_game, open_board

pytestmark = pytest.mark.browser

#: The masked map copies the page holds, each with whether it is drawn.
COPIES = """() => [...document.querySelectorAll('#board img.board-image')].map(
    img => [img.getAttribute('src'), img.complete && img.naturalWidth > 0])"""


def test_the_masked_map_stays_until_its_new_copy_is_drawn(browser: Any, server: str) -> None:
    game = new_game(server, "warp")
    ids = api_scene(game)
    ana = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.ana.link)
    ana.wait_for_function(f"() => ({COPIES})().length === 1 && ({COPIES})()[0][1]")
    [(first, _drawn)] = ana.evaluate(COPIES)

    held: list[Any] = []
    new_copy = re.compile(r"/scenes/[^/]+/image\?v=")
    ana.route(new_copy, lambda route: held.append(route))
    east = {"reveal": [[700, 0, 100, 100]]}
    assert game.api(game.gm, "POST", f"/scenes/{ids['scene']}/fog", east).is_success
    ana.wait_for_function(f"() => ({COPIES})().some(([src]) => src !== {first!r})")
    copies = ana.evaluate(COPIES)
    assert [first, True] in copies, copies  # the old copy, still drawn, while the new one loads

    for route in held:  # a request not routed yet goes on its way at `unroute`
        route.continue_()
    ana.unroute(new_copy)
    ana.wait_for_function(
        f"() => ({COPIES})().length === 1 && ({COPIES})()[0][0] !== {first!r} && ({COPIES})()[0][1]"
    )
