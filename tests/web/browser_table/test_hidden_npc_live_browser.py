"""In a real browser: Ana has the encounter's page open while an NPC of it stands hidden on the
board (« Caché aux joueurs »): her tracker does not list it. When the GM reveals its token, it
joins her tracker without a reload; hidden again, it leaves it. The GM's tracker lists it all
along, marked « caché aux joueurs » while hidden."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.browser_table.api_support import started_fight

pytestmark = pytest.mark.browser

SHADOW = "Ombre-Furtive"


def _open(browser: Any, server: str, table: str, eid: str, token: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    page.goto(f"{server}/tables/{table}/encounters/{eid}?token={token}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


def test_a_revealed_npc_joins_the_players_tracker_live(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    api, tokens, eid = started_fight(server, "artemis")
    gm = tokens["MJ"]
    npc = {**get_system("artemis").random_npc(Roller(3)).model_dump(mode="json"), "name": SHADOW}
    added = api.call("POST", gm, f"/encounters/{eid}/participants", {"name": SHADOW, "sheet": npc})
    pid = added["payload"]["participant_id"]
    made = api.call("POST", gm, "/scenes", {"name": "Crypte", "width": 700, "height": 700})
    sid = made["scene"]["id"]
    body = {"x": 105, "y": 105, "participant_id": pid, "name": SHADOW, "hidden": True}
    token = api.call("POST", gm, f"/scenes/{sid}/tokens", body)["token"]["id"]
    ana = _open(browser, server, api.table, eid, tokens["Ana"])
    theirs = ana.locator(f"#order [data-participant='{pid}']")
    expect(ana.locator("#order .participant")).to_have_count(2)
    expect(theirs).to_have_count(0)
    gm_page = _open(browser, server, api.table, eid, gm)
    expect(gm_page.locator(f"[data-participant='{pid}'] [data-unseen]")).to_be_visible()
    path = f"/scenes/{sid}/tokens/{token}"
    api.call("PATCH", gm, path, {"hidden": False})
    expect(theirs).to_contain_text(SHADOW)
    expect(gm_page.locator(f"[data-participant='{pid}'] [data-unseen]")).to_have_count(0)
    api.call("PATCH", gm, path, {"hidden": True})
    expect(theirs).to_have_count(0)
    assert SHADOW not in ana.content()
