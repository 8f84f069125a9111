"""Issue #13 in real headless Chromium on a 390×844 phone: a character created through the
wizard for every system (a random draw at each step) is stored and follows the rules; the budget
follows what is typed; every table page stays within the screen with a 300-character unbroken
label in the log; a player's encounter page logs no console error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ecran.engine import get_system
from ecran.play import rolls as play_rolls
from web.browser_support import CHARACTER_PAGE, shoot

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1}
SYSTEMS = ["artemis", "warp", "fluid", "nephilim", "organique"]
LONG = "Tirdanslecoinsombredelastationorbitale" * 8  # 304 letters, no break
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


class Api:
    """The table's JSON API for one member (setting up the scene fast; the pages are tested)."""

    def __init__(self, server: str, table: str, token: str) -> None:
        self.server, self.table, self.token = server, table, token

    def call(self, method: str, path: str, **kw: Any) -> Any:
        answer = httpx.request(
            method,
            f"{self.server}/api/tables/{self.table}{path}",
            headers={"Authorization": f"Bearer {self.token}"},
            timeout=30,
            **kw,
        )
        assert answer.status_code < 300, answer.text
        return answer.json()

    def page(self, path: str, pairs: list[tuple[str, str]]) -> httpx.Response:
        """A page's form, posted as the browser posts it (the token in the form)."""
        return httpx.post(
            f"{self.server}/tables/{self.table}{path}",
            data=dict([*pairs, ("token", self.token)]),
            timeout=30,
        )

    def url(self, path: str = "") -> str:
        return f"{self.server}/tables/{self.table}{path}?token={self.token}"

    def encounter(self, name: str) -> str:
        made = self.page("/encounters", [("name", name)])
        assert made.status_code == 303, made.text
        return made.headers["location"].split("/encounters/")[1].split("?")[0]


def _table(server: str, system: str) -> tuple[Api, str]:
    made = httpx.post(
        f"{server}/api/tables",
        json={"name": "La Station", "system": system, "gm_name": "Camille"},
        timeout=30,
    ).json()
    return Api(server, made["table"]["id"], made["gm_token"]), made["invite_token"]


def _join(server: str, gm: Api, invite: str, name: str) -> Api:
    joined = httpx.post(
        f"{server}/api/tables/invites/{invite}/join", json={"display_name": name}, timeout=30
    ).json()
    return Api(server, gm.table, joined["token"])


def _fits(page: Any, name: str) -> None:
    shoot(page, name)
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert page.evaluate(OVERFLOW), f"{name}: {widths[0]} px wide on a {widths[1]} px screen"


@pytest.fixture
def long_labels() -> Iterator[None]:
    """The API caps a roll's label at `LABEL_MAX` (200, play/rolls.py); the issue's phone test
    asks for 300 unbroken characters, so the cap is raised for the scene (the server runs in
    this process)."""
    cap = play_rolls.LABEL_MAX
    play_rolls.LABEL_MAX = 400
    try:
        yield
    finally:
        play_rolls.LABEL_MAX = cap


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_character_created_through_the_wizard_on_a_phone_follows_the_rules(
    server: str, browser: Any, system_id: str
) -> None:
    from playwright.sync_api import expect

    gm, _invite = _table(server, system_id)
    page = browser.new_context(**PHONE).new_page()
    page.goto(gm.url("/characters/wizard"))
    steps = page.locator(".wizard-step").evaluate_all("els => els.map(e => e.dataset.step)")
    assert steps[0] == "identity" and len(steps) >= 4
    page.fill("#f-name", "Zoé")
    for number, step in enumerate(steps):
        expect(page.locator("#wizard-form input[name=step]")).to_have_value(step)
        page.fill("#wizard-seed", str(number))
        page.click("#wizard-random")
        expect(page.locator("#wizard-drawn")).to_be_visible()
        _fits(page, f"wizard-{system_id}-{step}")
        page.click("#wizard-save" if step == steps[-1] else "#wizard-next")
    page.wait_for_url(CHARACTER_PAGE)
    character_id = page.url.split("/characters/")[1].split("?")[0]
    stored = gm.call("GET", f"/characters/{character_id}")
    system = get_system(system_id)
    sheet = system.sheet_model().model_validate(stored["sheet"])
    assert sheet.name == "Zoé"
    assert system.validate(sheet) == []
    page.context.close()


def test_the_budget_follows_what_the_player_types(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm, _invite = _table(server, "fluid")
    page = browser.new_context(**PHONE).new_page()
    page.goto(gm.url("/characters/wizard"))
    page.click("#wizard-next")
    expect(page.locator("#wizard-form input[name=step]")).to_have_value("characteristics")
    page.fill("#f-characteristics-force", "2")
    page.locator("#f-characteristics-force").blur()
    # L91-101: 40 characteristic points at creation, the running budget on every step (#30)
    spent = page.locator("#budgets li").first
    expect(spent).to_contain_text("37 / 40 points (il en reste 3)")
    expect(spent).to_contain_text("l. 91-101")
    page.fill("#f-characteristics-constitution", "8")
    page.locator("#f-characteristics-constitution").blur()
    expect(spent).to_have_attribute("data-remaining", "0")
    expect(page.locator("#wizard-sections")).to_contain_text("13 / 13")  # RES follows CON
    _fits(page, "wizard-budget")
    page.context.close()


def test_every_table_page_fits_a_phone_with_a_long_unbroken_label(
    server: str, browser: Any, long_labels: None
) -> None:
    from playwright.sync_api import expect

    gm, invite = _table(server, "artemis")
    player = _join(server, gm, invite, "Bastien" + "x" * 50)
    sheet = get_system("artemis").new_character("Zoé" + "é" * 100).model_dump(mode="json")
    character = gm.call("POST", "/characters", json={"sheet": sheet})
    character_id = (character.get("character") or character)["id"]
    roll = {"check": "test", "params": {"skill": 5, "difficulty": 6}}
    gm.call("POST", "/rolls", json={**roll, "label": LONG})
    made = player.call("POST", "/rolls", json={**roll, "label": LONG[:200]})
    seq = made.get("seq") or made.get("event", {}).get("seq")
    eid = gm.encounter("E" * 60)
    for pairs in (
        [("step", "add"), ("character_id", character_id)],
        [("step", "add"), ("name", "Pirate" * 10), ("random", "true"), ("secret", "false")],
        [("step", "initiative")],
        [("step", "start")],
    ):
        assert gm.page(f"/encounters/{eid}/step", pairs).status_code == 303
    pages = {
        "table": "",
        "new-character": "/characters/new",
        "wizard": "/characters/wizard",
        "sheet": f"/characters/{character_id}",
        "edit": f"/characters/{character_id}/edit",
        "encounter": f"/encounters/{eid}",
        "error": "/characters/nope",
    }
    if seq:
        pages["event"] = f"/events/{seq}"
    for who, member in (("gm", gm), ("player", player)):
        page = browser.new_context(**PHONE).new_page()
        for name, path in pages.items():
            page.goto(member.url(path))
            if name == "table":
                expect(page.locator("#log")).to_contain_text(LONG[:200])
            if name == "encounter" and who == "gm":
                expect(page.locator("#attack-panel .attack-panel")).to_be_attached()
            _fits(page, f"fit-{who}-{name}")
        page.context.close()


def test_a_players_encounter_page_logs_no_console_error(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    gm, invite = _table(server, "artemis")
    player = _join(server, gm, invite, "Bastien")
    eid = gm.encounter("Embuscade")
    page = browser.new_context(**PHONE).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(r.url) if r.status >= 400 else None)
    page.goto(player.url(f"/encounters/{eid}"))
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    # a step of the GM refreshes the player's tracker live (the refresh includes #attack-choice)
    gm.page(f"/encounters/{eid}/step", [("step", "add"), ("name", "Pirate")])
    expect(page.locator("#order .participant")).to_have_count(1)
    # typing fast in a live form sends several requests: none is aborted
    page.goto(player.url("/characters/new"))
    page.fill("#f-name", "Zo")
    page.type("#f-name", "éééé", delay=5)
    page.locator("#f-name").blur()
    expect(page.locator("#problems")).to_be_visible()
    page.wait_for_timeout(600)  # let the last live check land before reading the console
    assert errors == []
    page.context.close()
