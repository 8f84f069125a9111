"""A scene of each system in three browser windows (real headless Chromium): the GM and two
players.

The GM creates the table; both players join, import a generated sheet (the system's random NPC,
as a new user would import a file) and roll from it; the GM starts an encounter with both
characters and a secret random NPC, rolls initiative, starts, and runs the first player's
character's attack on the second's through the chain (the system's attacks with exact odds, then
the roll and its damage as one step). Both players see it live: the log entry and the target's
tracks; the secret NPC's tracks never reach them. Undo takes the whole attack back, live too.

The attack's dice are drawn by the server (the page sends no seed), so a roll that leaves the
target's sheet as it was is undone and rolled again (at most a few times: the pairs below were
picked for an attack that changes the target's sheet in over 3 of 4 seeded tries, measured with
`ecran.play.encounter.attack` over 100 seeds: Artémis 92, WaRP 92, Fluid 77, Nephilim 95,
Organique 89 — Organique's was option 7 at 36 in 100, all six tries missing one run in 15).
Twelve tries: all missing is 0.23¹² ≈ 2·10⁻⁸ for Fluid, the least likely to change the sheet.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from web.browser_support import (
    CHARACTER_PAGE,
    COUNT_STEP_ANSWERS,
    Traffic,
    create_table,
    htmx_settled,
    invite_link,
    join_table,
    offered_odds,
    page_query,
    shoot,
)

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Scene:
    system: str
    #: Seeds of the random NPC sheets the two players import (attacker, target).
    sheets: tuple[int, int]
    #: Which of `System.attacks(attacker, target)` the GM picks.
    attack: int


SCENES = [
    Scene("artemis", (11, 12), 0),
    Scene("warp", (2, 1), 0),
    Scene("fluid", (1, 2), 1),
    Scene("nephilim", (31, 32), 1),
    Scene("organique", (11, 12), 6),
]
TRIES = 12


def _sheet(system: str, seed: int, name: str) -> bytes:
    sheet = get_system(system).random_npc(Roller(seed)).model_dump(mode="json")
    return json.dumps({**sheet, "name": name}).encode()


def _new_table(browser: Any, server: str, system: str) -> tuple[Any, str]:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    create_table(gm, server, system, f"Scène {system}")
    expect(gm.locator("#live-status")).to_have_attribute("data-state", "live")
    return gm, invite_link(gm)


def _player(browser: Any, invite: str, name: str, system: str, sheet: bytes, gm: Any) -> Any:
    """Joins, imports a sheet, rolls its first action; the GM sees the roll live."""
    from playwright.sync_api import expect

    page = join_table(
        browser.new_context(viewport={"width": 1000, "height": 900}).new_page(), invite, name
    )
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    traffic = Traffic(page)
    file = {"name": f"{name}.json", "mimeType": "application/json", "buffer": sheet}
    page.set_input_files("#import-file", files=[file])
    page.click("#import-button")
    page.wait_for_url(CHARACTER_PAGE)
    page.locator("#actions button.action").first.click()
    expect(page.locator("#roll-odds tr[data-outcome]").first).to_be_visible()
    page.fill("#roll-label", f"Jet de {name}")
    traffic.note("click on « Lancer »")
    page.click("#roll-button")
    traffic.note("clicked")
    try:
        expect(page.locator("#roll-result .record")).to_have_attribute(
            "data-outcome", re.compile(r"\w")
        )
    except AssertionError as missing:  # seen once in a fresh-clone CI run: say what happened
        raise AssertionError(
            f"{name}'s roll never came; the page's traffic:\n{traffic}"
        ) from missing
    expect(gm.locator('#log .entry[data-kind="roll"]').first).to_contain_text(f"Jet de {name}")
    return page


def _same_page_for(page: Any, url: str) -> str:
    return url.split("?")[0] + "?" + page_query(page)


def _gm_step(gm: Any, button: str) -> None:
    """A step of the GM's, done once the panel it answers with is in place. Its event's reload
    may land first with the same version (it did in a fresh-clone CI run): waiting for the
    version alone, a choice made next was undone when the step's own answer landed after it
    (it lands at the same event: it brings the step's result). So the step's answer itself
    is awaited (`COUNT_STEP_ANSWERS`, in the GM's page since the test's start)."""

    status = gm.locator(".enc-status")
    version = status.get_attribute("data-version")
    htmx_settled(gm)
    answered = gm.evaluate("window.ecranAnswers")
    gm.click(button)
    gm.wait_for_function("n => window.ecranAnswers > n", arg=answered)
    gm.wait_for_function(
        "v => document.querySelector('.enc-status').dataset.version !== v", arg=version
    )
    htmx_settled(gm)


def _choose_attack(gm: Any, scene: Scene) -> None:
    from playwright.sync_api import expect

    panel = gm.locator('.attack-panel[data-attacker="p1"][data-target="p2"]')
    # the tracker the last step swapped in has loaded its first attack panel: htmx has processed
    # it, so the choice below is heard (a choice made before was lost, and the page kept the
    # first pair)
    expect(gm.locator("#attack-panel .attack-panel")).to_be_attached()
    gm.select_option("#attack-attacker", "p1")
    gm.select_option("#attack-target", "p2")
    expect(panel).to_be_visible()
    options = panel.locator("#attack-options .attack-option")
    expect(options.nth(scene.attack)).to_be_attached()
    # every attack offered shows exact odds summing to one
    offered = offered_odds(gm, '.attack-panel[data-attacker="p1"][data-target="p2"]')
    assert offered and all(sum(_fraction(p) for p in chips) == 1 for chips in offered), offered
    chosen = gm.locator(".attack-option").nth(scene.attack)
    # no reload of the panel is still coming (choosing the target already chosen asks one more:
    # a click on the panel it replaces is dropped with it) and htmx has processed the panel in
    # place (its buttons are heard)
    htmx_settled(gm)
    options.nth(scene.attack).locator("button").click()
    expect(chosen).to_have_class(re.compile("chosen"))
    expect(gm.locator("#attack-odds tr[data-outcome]").first).to_be_visible()


def _fraction(text: str) -> Any:
    from fractions import Fraction

    return Fraction(text)


def _tracks(page: Any, pid: str) -> list[str]:
    return list(page.locator(f'[data-tracks="{pid}"] dd').all_text_contents())


@pytest.mark.parametrize("scene", SCENES, ids=[s.system for s in SCENES])
def test_a_scene_in_three_browsers(server: str, browser: Any, scene: Scene) -> None:
    from playwright.sync_api import expect

    gm, invite = _new_table(browser, server, scene.system)
    gm.context.add_init_script(COUNT_STEP_ANSWERS)
    ana = _player(
        browser, invite, "Ana", scene.system, _sheet(scene.system, scene.sheets[0], "Ana"), gm
    )
    bruno = _player(
        browser, invite, "Bruno", scene.system, _sheet(scene.system, scene.sheets[1], "Bruno"), gm
    )

    gm.reload()
    gm.fill("#new-encounter input[name=name]", "Escarmouche")
    gm.click("#new-encounter button")
    gm.wait_for_url(re.compile(r"/encounters/"))
    for name in ("Ana", "Bruno"):
        gm.select_option(".add-participant select[name=character_id]", label=name)
        gm.click("#add-character")
        expect(gm.locator(".participant .p-name", has_text=name)).to_have_count(1)
    gm.fill(".add-participant input[name=name]", "Sbire")
    gm.click("#add-npc")
    expect(gm.locator("#order .participant")).to_have_count(3)
    for page in (ana, bruno):
        page.goto(_same_page_for(page, gm.url))
        expect(page.locator("#order .participant")).to_have_count(3)
    gm.click('button[data-step="initiative"]')
    expect(gm.locator("#order .init", has_text="—")).to_have_count(0)
    gm.click('button[data-step="start"]')
    for page in (ana, bruno):
        expect(page.locator(".enc-status")).to_have_attribute("data-round", "1")
        # the secret NPC's sheet (and so its tracks) never reaches a player
        expect(page.locator('[data-tracks="p3"]')).to_have_count(0)
        expect(page.locator("#attack")).to_have_count(0)  # the GM drives
    expect(gm.locator('[data-tracks="p3"]')).to_have_count(1)

    before = _tracks(gm, "p2")
    expect(bruno.locator('[data-tracks="p2"] dd')).to_have_text(before)
    for attacks in range(1, TRIES + 1):
        _choose_attack(gm, scene)
        _gm_step(gm, "#attack-button")
        for page in (ana, bruno):
            made = page.locator('#log .entry[data-kind="encounter"]', has_text="attaque")
            expect(made.filter(has_not_text="Annulé")).to_have_count(attacks)
        # Judge the hit on the GM's panel, the step's own answer: a player's panel reloads a
        # moment after the log line arrives, and reading it at once raced that reload.
        if _tracks(gm, "p2") != before:
            break
        _gm_step(gm, 'button[data-step="undo"]')
        expect(
            bruno.locator('#log .entry[data-kind="encounter"]', has_text="Annulé")
        ).to_have_count(attacks)
    hurt = _tracks(gm, "p2")
    assert hurt != before, f"{scene.system}: no attack changed the target in {TRIES} tries"
    for page in (ana, bruno):  # both players see the target's new tracks, live
        expect(page.locator('[data-tracks="p2"] dd')).to_have_text(hurt)
    shoot(gm, f"scene-{scene.system}-gm")
    shoot(bruno, f"scene-{scene.system}-target")

    _gm_step(gm, 'button[data-step="undo"]')
    for page in (ana, bruno):
        expect(page.locator('[data-tracks="p2"] dd')).to_have_text(before)
    for page in (gm, ana, bruno):
        page.context.close()


def test_every_system_table_can_be_made_through_the_form(server: str, browser: Any) -> None:
    page = browser.new_context().new_page()
    for scene in SCENES:
        create_table(page, server, scene.system, "Formulaire")
    page.context.close()
