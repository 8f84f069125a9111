"""In a real browser: the GM adds an NPC with the tracker's « caché aux joueurs » box ticked while
Ana has the encounter's page open: it never shows on her tracker. « Montrer aux joueurs », in its
GM tools, brings it there without a reload; « Cacher aux joueurs » takes it away again."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_table.api_support import started_fight
from web.browser_table.test_hidden_npc_live_browser import _open

pytestmark = pytest.mark.browser

AMBUSH = "Embusqué-Noir"


def test_an_npc_added_hidden_stays_off_the_players_tracker_until_shown(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    api, tokens, eid = started_fight(server, "artemis")
    ana = _open(browser, server, api.table, eid, tokens["Ana"])
    gm = _open(browser, server, api.table, eid, tokens["MJ"])
    expect(ana.locator("#order .participant")).to_have_count(2)
    form = gm.locator("form:has(#add-npc)")
    form.locator("input[name='name']").fill(AMBUSH)
    form.get_by_label("caché aux joueurs").check()
    form.locator("#add-npc").click()
    mine = gm.locator("#order .participant", has_text=AMBUSH)
    expect(mine.locator("[data-unseen]")).to_be_visible()
    expect(gm.locator("#order .participant")).to_have_count(3)
    # the step reached her, as the GM running the encounter, naming no one
    expect(ana.locator(".entry .what", has_text="Le MJ mène la rencontre")).to_have_count(1)
    expect(ana.locator("#order .participant")).to_have_count(2)
    assert AMBUSH not in ana.content()

    mine.locator("details.p-tools > summary").click()
    mine.get_by_role("button", name="Montrer aux joueurs").click()
    expect(ana.locator("#order .participant", has_text=AMBUSH)).to_have_count(1)
    mine = gm.locator("#order .participant", has_text=AMBUSH)
    expect(mine.locator("[data-unseen]")).to_have_count(0)
    mine.locator("details.p-tools > summary").click()
    mine.get_by_role("button", name="Cacher aux joueurs").click()
    expect(ana.locator("#order .participant", has_text=AMBUSH)).to_have_count(0)
    # the line that showed it stays in her live log, as she read it then (it was seen)
    assert AMBUSH not in ana.locator("#order").inner_text()
