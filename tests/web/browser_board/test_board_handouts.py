"""The Documents panel in three browsers (real headless Chromium): the GM shares a letter with
Ana only, from the board page; it appears live in Ana's panel, its Markdown rendered, and never
reaches Bruno (every frame and answer his browser got, and the API once more) until the GM
shows it to him too, live. A map handed out to everyone shows in both panels.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from web.axe_support import assert_accessible
from web.browser_board.board_play import Received, map_png, never_sent, new_game, open_board

pytestmark = pytest.mark.browser


def test_a_handout_for_ana_only_then_for_bruno(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "nephilim")
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    ana = open_board(browser.new_page(viewport={"width": 900, "height": 900}), game.ana.link)
    seen_by_bruno = Received()
    bruno = open_board(
        seen_by_bruno.listen(browser.new_page(viewport={"width": 900, "height": 900})),
        game.bruno.link,
    )

    gm.click("#handout-new summary")
    gm.fill("#handout-title", "Lettre scellée")
    gm.fill("#handout-text", "**Rendez-vous** au phare à minuit.\n\n<script>x()</script>")
    gm.uncheck("#handout-all")
    gm.check(f"#handout-form input[name='to'][value='{game.ana.member_id}']")
    gm.click("#handout-share")
    letter = ana.locator("#handouts li[data-handout]")
    expect(letter).to_have_count(1)
    expect(letter.locator("h3")).to_have_text("Lettre scellée")
    expect(letter.locator("strong")).to_have_text("Rendez-vous")  # Markdown, rendered
    expect(letter.locator("script")).to_have_count(0)  # raw HTML is not
    handout = str(letter.get_attribute("data-handout"))
    assert_accessible(ana, "a player's Documents panel")

    answer = game.api(game.bruno, "GET", "/handouts").json()
    board = game.api(game.bruno, "GET", "/board").json()
    texts = [*seen_by_bruno.texts(), json.dumps(answer), json.dumps(board)]
    never_sent(texts, "Lettre scellée", "Rendez-vous", handout)
    expect(bruno.locator("#handouts li[data-handout]")).to_have_count(0)

    # later, the GM shows it to Bruno too: it comes to his panel live
    row = gm.locator(f"#handouts li[data-handout='{handout}'] .handout-reveal")
    row.locator(f"input[value='{game.bruno.member_id}']").check()
    row.locator(".handout-reveal-button").click()
    expect(bruno.locator(f"#handouts li[data-handout='{handout}'] strong")).to_have_text(
        "Rendez-vous"
    )

    # a map for everyone, an image: both see it (loaded, not a broken picture)
    gm.fill("#handout-title", "Plan du phare")
    gm.check("#handout-all")
    file = {"name": "plan.png", "mimeType": "image/png", "buffer": map_png()}
    gm.set_input_files("#handout-image", files=[file])
    gm.click("#handout-share")
    for page in (ana, bruno):
        picture = page.locator("#handouts li[data-handout] img[alt='Plan du phare']")
        expect(picture).to_have_count(1)
        page.wait_for_function(
            "() => { const i = document.querySelector(\"#handouts img[alt='Plan du phare']\");"
            " return i && i.complete && i.naturalWidth > 0; }"
        )
