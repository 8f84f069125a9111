"""The GM's attack panel in the encounter page: the system's attacks between the acting
participant and a target with their exact odds, the check's form, the attack step (roll + damage
on the target's tracks) and its undo; players see the tracks, never the panel.

Toy combat (tests/toy.py): skill = might + 2 - defender's agility; 1d6 + skill >= 5; a
success hits for 1d6 + (total - 5) wounds, shown beside each participant (`Toy.tracks`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.rules import SheetRow, SheetSection, tr
from toy import Toy, ToySheet
from web.table_pages.conftest import Seat, create, join


class ToyWithHealth(Toy):
    def sections(self, sheet: ToySheet) -> list[SheetSection]:
        wounds = SheetRow(tr("Blessures", "Wounds"), str(sheet.wounds))
        return [SheetSection(tr("Santé", "Health"), [wounds])]


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    systems = all_systems()
    systems["toy"] = ToyWithHealth()
    try:
        yield
    finally:
        systems.pop("toy", None)


def _character(seat: Seat, name: str, might: int, agility: int) -> str:
    body = {"sheet": {"name": name, "might": might, "agility": agility}}
    made = seat.client.post(
        f"/api/tables/{seat.table_id}/characters",
        json=body,
        headers={"Authorization": f"Bearer {seat.token}"},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def _scene(web: TestClient) -> tuple[Seat, Seat, str]:
    """Hector (Lou's, might 3, agility 2) acts first against Gobelin (the GM's, might 1,
    agility 4)."""
    gm, invite = create(web, "toy")
    lou = join(web, invite, "Lou")
    hector = _character(lou, "Hector", 3, 2)
    goblin = _character(gm, "Gobelin", 1, 4)
    eid = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    for cid in (hector, goblin):
        _step(gm, eid, ("step", "add"), ("character_id", cid))
    _step(gm, eid, ("step", "initiative"), ("participant", "p1"), ("value", "9"))
    _step(gm, eid, ("step", "initiative"), ("participant", "p2"), ("value", "3"))
    _step(gm, eid, ("step", "start"))
    return gm, lou, eid


def _step(seat: Seat, eid: str, *pairs: tuple[str, str]) -> str:
    answer = seat.post(f"/encounters/{eid}/step", pairs, htmx=True)
    return unescape(answer.text)


def test_the_panel_offers_the_systems_attacks_with_exact_odds(web: TestClient) -> None:
    gm, lou, eid = _scene(web)
    page = unescape(gm.get(f"/encounters/{eid}").text)
    # the panel loads by itself for whoever acts (Hector), against the next in line
    assert 'id="attack"' in page and "a_attacker=p1&a_target=p2" in page
    panel = unescape(gm.get(f"/encounters/{eid}/attack-panel", a_attacker="p1", a_target="p2").text)
    # might 3 + 2 - agility 4 = 1: 1d6 + 1 >= 5 on a 4, 5 or 6
    assert "Coup de poing" in panel
    assert 'data-outcome="success" data-probability="1/2"' in panel
    assert re.search(r'name="skill"[^>]*value="1"', panel)
    assert 'name="label_fr" value="Coup de poing"' in panel
    # players never get the GM's panel (on her character's turn Lou gets her own: test_turn_pages)
    assert 'id="attack"' not in lou.get(f"/encounters/{eid}").text


def test_an_attack_from_the_page_hurts_the_target_and_undo_heals_it(web: TestClient) -> None:
    gm, lou, eid = _scene(web)
    version = re.search(r'data-version="(\d+)"', gm.get(f"/encounters/{eid}").text)
    assert version is not None
    pairs = [
        ("step", "attack"),
        ("version", version[1]),
        ("a_attacker", "p2"),
        ("a_target", "p1"),
        ("check", "test"),
        ("skill", "5"),  # the GM adjusted it: 1d6 + 5 always hits
        ("label_fr", "Griffe"),
        ("label_en", "Claw"),
    ]
    panel = _step(gm, eid, *pairs)
    wounds = re.search(r'data-tracks="p1">.*?<dd>(\d+)</dd>', panel, re.S)
    assert wounds is not None and int(wounds[1]) >= 2  # 1d6 + (1d6 + 5 - 5)
    seen = unescape(lou.get(f"/encounters/{eid}").text)
    assert "Gobelin attaque Hector (Griffe)\u202f: ok" in seen
    assert re.search(rf'data-tracks="p1">.*?<dd>{wounds[1]}</dd>', seen, re.S)
    # the undo button names the whole attack; one click takes it back
    assert re.search(r'data-step="undo">[^<]*Gobelin attaque Hector \(Griffe\)', panel)
    _step(gm, eid, ("step", "undo"))
    healed = unescape(lou.get(f"/encounters/{eid}").text)
    assert "Annulé\u202f: Gobelin attaque Hector" in healed
    assert re.search(r'data-tracks="p1">.*?<dd>0</dd>', healed, re.S)


def test_a_refused_attack_says_why_and_changes_nothing(web: TestClient) -> None:
    gm, _lou, eid = _scene(web)
    before = gm.get(f"/encounters/{eid}").text
    answer = gm.post(
        f"/encounters/{eid}/step",
        [("step", "attack"), ("a_attacker", "p1"), ("a_target", "p1"), ("check", "test")],
        htmx=True,
    )
    assert answer.status_code == 422
    assert "ne s'attaque pas lui-même" in unescape(answer.text)
    stale = gm.post(
        f"/encounters/{eid}/step",
        [
            ("step", "attack"),
            ("version", "0"),
            ("a_attacker", "p1"),
            ("a_target", "p2"),
            ("check", "test"),
        ],
        htmx=True,
    )
    assert stale.status_code == 422 and "version" in unescape(stale.text)
    after = gm.get(f"/encounters/{eid}").text
    assert _version(before) == _version(after)


def _version(page: str) -> str:
    found = re.search(r'data-version="(\d+)"', page)
    assert found is not None
    return found[1]
