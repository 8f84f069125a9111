"""The GM's attack panel keeps the pair the GM picked (real headless Chromium).

The tracker loads the panel of whose turn it is as soon as it appears; the GM may pick another
attacker and target before that first answer arrives (a busy server, a costly pair's odds). The
late answer must not replace the panel of the GM's pair: the selects would say one pair and the
panel, its odds and its "Roll the attack" another. The first answer is held back here until the
GM has picked, then let through: the GM's pair must be the panel left."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.browser_support import create_table

pytestmark = pytest.mark.browser

SYSTEM = "organique"
PANEL = ".attack-panel"


def _token(page: Any) -> str:
    return parse_qs(urlparse(page.url).query)["token"][0]


def _table(page: Any) -> str:
    return urlparse(page.url).path.split("/")[2]


def _api(page: Any, server: str, path: str, body: Any) -> Any:
    return page.request.post(
        f"{server}/api/tables/{_table(page)}{path}",
        data=body,
        headers={"Authorization": f"Bearer {_token(page)}"},
    )


def _encounter(gm: Any, server: str) -> str:
    """An encounter where the NPC (p2) acts first: the panel opens on the NPC attacking Ana."""
    sheet = get_system(SYSTEM).random_npc(Roller(11)).model_dump(mode="json")
    made = _api(gm, server, "/characters", {"sheet": {**sheet, "name": "Ana"}})
    assert made.status == 201, made.text()
    eid: str = _api(gm, server, "/encounters", {"name": "Ruelle"}).json()["payload"]["encounter_id"]
    for body in (
        {"character_id": made.json()["id"], "initiative": 3},
        {"random_npc": True, "seed": 12, "name": "Brute", "initiative": 9},
    ):
        added = _api(gm, server, f"/encounters/{eid}/participants", body)
        assert added.status == 201, added.text()
    assert _api(gm, server, f"/encounters/{eid}/start", {}).ok
    return eid


def test_a_late_first_panel_never_replaces_the_pair_the_gm_picked(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    create_table(gm, server, SYSTEM, "Embuscade")
    eid = _encounter(gm, server)

    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    gm.route("**/attack-panel?*", hold_the_first)
    gm.goto(f"{server}/tables/{_table(gm)}/encounters/{eid}?token={_token(gm)}")
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
