"""A player's turn in three browser windows (real headless Chromium): the GM, Ana and Bruno.

On Ana's turn, Ana (and only she) gets the "à vous de jouer" cue and her own attack panel: the
system's attacks between her character and Bruno's, each with exact odds summing to one. She
attacks from her page and reads the result in her panel; the GM and Bruno see it live, credited
to Ana. Bruno has no panel, and the API refuses his attack on Ana's turn (403, one line). Ana
ends her turn: the cue comes to Bruno, live.

The table, both characters (the system's random NPC sheets) and the encounter are set up through
the API (the pages that make them have their own tests); everything the scene is about happens
in the pages.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any
from urllib.parse import urlparse

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.browser_support import (
    TABLE_PAGE,
    htmx_settled,
    invite_link,
    offered_odds,
    page_token,
    shoot,
)

pytestmark = pytest.mark.browser

SYSTEM = "artemis"


def _token(page: Any) -> str:
    return page_token(page)


def _api(page: Any, server: str, path: str, body: Any) -> Any:
    return page.request.post(
        f"{server}/api/tables/{_table(page)}{path}",
        data=body,
        headers={"Authorization": f"Bearer {_token(page)}"},
    )


def _table(page: Any) -> str:
    return urlparse(page.url).path.split("/")[2]


def _member(browser: Any, server: str, invite: str, name: str, seed: int) -> Any:
    """Joins through the invite page; their character (a random NPC sheet named after them)
    comes through the API."""
    from playwright.sync_api import expect

    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    page.goto(invite)
    page.fill("#display-name", name)
    page.click("#join-button")
    page.wait_for_url(TABLE_PAGE)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    sheet = get_system(SYSTEM).random_npc(Roller(seed)).model_dump(mode="json")
    made = _api(page, server, "/characters", {"sheet": {**sheet, "name": name}})
    assert made.status == 201, made.text()
    return page


def _errors(page: Any) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def _duel(server: str, browser: Any) -> tuple[dict[str, Any], dict[str, list[str]], str]:
    """The GM, Ana and Bruno on the encounter page of a started duel, Ana's turn first (each
    page live); with each page's errors as they come, and the encounter's id."""
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    gm.goto(server + "/tables/new")
    gm.fill("#table-name", "Tour de jeu")
    gm.fill("#gm-name", "Camille")
    gm.select_option("#table-system", SYSTEM)
    gm.click("#create-table")
    gm.wait_for_url(TABLE_PAGE)
    invite = invite_link(gm)
    ana = _member(browser, server, invite, "Ana", 11)
    bruno = _member(browser, server, invite, "Bruno", 12)

    made = _api(gm, server, "/encounters", {"name": "Duel"})
    eid = made.json()["payload"]["encounter_id"]
    gm.reload()
    characters = {c["name"]: c["id"] for c in _characters(gm, server)}
    for name, initiative in (("Ana", 9), ("Bruno", 5)):
        body = {"character_id": characters[name], "initiative": initiative}
        assert _api(gm, server, f"/encounters/{eid}/participants", body).status == 201
    assert _api(gm, server, f"/encounters/{eid}/start", {}).ok
    pages = {"gm": gm, "ana": ana, "bruno": bruno}
    errors = {who: _errors(page) for who, page in pages.items()}
    for page in pages.values():
        page.goto(f"{server}/tables/{_table(page)}/encounters/{eid}?token={_token(page)}")
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
        # everyone sees the round, who acts and the order
        expect(page.locator(".enc-status")).to_have_attribute("data-round", "1")
        expect(page.locator("#acting")).to_have_text("Ana")
        expect(page.locator("#order .participant")).to_have_count(2)
    return pages, errors, eid


def test_ana_attacks_on_her_turn_and_everyone_sees_it_live(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    pages, errors, eid = _duel(server, browser)
    gm, ana, bruno = pages["gm"], pages["ana"], pages["bruno"]

    # Ana's turn: her cue and her panel; Bruno gets neither
    expect(ana.locator("#turn-cue")).to_contain_text("À vous de jouer")
    expect(bruno.locator("#turn-cue")).to_have_count(0)
    expect(bruno.locator("#turn")).to_have_count(0)
    expect(bruno.locator("#attack")).to_have_count(0)
    panel = ana.locator('#turn .attack-panel[data-attacker="p1"][data-target="p2"]')
    expect(panel).to_be_visible()
    options = panel.locator("#attack-options .attack-option")
    expect(options.first).to_be_attached()
    # every attack offered: exact odds summing to one
    offered = offered_odds(ana, '#turn .attack-panel[data-attacker="p1"][data-target="p2"]')
    assert all(sum(Fraction(p) for p in chips) == 1 for chips in offered), offered
    rows = ana.locator("#attack-odds tr[data-outcome]")
    expect(rows.first).to_be_visible()
    shown = rows.evaluate_all("rs => rs.map(r => r.dataset.probability)")
    assert sum(Fraction(p) for p in shown) == 1
    assert ana.locator('#attack-form input[name="skill"]').count() == 0  # as offered

    # Bruno cannot act on Ana's turn: the API says why in one line, nothing happens
    refused = _api(
        bruno, server, f"/encounters/{eid}/attack", {"attacker": "p2", "target": "p1", "option": 0}
    )
    assert refused.status == 403
    assert refused.json()["detail"] == "ce n'est pas le tour de Bruno (au tour d'Ana)"

    htmx_settled(ana)
    ana.click("#attack-button")
    result = ana.locator("#attack-result")
    expect(result).to_be_visible()
    expect(result).to_have_attribute("data-outcome", re.compile(r"\w"))
    expect(result).to_contain_text("Ana → Bruno")
    # the live notice of her own attack may outrun its answer: the panel's reload it asked then
    # answers after the result is shown, with nothing newer, and must not wipe the result
    reloaded = ana.evaluate(
        """() => new Promise(done => {
          const panel = document.getElementById('encounter');
          panel.addEventListener('htmx:afterRequest', e => done(e.detail.successful), {once: true});
          window.htmx.trigger(panel, 'ecran:refresh');
        })"""
    )  # htmx swaps (or drops) the answer before it says the request is over
    assert reloaded is True
    expect(result).to_be_visible()
    for page in (gm, bruno):  # live, credited to Ana (not to the GM, Camille)
        entry = page.locator('#log .entry[data-kind="encounter"]', has_text="Ana attaque Bruno")
        expect(entry).to_have_count(1)
        expect(entry.locator(".who")).to_have_text("Ana")
    shoot(ana, "turn-ana-result")
    shoot(gm, "turn-gm")

    # Bruno asks for the sound and the notification (off until then; the browser's
    # permission is asked on his click, and granted here)
    assert bruno.evaluate("() => [window.ecranTurn.sounds, window.ecranTurn.notifications]") == [
        0,
        0,
    ]
    bruno.context.grant_permissions(["notifications"], origin=server)
    bruno.check("#turn-sound")
    bruno.click("#turn-notify")
    expect(bruno.locator("#turn-notify-state")).to_have_text("✓")

    # Ana ends her turn: the cue moves to Bruno, live (turn.js marks the new turn)
    ana.click('#turn-cue button[data-step="next"]')
    expect(ana.locator("#turn-cue")).to_have_count(0)
    expect(bruno.locator("#turn-cue")).to_contain_text("À vous de jouer")
    bruno.wait_for_function("() => window.ecranTurn && window.ecranTurn.cues === 1")
    # the sound played on the check (to hear it) and on the turn; one notification
    assert bruno.evaluate("() => [window.ecranTurn.sounds, window.ecranTurn.notifications]") == [
        2,
        1,
    ]
    assert ana.evaluate("() => [window.ecranTurn.sounds, window.ecranTurn.notifications]") == [
        0,
        0,
    ]
    assert bruno.title().startswith("▶ ")
    expect(gm.locator("#acting")).to_have_text("Bruno")
    assert errors == {"gm": [], "ana": [], "bruno": []}
    for page in pages.values():
        page.context.close()


def _characters(gm: Any, server: str) -> list[dict[str, Any]]:
    listed = gm.request.get(
        f"{server}/api/tables/{_table(gm)}/characters",
        headers={"Authorization": f"Bearer {_token(gm)}"},
    )
    assert listed.ok, listed.text()
    return list(listed.json())


def test_her_attack_answer_lands_after_the_live_reload_it_caused(server: str, browser: Any) -> None:
    """The live notice of Ana's attack reaches her page before her attack's own answer: the
    tracker reloads (the new state, no result), then the answer comes, with the same state
    and the result. The answer is no stale reload: it lands, and she reads her result."""
    from playwright.sync_api import expect

    pages, errors, _eid = _duel(server, browser)
    gm, ana = pages["gm"], pages["ana"]
    held: list[tuple[Any, Any]] = []

    def hold(route: Any) -> None:  # the server records the attack; its answer waits here
        held.append((route, route.fetch()))

    ana.route(re.compile(r"/encounters/[0-9a-f]+/step(\?|$)"), hold)
    expect(ana.locator('#turn .attack-panel[data-target="p2"] #attack-button')).to_be_visible()
    htmx_settled(ana)
    shown = ana.locator(".enc-status").get_attribute("data-shown-seq")
    ana.click("#attack-button")
    attack = gm.locator('#log .entry[data-kind="encounter"]', has_text="Ana attaque Bruno")
    expect(attack).to_have_count(1)  # recorded (and published) while its answer is held
    status = ana.locator(".enc-status")
    expect(status).not_to_have_attribute("data-shown-seq", shown or "")  # the live reload
    htmx_settled(ana)
    assert len(held) == 1 and ana.locator("#attack-result").count() == 0
    route, answer = held.pop()
    route.fulfill(response=answer)
    result = ana.locator("#attack-result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Ana → Bruno")
    assert errors == {"gm": [], "ana": [], "bruno": []}
    for page in pages.values():
        page.context.close()
