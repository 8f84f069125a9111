"""The board's status line, built by the page's scripts, printed as each language prints it:
« Distance : 4,1 m » in French (a narrow no-break space before the colon, a no-break space
before the unit), "Distance: 4.1 m" in English, never "Distance : 4.1 m" (French spacing in
an English page), nor a refusal as « Refusé : … » with a plain space that may wrap.
"""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import api_scene, new_game, open_board

pytestmark = pytest.mark.browser

SAID = {
    "fr": ("Distance\u202f: 4,1\u00a0m", "Déplacement refusé\u202f: "),
    "en": ("Distance: 4.1\u00a0m", "Move refused: "),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_status_line_in_the_readers_typography(browser: Any, server: str, lang: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "fluid")
    ids = api_scene(game)
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="fr-FR" if lang == "fr" else "en-GB"
    )
    ana = open_board(context.new_page(), game.ana.link)
    status = ana.locator("#board .board-status")
    measure = "Mesurer" if lang == "fr" else "Measure"
    ana.get_by_role("button", name=measure).click()
    ana.locator(f"[data-token='{ids['Aube']}']").click()
    ana.locator(f"[data-token='{ids['Boris']}']").click()
    expect(status).to_contain_text("4,1" if lang == "fr" else "4.1")
    distance, refused = SAID[lang]
    assert status.evaluate("e => e.textContent") == distance

    # Bruno moves Boris out of his turn (it is Aube's), by the keyboard: refused, and said so
    bruno = open_board(context.new_page(), game.bruno.link)
    bruno.locator(f"[data-token='{ids['Boris']}']").focus()
    bruno.keyboard.press("ArrowRight")
    said = bruno.locator("#board .board-status")
    expect(said).to_contain_text(refused.strip(" :\u202f"))
    assert said.evaluate("e => e.textContent").startswith(refused)
    context.close()
