"""The table's routes that roll outside a check and an encounter step roll the table's dice: an
operation on a character (`POST …/characters/{id}/operations/{op}`), a random NPC added to an
encounter (`POST …/encounters/{id}/participants` with `random_npc`) and a chat message's rolls
(`POST …/messages`). Each records the commitment in force; a player's seed is refused in one
line (403) with nothing stored, a GM's is flagged; a player never reads a secret NPC's seed; and
the GM's export verifies with `ecran verify` (exit 1 naming the event once a die is changed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from web.tables.tables_support import Member, Table, new_table


def _event(table: Table, who: Member, seq: int) -> dict[str, Any]:
    [found] = [
        e for e in table.get(who, "/events", params={"after": seq - 1}).json() if e["seq"] == seq
    ]
    return dict(found)


def _hector(table: Table) -> dict[str, Any]:
    return table.character(table.alice, {"name": "Hector", "might": 3, "agility": 2})


def _operate(table: Table, who: Member, cid: str, version: int, **extra: Any) -> Any:
    body = {"params": {}, "expected_version": version, **extra}
    return table.post(who, f"/characters/{cid}/operations/hit", body)


def test_an_operation_rolls_from_the_key_and_a_players_seed_is_refused(
    app_client: TestClient,
) -> None:
    table = new_table(app_client)
    commitment = table.get(table.alice, "/dice").json()
    hector = _hector(table)
    before = table.last_seq()
    refused = _operate(table, table.alice, hector["id"], 1, seed=5)
    assert refused.status_code == 403
    assert "seul le serveur tire les dés" in refused.json()["detail"]
    assert table.last_seq() == before
    made = _operate(table, table.alice, hector["id"], 1)
    assert made.status_code == 200, made.text
    payload = _event(table, table.bob, made.json()["seq"])["payload"]
    assert payload["commitment"] == commitment and payload["gm_seed"] is False
    assert payload["seed"] == payload["operation"]["seed"]
    by_gm = _operate(table, table.gm, hector["id"], 2, seed=5)
    assert by_gm.status_code == 200, by_gm.text
    assert _event(table, table.bob, by_gm.json()["seq"])["payload"]["gm_seed"] is True


def test_a_random_npc_in_an_encounter_is_drawn_from_the_key_its_seed_the_gms_alone(
    app_client: TestClient,
) -> None:
    table = new_table(app_client)
    made = table.post(table.gm, "/encounters", {"name": "Embuscade"})
    eid = made.json()["payload"]["encounter_id"]
    added = table.post(table.gm, f"/encounters/{eid}/participants", {"random_npc": True})
    assert added.status_code == 201, added.text
    seq = added.json()["seq"]
    gm_view = _event(table, table.gm, seq)["payload"]
    assert gm_view["npc"]["seed"] == gm_view["seed"] and gm_view["commitment"]["index"] == 1
    player_view = _event(table, table.alice, seq)["payload"]
    assert player_view["seed"] is None and player_view["npc"] is None
    chosen = table.post(
        table.gm, f"/encounters/{eid}/participants", {"random_npc": True, "seed": 3}
    ).json()
    assert chosen["payload"]["gm_seed"] is True and chosen["payload"]["npc"]["seed"] == 3
    by_player = table.post(
        table.alice, f"/encounters/{eid}/participants", {"random_npc": True, "seed": 3}
    )
    assert by_player.status_code == 403


def test_a_messages_rolls_name_the_commitment(app_client: TestClient) -> None:
    table = new_table(app_client)
    commitment = table.get(table.alice, "/dice").json()
    said = table.post(table.alice, "/messages", {"text": "/r 2d6 [[1d20]]"})
    assert said.status_code == 201, said.text
    payload = said.json()["payload"]
    assert payload["commitment"] == commitment and len(payload["rolls"]) == 2


def test_the_export_of_these_rolls_verifies_and_fails_on_one_changed_die(
    app_client: TestClient, tmp_path: Path, cli: Any
) -> None:
    table = new_table(app_client)
    hector = _hector(table)
    operated = _operate(table, table.alice, hector["id"], 1).json()["seq"]
    said = table.post(table.bob, "/messages", {"text": "[[3d6]]"}).json()["seq"]
    eid = table.post(table.gm, "/encounters", {"name": "Pont"}).json()["payload"]["encounter_id"]
    table.post(table.gm, f"/encounters/{eid}/participants", {"random_npc": True})
    table.post(table.gm, "/dice/reveal")
    data = json.loads(table.get(table.gm, "/export").text)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 0, result.out
    assert "3 rolls: 3 verified by the revealed key" in result.out
    for event in data["events"]:
        if event["seq"] == said:
            rolled = event["payload"]["rolls"][0]
            rolled["dice"] = [rolled["dice"][0] % 6 + 1, *rolled["dice"][1:]]
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert f"roll #{said} (message: 3d6): the dice are not the seed's" in result.out
    assert f"roll #{operated} " not in result.out


def test_every_log_names_the_commitment_of_each_event_that_rolled(
    app_client: TestClient,
) -> None:
    """The log page shows the key in force beside an operation, an encounter step that rolled and
    a chat message's rolls, as beside a roll; a GM's chosen seed is said too."""
    table = new_table(app_client)
    commitment = table.get(table.gm, "/dice").json()["commitment"]
    hector = _hector(table)
    _operate(table, table.alice, hector["id"], 1)
    _operate(table, table.gm, hector["id"], 2, seed=4)
    table.post(table.bob, "/messages", {"text": "[[1d6]]"})
    table.post(table.bob, "/messages", {"text": "bonsoir"})
    eid = table.post(table.gm, "/encounters", {"name": "Pont"}).json()["payload"]["encounter_id"]
    table.post(table.gm, f"/encounters/{eid}/participants", {"random_npc": True})
    for who in (table.gm, table.bob):
        log = app_client.get(f"/tables/{table.id}/log", params={"token": who.token}).text
        # the table's creation publishes it; two operations, one message, one NPC's draw name it
        assert log.count(commitment) == 5, who
        assert log.count("graine choisie par le MJ") == 1
