"""The GM's "chances de victoire" in the encounter tracker (real headless Chromium): shown before
the fight goes on, as a chart, with one attack's chance to take each opponent out, and
recomputed from the current tracks after a hit (the tracker reloads live after every step).

The table, the character, the NPC and the encounter are set up through the API; what the scene
is about (the GM reading the chances, before and after the hit) happens in the page."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system, odds
from web.browser_support import (
    ana_against_brute,
    create_table,
    page_table,
    page_token,
    table_api,
)

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
    trials: Number(odds.dataset.trials),
    sides: Object.fromEntries(rows.map(r => [r.dataset.side, Number(r.dataset.probability)])),
    bars: odds.querySelectorAll('.bar').length,
    planned: planned.map(li => [li.dataset.target, Number(li.dataset.pOut)]),
    heading: document.querySelector('#victory h3').textContent,
  };
}"""


def surest_attack() -> tuple[int, Fraction]:
    """Ana's attack on Brute (`ana_against_brute`'s sheets) most likely to hit, by `ecran
    odds`: its index in the tracker's list, and that chance."""
    system = get_system(SYSTEM)
    ana, brute = system.random_npc(Roller(11)), system.random_npc(Roller(12))
    chances = []
    for option in system.attacks(ana, brute):
        report = odds(SYSTEM, option.check, **option.params)
        chances.append(sum(Fraction(o.probability) for o in report.outcomes if o.outcome == "hit"))
    best = max(range(len(chances)), key=chances.__getitem__)
    return best, chances[best]


def _fight_file(page: Any, server: str, eid: str) -> Any:
    """The encounter's fight file as the GM downloads it (the sheets the chances simulate)."""
    got = page.request.get(
        f"{server}/api/tables/{page_table(page)}/encounters/{eid}/fight",
        headers={"Authorization": f"Bearer {page_token(page)}"},
    )
    assert got.ok, got.text()
    return got.json()


def test_the_gm_sees_the_chances_recomputed_after_a_hit(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    gm.on("pageerror", lambda error: errors.append(str(error)))
    create_table(gm, server, SYSTEM, "Embuscade")
    eid = ana_against_brute(gm, server, SYSTEM, (9, 5))

    gm.goto(f"{server}/tables/{page_table(gm)}/encounters/{eid}?token={page_token(gm)}")
    expect(gm.locator("#live-status")).to_have_attribute("data-state", "live")
    before = gm.wait_for_function(READ, timeout=60_000).json_value()
    assert before["heading"] == "Chances de victoire"
    assert set(before["sides"]) >= {"pc", "npc"} and before["bars"] >= 2
    assert sum(before["sides"].values()) == pytest.approx(1.0)
    # Ana acts: one attack's chance to take the NPC out, exact (a probability)
    [(target, p_out)] = before["planned"]
    assert target == "Brute" and 0 <= p_out <= 1
    simulated = _fight_file(gm, server, eid)  # what the chances simulate: the tracks now

    # Ana strikes with her surest attack until a blow lands on the NPC's tracks (the table's
    # dice are its own: the first option, a punch, lands one time in ten, and 30 tries of it
    # all missed one run in 24)
    option, p_hit = surest_attack()
    assert p_hit > Fraction(9, 10)
    for _ in range(20):
        hit = table_api(
            gm,
            server,
            f"/encounters/{eid}/attack",
            {"attacker": "p1", "target": "p2", "option": option},
        )
        assert hit.ok, hit.text()
        if hit.json()["payload"]["attack"]["consequences"]:
            break
    else:
        pytest.fail("no blow landed in 20 attacks")
    seq = hit.json()["seq"]
    after = gm.wait_for_function(
        f"() => {{ const r = ({READ})(); return r && r.seq >= {seq} ? r : null; }}", timeout=60_000
    ).json_value()
    # recomputed for the step that hit, from the tracks as the hit left them (two estimates
    # of nearly the same odds may be equal by chance: the file they simulate may not)
    assert after["seq"] >= seq > before["seq"] and after["trials"] > 0
    assert _fight_file(gm, server, eid) != simulated
    assert sum(after["sides"].values()) == pytest.approx(1.0)
    assert errors == []
    gm.context.close()
