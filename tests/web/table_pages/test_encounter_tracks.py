"""Issue #18: the encounter display shows what `System.tracks(sheet)` says beside each
participant, not sheet sections guessed by their English title; conditions an operation puts on
read in each member's language.

`Shown` is the toy (tests/toy.py) whose sheet has a "Health" and an "Attributes" block (the
titles the display used to guess by) that are not its tracks: its tracks are the wounds alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from fastapi.testclient import TestClient

from ecran.dice import DiceSource
from ecran.engine import all_systems
from ecran.rules import Change, Operation, Params, PutCondition, SheetRow, SheetSection, tr
from toy import SOURCE, Toy, ToySheet
from web.table_pages.conftest import Seat, create


class Daze(Operation[ToySheet, Params]):
    name = "daze"
    title = tr("Étourdir", "Daze")
    params = Params
    sources = (SOURCE,)

    def apply(self, sheet: ToySheet, params: Params, dice: DiceSource) -> Change[ToySheet]:
        stunned = PutCondition(tr("Sonné", "Stunned"), 2)
        return Change(sheet, tr("étourdi", "dazed"), conditions=(stunned,))


class Shown(Toy):
    operations = (*Toy.operations, Daze())

    def sections(self, sheet: ToySheet) -> list[SheetSection]:
        return [
            SheetSection(tr("Santé", "Health"), [SheetRow(tr("Moral", "Morale"), "haut")]),
            SheetSection(tr("Attributs", "Attributes"), [SheetRow(tr("Agilité", "Agility"), "2")]),
        ]


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    systems = all_systems()
    systems["toy"] = Shown()
    try:
        yield
    finally:
        systems.pop("toy", None)


def _scene(web: TestClient) -> tuple[Seat, str]:
    gm, _invite = create(web, "toy")
    eid = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    gm.post(f"/encounters/{eid}/step", [("step", "add"), ("name", "Gobelin"), ("random", "true")])
    return gm, eid


def test_the_tracker_shows_the_systems_tracks_not_guessed_sections(web: TestClient) -> None:
    gm, eid = _scene(web)
    page = unescape(gm.get(f"/encounters/{eid}").text)
    tracks = re.search(r'<dl class="tracks" data-tracks="p1">(.*?)</dl>', page, re.S)
    assert tracks is not None
    assert re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", tracks[1]) == [("Blessures", "0")]
    assert "Moral" not in page and "Agilité" not in page
    english = unescape(gm.get(f"/encounters/{eid}", lang="en").text)
    assert re.search(r'data-tracks="p1">.*?<dt>Wounds</dt><dd>0</dd>', english, re.S)


def test_a_condition_from_an_operation_reads_in_each_language(web: TestClient) -> None:
    gm, eid = _scene(web)
    done = gm.post(
        f"/encounters/{eid}/step",
        [("step", "operation"), ("participant", "p1"), ("operation", "daze")],
        htmx=True,
    )
    assert done.status_code == 200, done.text
    french = unescape(gm.get(f"/encounters/{eid}").text)
    assert re.search(r'data-condition="Sonné">Sonné <small>\(2 rounds\)', french)
    english = unescape(gm.get(f"/encounters/{eid}", lang="en").text)
    assert re.search(r'data-condition="Sonné">Stunned <small>\(2 rounds\)', english)
