"""A token's live frames carry what its page draws around it: its flags (on the ground, higher
ground), its bearer's status (up, out, dead) and the encounter's conditions on it, so other
pages show them without reading the scene again."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.board.board_support import board_changes, frames, patch, reveal, scene, square, token
from web.tables.tables_support import new_table


def test_a_tokens_frames_carry_its_flags_status_and_conditions(app_client: TestClient) -> None:
    table = new_table(app_client, "warp")
    npc = get_system("warp").random_npc(Roller(11)).model_dump(mode="json")
    brute = table.character(table.gm, {**npc, "name": "Brute"}, allow_violations=True)
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    foe = token(table, s["id"], 2, 1, character_id=brute["id"])
    path = f"/scenes/{s['id']}/tokens/{foe['id']}"
    enc = table.post(table.gm, "/encounters", {"name": "Rixe"}).json()["payload"]["encounter_id"]
    joined = table.post(table.gm, f"/encounters/{enc}/participants", {"character_id": brute["id"]})
    pid = joined.json()["payload"]["participant_id"]
    with table.client.websocket_connect(table.socket_url(table.bob, table.last_seq())) as ws:
        ws.receive_json()  # synced
        assert patch(table, table.gm, path, {"flags": {"on_ground": True}}).status_code == 200
        [flagged] = board_changes(frames(ws))
        assert flagged["token"]["flags"]["on_ground"] and flagged["token"]["status"] == "up"
        stunned = {"name": "Sonné", "rounds": 2}
        added = table.post(table.gm, f"/encounters/{enc}/participants/{pid}/conditions", stunned)
        assert added.status_code == 201, added.text
        dead = {**brute["sheet"], "damage": 2 * brute["sheet"]["max_hp"]}
        body = {"sheet": dead, "expected_version": 1, "allow_violations": True}
        assert table.put(table.gm, f"/characters/{brute['id']}", body).status_code == 200
        frames(ws)
        x, y = square(3, 1)
        assert patch(table, table.gm, path, {"x": x, "y": y}).status_code == 200
        [moved] = board_changes(frames(ws))
    assert moved["token"]["status"] == "dead"
    assert moved["token"]["conditions"] == [{"fr": "Sonné", "en": "Sonné"}]
    assert "damage" not in str(moved)  # the word only, never the sheet
