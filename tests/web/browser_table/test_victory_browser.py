"""The GM's "chances de victoire" in the encounter tracker (real headless Chromium): shown before
the fight goes on, as a chart, with one attack's chance to take each opponent out, and
recomputed from the current tracks after a hit (the tracker reloads live after every step).

The table, the character, the NPC and the encounter are set up through the API; what the scene
is about (the GM reading the chances, before and after the hit) happens in the page."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.browser_support import create_table

pytestmark = pytest.mark.browser

SYSTEM = "organique"

#: One snapshot of the fragment: its event number, each side's chance, the planned attacks.
READ = """() => {
  const odds = document.querySelector('#victory-odds');
  if (!odds) return null;
  const rows = [...odds.querySelectorAll('tr[data-side]')];
  const planned = [...odds.querySelectorAll('#planned-attacks li')];
  return {
    seq: Number(odds.dataset.seq),
    sides: Object.fromEntries(rows.map(r => [r.dataset.side, Number(r.dataset.probability)])),
    bars: odds.querySelectorAll('.bar').length,
    planned: planned.map(li => [li.dataset.target, Number(li.dataset.pOut)]),
    heading: document.querySelector('#victory h3').textContent,
  };
}"""


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


def test_the_gm_sees_the_chances_of_victory_change_after_a_hit(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    gm.on("pageerror", lambda error: errors.append(str(error)))
    create_table(gm, server, SYSTEM, "Embuscade")
    sheet = get_system(SYSTEM).random_npc(Roller(11)).model_dump(mode="json")
    made = _api(gm, server, "/characters", {"sheet": {**sheet, "name": "Ana"}})
    assert made.status == 201, made.text()
    eid = _api(gm, server, "/encounters", {"name": "Ruelle"}).json()["payload"]["encounter_id"]
    for body in (
        {"character_id": made.json()["id"], "initiative": 9},
        {"random_npc": True, "seed": 12, "name": "Brute", "initiative": 5},
    ):
        added = _api(gm, server, f"/encounters/{eid}/participants", body)
        assert added.status == 201, added.text()
    assert _api(gm, server, f"/encounters/{eid}/start", {}).ok

    gm.goto(f"{server}/tables/{_table(gm)}/encounters/{eid}?token={_token(gm)}")
    expect(gm.locator("#live-status")).to_have_attribute("data-state", "live")
    before = gm.wait_for_function(READ, timeout=60_000).json_value()
    assert before["heading"] == "Chances de victoire"
    assert set(before["sides"]) >= {"pc", "npc"} and before["bars"] >= 2
    assert sum(before["sides"].values()) == pytest.approx(1.0)
    # Ana acts: one attack's chance to take the NPC out, exact (a probability)
    [(target, p_out)] = before["planned"]
    assert target == "Brute" and 0 <= p_out <= 1

    # Ana strikes until a blow lands on the NPC's tracks
    for _ in range(30):
        hit = _api(
            gm, server, f"/encounters/{eid}/attack", {"attacker": "p1", "target": "p2", "option": 0}
        )
        assert hit.ok, hit.text()
        if hit.json()["payload"]["attack"]["consequences"]:
            break
    else:
        pytest.fail("no blow landed in 30 attacks")
    seq = hit.json()["seq"]
    after = gm.wait_for_function(
        f"() => {{ const r = ({READ})(); return r && r.seq >= {seq} ? r : null; }}", timeout=60_000
    ).json_value()
    assert after["seq"] >= seq and after["sides"] != before["sides"]
    assert sum(after["sides"].values()) == pytest.approx(1.0)
    assert errors == []
    gm.context.close()
