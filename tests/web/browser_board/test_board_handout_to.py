"""The Documents panel's « Pour » boxes as a GM uses them: « Tout le monde » comes ticked, and a
GM who ticks Ana alone means Ana alone. The letter must not reach Bruno (it did: « Tout le
monde » stayed ticked and won). Ticking « Tout le monde » again unticks the players; with no
box ticked the document is kept for the GM alone (the API's « to »: []), and the page says so
instead of « Document partagé ».
"""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import new_game, open_board

pytestmark = pytest.mark.browser


def test_ticking_a_player_shares_with_that_player_alone(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    game = new_game(server, "warp")
    gm = open_board(browser.new_page(viewport={"width": 1280, "height": 1000}), game.gm.link)
    gm.click("#handout-new summary")
    expect(gm.locator("#handout-all")).to_be_checked()
    ana_box = gm.locator(f"#handout-form input[name='to'][value='{game.ana.member_id}']")
    ana_box.check()
    expect(gm.locator("#handout-all")).not_to_be_checked()
    gm.fill("#handout-title", "Lettre pour Ana")
    gm.fill("#handout-text", "Le phare, à minuit.")
    gm.click("#handout-share")
    expect(gm.locator("#board .board-status")).to_have_text("Document partagé")
    expect(gm.locator("#handouts li[data-handout]")).to_have_count(1)
    assert game.api(game.bruno, "GET", "/handouts").json()["handouts"] == []
    shared = game.api(game.ana, "GET", "/handouts").json()["handouts"]
    assert [h["title"] for h in shared] == ["Lettre pour Ana"]

    # « Tout le monde » ticked again unticks the players; none ticked: kept for the GM, said
    ana_box.check()
    gm.check("#handout-all")
    expect(ana_box).not_to_be_checked()
    gm.uncheck("#handout-all")
    gm.fill("#handout-title", "Notes du MJ")
    gm.fill("#handout-text", "Ombre attend au phare.")
    gm.click("#handout-share")
    expect(gm.locator("#board .board-status")).to_have_text(
        "Document gardé pour vous seul : « Leur montrer aussi » le donnera aux joueurs"
    )
    kept = gm.locator("#handouts li[data-handout]").filter(has_text="Notes du MJ")
    expect(kept.locator(".handout-reveal > span")).to_have_text("→ vous seul")
    for player in (game.ana, game.bruno):
        titles = [h["title"] for h in game.api(player, "GET", "/handouts").json()["handouts"]]
        assert "Notes du MJ" not in titles
