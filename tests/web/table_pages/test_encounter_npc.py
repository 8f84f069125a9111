"""Issue #18, "NPCs by role", on the web table: the encounter's add-NPC form offers the choices
of `System.npc_params` (here the toy's level, 1-3: the NPC's might) beside "random sheet", and a
bad choice is refused with the model's one line, nothing added."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import Params, param, tr
from toy import Toy, ToySheet
from web.table_pages.conftest import create


class LevelChoice(Params):
    level: int = param(tr("Niveau", "Level"), default=1, ge=1, le=3)


class Levelled(Toy):
    npc_params = LevelChoice

    def random_npc(self, roller: Roller, **choices: Any) -> ToySheet:
        return ToySheet(name=f"PNJ {roller.d(100)}", kind="npc", might=choices.get("level", 1))


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    systems = all_systems()
    systems["toy"] = Levelled()
    try:
        yield
    finally:
        systems.pop("toy", None)


def test_the_add_npc_form_takes_the_systems_choices(web: TestClient) -> None:
    gm, _invite = create(web, "toy")
    eid = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    page = unescape(gm.get(f"/encounters/{eid}").text)
    assert re.search(r'<label for="npc-level">Niveau</label>', page)
    assert re.search(r'name="npc_level"[^>]*min="1"[^>]*max="3"', page, re.S)
    added = gm.post(
        f"/encounters/{eid}/step",
        [("step", "add"), ("random", "true"), ("npc_level", "3"), ("name", "Chef")],
        htmx=True,
    )
    assert added.status_code == 200, added.text
    refused = gm.post(
        f"/encounters/{eid}/step",
        [("step", "add"), ("random", "true"), ("npc_level", "9")],
        htmx=True,
    )
    assert refused.status_code == 422
    assert "Niveau : doit être ≤ 3" in unescape(refused.text)
    api = gm.client.get(
        f"/api/tables/{gm.table_id}/encounters", headers={"Authorization": f"Bearer {gm.token}"}
    )
    (encounter,) = api.json()
    assert [(p["name"], p["sheet"]["might"]) for p in encounter["participants"].values()] == [
        ("Chef", 3)
    ]
