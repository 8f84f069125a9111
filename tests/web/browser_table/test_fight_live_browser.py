"""#30 item 1 in real browsers, once per game: Ana and Bruno have the table page open; the GM
creates and starts a fight (through the API, as a script would) in which Bruno acts first and
Ana second. Without a reload, within 2 s, both pages show it: the Encounters card's banner with
each one's place, the link, and the turn cue on Bruno's page only; when the turn passes, the cue
moves to Ana's page. A member who joins meanwhile appears in Ana's whisper menu, and leaves it
when removed.

Everything is set up through the API; tokens come from its answers (the pages' own addresses
are not read)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.browser_table.api_support import Api, join, new_table

pytestmark = pytest.mark.browser

SYSTEMS = ("artemis", "warp", "fluid", "nephilim", "organique")
#: The issue's bound: what a member's page shows within 2 s of the event.
LIVE_MS = 2_000


def _open(browser: Any, api: Api, token: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    page.goto(f"{api.server}/tables/{api.table}?token={token}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_fight_reaches_each_players_page_live(server: str, browser: Any, system: str) -> None:
    from playwright.sync_api import expect

    api, gm, invite = new_table(server, system)
    members = {name: join(api, invite, name) for name in ("Ana", "Bruno")}
    game = get_system(system)
    characters = {}
    for seed, (name, (_, token)) in enumerate(members.items(), start=1):
        sheet = {**game.random_npc(Roller(seed)).model_dump(mode="json"), "name": name}
        characters[name] = api.call("POST", token, "/characters", {"sheet": sheet})["id"]
    ana, bruno = (_open(browser, api, members[n][1]) for n in ("Ana", "Bruno"))
    errors: list[str] = []
    for page in (ana, bruno):
        page.on("pageerror", lambda error: errors.append(str(error)))
    # a member joins while the pages are open: Ana's whisper menu offers her at once
    chloe, _ = join(api, invite, "Chloé")
    expect(ana.locator(f"#chat-to option[value='{chloe}']")).to_have_count(1, timeout=LIVE_MS)
    api.call("DELETE", gm, f"/members/{chloe}")
    expect(ana.locator(f"#chat-to option[value='{chloe}']")).to_have_count(0, timeout=LIVE_MS)

    eid = api.call("POST", gm, "/encounters", {"name": "Embuscade"})["payload"]["encounter_id"]
    expect(ana.locator("#encounters-list a", has_text="Embuscade")).to_be_visible(timeout=LIVE_MS)
    for name in ("Ana", "Bruno"):
        api.call("POST", gm, f"/encounters/{eid}/participants", {"character_id": characters[name]})
    for pid, initiative in (("p1", 4), ("p2", 9)):  # Ana p1, Bruno p2: Bruno acts first
        path = f"/encounters/{eid}/participants/{pid}/initiative"
        api.call("PUT", gm, path, {"value": initiative})
    api.call("POST", gm, f"/encounters/{eid}/start")
    expect(ana.locator(".fight-banner")).to_contain_text("vous agissez en 2ᵉ", timeout=LIVE_MS)
    expect(bruno.locator(".fight-banner")).to_contain_text("vous agissez en 1ᵉʳ", timeout=LIVE_MS)
    expect(bruno.locator("#turn-cue")).to_be_visible(timeout=LIVE_MS)
    expect(ana.locator("#turn-cue")).to_have_count(0)
    link = re.compile(f"^/tables/{api.table}/encounters/{eid}")
    expect(ana.locator(".fight-banner a")).to_have_attribute("href", link)
    bruno.wait_for_function("window.ecranTurn.cues === 1", timeout=LIVE_MS)
    assert bruno.title().startswith("▶ ")
    api.call("POST", gm, f"/encounters/{eid}/next")
    expect(ana.locator("#turn-cue")).to_be_visible(timeout=LIVE_MS)
    expect(bruno.locator("#turn-cue")).to_have_count(0, timeout=LIVE_MS)
    ana.wait_for_function("window.ecranTurn.cues === 1", timeout=LIVE_MS)
    assert not ana.evaluate("window.ecranTurn.cues") > 1
    # the log line links to the encounter
    expect(ana.locator("#log .enc-link").first).to_be_visible()
    api.call("POST", gm, f"/encounters/{eid}/end")
    expect(ana.locator(".fight-banner")).to_have_count(0, timeout=LIVE_MS)
    assert errors == []
    for page in (ana, bruno):
        page.context.close()
