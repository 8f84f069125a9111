"""The GM's attack panel keeps the pair the GM picked (real headless Chromium).

The tracker loads the panel of whose turn it is as soon as it appears; the GM may pick another
attacker and target before that first answer arrives (a busy server, a costly pair's odds). The
late answer must not replace the panel of the GM's pair: the selects would say one pair and the
panel, its odds and its "Roll the attack" another. The first answer is held back here until the
GM has picked, then let through: the GM's pair must be the panel left."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_support import (
    HeldAnswers,
    ana_against_brute,
    create_table,
    page_table,
    page_token,
    table_api,
)

pytestmark = pytest.mark.browser

SYSTEM = "organique"
PANEL = ".attack-panel"


def test_a_late_first_panel_never_replaces_the_pair_the_gm_picked(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    create_table(gm, server, SYSTEM, "Embuscade")
    eid = ana_against_brute(gm, server, SYSTEM, (3, 9))  # Brute (p2) acts first

    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    gm.route("**/attack-panel?*", hold_the_first)
    gm.goto(f"{server}/tables/{page_table(gm)}/encounters/{eid}?token={page_token(gm)}")
    expect(gm.locator("#attack-attacker")).to_have_value("p2")
    gm.wait_for_function("() => document.querySelector('#attack-panel .attack-panel') === null")
    assert len(held) == 1 and "a_attacker=p2" in held[0].request.url

    gm.select_option("#attack-attacker", "p1")
    gm.select_option("#attack-target", "p2")
    picked = gm.locator(f'{PANEL}[data-attacker="p1"][data-target="p2"]')
    # the first answer arrives only now, after the GM's pick was asked
    gm.wait_for_timeout(500)
    held[0].continue_()
    gm.wait_for_load_state("networkidle")
    expect(gm.locator(PANEL)).to_have_count(1)
    expect(picked).to_be_visible()
    expect(gm.locator("#attack-attacker")).to_have_value("p1")
    gm.context.close()


def test_the_gms_pick_stays_when_a_steps_late_answer_lands(server: str, browser: Any) -> None:
    """The GM undoes a step and at once picks another pair: the undo's live notice reloads the
    tracker first, then the undo's own answer lands, drawn with the pair of before the pick
    (the current turn's). The GM's pick stays, with its panel."""
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    create_table(gm, server, SYSTEM, "Relève")
    eid = ana_against_brute(gm, server, SYSTEM, (3, 9))  # Brute (p2) acts first
    sbire = {"random_npc": True, "seed": 13, "name": "Sbire", "initiative": 1}
    assert table_api(gm, server, f"/encounters/{eid}/participants", sbire).status == 201
    assert table_api(gm, server, f"/encounters/{eid}/next", {}).ok  # Ana's turn: a step to undo
    gm.goto(f"{server}/tables/{page_table(gm)}/encounters/{eid}?token={page_token(gm)}")
    expect(gm.locator("#attack-attacker")).to_have_value("p1")
    expect(gm.locator(PANEL)).to_have_count(1)

    held = HeldAnswers(gm, "**/step*")
    version = gm.locator(".enc-status").get_attribute("data-version")
    gm.click('button[data-step="undo"]')
    # the undo is stored (its answer held back here): its live notice reloads the tracker
    gm.wait_for_function(
        "v => document.querySelector('.enc-status').dataset.version !== v", arg=version
    )
    held.wait()
    gm.select_option("#attack-attacker", "p3")
    gm.select_option("#attack-target", "p1")
    picked = gm.locator(f'{PANEL}[data-attacker="p3"][data-target="p1"]')
    expect(picked).to_be_visible()
    held.release()  # the undo's answer: Brute's turn, drawn with his pair
    gm.wait_for_load_state("networkidle")
    expect(gm.locator(".enc-status")).to_have_attribute("data-round", "1")
    expect(gm.locator("#attack-attacker")).to_have_value("p3")
    expect(gm.locator("#attack-target")).to_have_value("p1")
    expect(gm.locator(PANEL)).to_have_count(1)
    expect(picked).to_be_visible()
    gm.context.close()
