"""The board on a phone (390 x 844, touch) and by keyboard, in real headless Chromium.

On the phone: Ana's page does not overflow, she drags her character's token with a finger (on
her turn) and the server keeps the move, she pinches the map to zoom in; axe-core finds no
serious violation. By keyboard: a focused token moves one square per arrow key, and Enter
selects it (the GM's token panel then names it).
"""

from __future__ import annotations

from typing import Any

import pytest

from web.axe_support import assert_accessible
from web.browser_board.board_play import (
    api_scene,
    centre,
    gm_token_at,
    new_game,
    open_board,
    screen,
)
from web.browser_support import shoot

pytestmark = pytest.mark.browser
Point = tuple[float, float]


class Finger:
    """Touches sent through the Chrome DevTools Protocol (Playwright's touchscreen taps only)."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        touches = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})

    def slide(
        self, page: Any, paths: list[tuple[tuple[float, float], tuple[float, float]]]
    ) -> None:
        """Each finger from its start to its end together, in small steps."""
        self.send("touchStart", [start for start, _ in paths])
        steps = 20
        for step in range(1, steps + 1):
            self.send(
                "touchMove",
                [
                    (a[0] + (b[0] - a[0]) * step / steps, a[1] + (b[1] - a[1]) * step / steps)
                    for a, b in paths
                ],
            )
            page.wait_for_timeout(40)
        page.wait_for_timeout(200)  # the last move drawn before the finger lifts
        self.send("touchEnd", [])


def test_a_player_on_a_phone(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "fluid")
    ids = api_scene(game)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = open_board(context.new_page(), game.ana.link)
    expect(page.locator(".board-token")).to_have_count(3)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert_accessible(page, "a player's board on a phone")

    finger = Finger(page)
    page.locator("#board").scroll_into_view_if_needed()
    finger.slide(page, [(screen(page, *centre(1, 1)), screen(page, *centre(3, 1)))])
    page.wait_for_function(
        "([id, x]) => window.ecranBoard.tokens[id] && window.ecranBoard.tokens[id].x === x",
        arg=[ids["Aube"], centre(3, 1)[0]],
    )
    assert gm_token_at(game, ids["scene"], ids["Aube"]) == centre(3, 1)

    zoom = page.evaluate("() => window.ecranBoard.map.getZoom()")
    box = page.locator(".board-map").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8
    finger.slide(page, [((cx - 20, cy), (cx - 120, cy)), ((cx + 20, cy), (cx + 120, cy))])
    page.wait_for_function("z => window.ecranBoard.map.getZoom() > z", arg=zoom)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shoot(page, "board-phone-player")
    context.close()


def test_tokens_by_keyboard(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "fluid")
    ids = api_scene(game)
    page = open_board(browser.new_page(viewport={"width": 1000, "height": 900}), game.ana.link)
    token = page.locator(f"[data-token='{ids['Aube']}']")
    token.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "([id, x]) => window.ecranBoard.tokens[id].x === x",
        arg=[ids["Aube"], centre(2, 1)[0]],
    )
    assert gm_token_at(game, ids["scene"], ids["Aube"]) == centre(2, 1)
    page.locator(f"[data-token='{ids['Aube']}']").focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "([id, y]) => window.ecranBoard.tokens[id].y === y",
        arg=[ids["Aube"], centre(2, 2)[1]],
    )

    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    gm.locator(f"[data-token='{ids['Brute']}']").focus()
    gm.keyboard.press("Enter")
    expect(gm.locator("#token-selected-name")).to_have_text("Brute")
    gm.keyboard.press("ArrowLeft")  # the GM moves any token
    gm.wait_for_function(
        "([id, x]) => window.ecranBoard.tokens[id].x === x",
        arg=[ids["Brute"], centre(4, 1)[0]],
    )
