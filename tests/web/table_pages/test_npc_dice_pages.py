"""The pages that draw a random NPC at a table — the GM's "générer un PNJ" and the tracker's
add-NPC form — draw it with the table's dice: the event records the NPC's seed (the key's),
the commitment in force and what regenerates it, and the GM's export verifies (`ecran verify`
exit 0; exit 1 naming the event once the NPC's sheet is changed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from web.table_pages.conftest import Seat, create


def _api(gm: Seat, path: str) -> Any:
    answer = gm.client.get(
        f"/api/tables/{gm.table_id}{path}", headers={"Authorization": f"Bearer {gm.token}"}
    )
    assert answer.status_code == 200, answer.text
    return answer


def test_npcs_drawn_through_the_pages_are_the_keys_and_verify(
    web: TestClient, tmp_path: Path, cli: Any
) -> None:
    gm, _invite = create(web, "artemis")
    commitment = _api(gm, "/dice").json()
    drawn = gm.post("/npc", [("secret", "true")])
    assert drawn.status_code == 303, drawn.text
    eid = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    added = gm.post(f"/encounters/{eid}/step", [("step", "add"), ("random", "true")], htmx=True)
    assert added.status_code == 200, added.text
    events = _api(gm, "/events").json()
    saved = [e for e in events if e["kind"] == "character_saved"]
    steps = [e for e in events if e["kind"] == "encounter" and e["payload"]["step"] == "add"]
    for event in (*saved, *steps):
        payload = event["payload"]
        assert payload["commitment"] == commitment and payload["npc"]["seed"] == payload["seed"]
    gm.post("/dice/reveal")
    data = json.loads(_api(gm, "/export").text)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 0, result.out
    assert "2 rolls: 2 verified by the revealed key" in result.out
    [character] = [e for e in data["events"] if e["kind"] == "character_saved"]
    character["payload"]["character"]["sheet"]["name"] += " bis"
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert f"roll #{character['seq']} " in result.out
    assert "the sheet is not the dice's" in result.out
