"""`GET /api/tables/{id}/export` (the GM's: the whole table) and `POST /api/tables/import` on
another server: the same state and log there, new links; bad input a one-line 422, nothing
stored."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from web.tables.tables_support import Member, Table


def _played(table: Table) -> dict[str, Any]:
    hero = table.character(table.alice, {"name": "Hector", "might": 2})
    table.character(table.gm, {"name": "Ombre", "might": 5}, secret=True)
    table.roll(table.alice, character_id=hero["id"])
    table.roll(table.alice, "self")
    table.roll(table.gm, "blind")
    assert table.post(table.gm, "/dice/reveal", None).status_code == 201
    table.roll(table.bob)
    said = table.post(table.alice, "/messages", {"text": "/w Claire psst"})
    assert said.status_code == 201, said.text
    made = table.get(table.gm, "/export")
    assert made.status_code == 200 and "attachment" in made.headers["content-disposition"]
    return dict(made.json())


def _log(client: TestClient, table_id: str, token: str) -> list[dict[str, Any]]:
    got = client.get(f"/api/tables/{table_id}/events", headers={"Authorization": f"Bearer {token}"})
    assert got.status_code == 200
    return list(got.json())


def test_a_table_moves_to_another_server(table: Table, other: TestClient) -> None:
    export = _played(table)
    assert export["version"] == 2
    secrets = (table.gm.token, table.alice.token, table.bob.token, table.invite)
    assert not [s for s in secrets if s in json.dumps(export)]  # no link travels
    moved = other.post("/api/tables/import", json=export)
    assert moved.status_code == 201, moved.text
    body = moved.json()
    assert body["table"]["id"] == table.id and body["gm"]["id"] == table.gm.id
    assert body["gm_link"].endswith(f"/tables/{table.id}?token={body['gm_token']}")
    links = {m["display_name"]: m["token"] for m in body["members"]}
    assert set(links) == {"Alice", "Bob"}
    gm2 = Member(table.gm.id, body["gm_token"])
    state = other.get(f"/api/tables/{table.id}/state", headers=gm2.auth).json()
    assert state == table.get(table.gm, "/state").json()
    assert _log(other, table.id, gm2.token) == _log(table.client, table.id, table.gm.token)
    bob2 = links["Bob"]
    assert _log(other, table.id, bob2) == _log(table.client, table.id, table.bob.token)
    # the old links are not the copy's; the new ones open it
    old = other.get(f"/api/tables/{table.id}", headers=table.gm.auth)
    assert old.status_code == 401
    assert (
        other.get(f"/api/tables/{table.id}/me", headers=Member("", bob2).auth).json()[
            "display_name"
        ]
        == "Bob"
    )
    # the copy's export is the original's (but when it was made)
    again = other.get(f"/api/tables/{table.id}/export", headers=gm2.auth).json()
    assert {**again, "exported_at": None} == {**export, "exported_at": None}


def test_a_roll_in_the_copy_starts_the_next_dice_key(table: Table, other: TestClient) -> None:
    export = _played(table)
    gm2 = Member(table.gm.id, other.post("/api/tables/import", json=export).json()["gm_token"])
    rolled = other.post(
        f"/api/tables/{table.id}/rolls",
        headers=gm2.auth,
        json={"check": "test", "params": {"skill": 1}},
    )
    assert rolled.status_code == 201, rolled.text
    key = other.get(f"/api/tables/{table.id}/dice", headers=gm2.auth).json()
    assert key["index"] == 3  # 1 at creation, 2 after the reveal; the copy's is the third
    assert rolled.json()["payload"]["commitment"] == key


def _one_line_422(answer: Any) -> str:
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "Traceback" not in detail
    return detail


def test_only_a_gm_s_whole_export_imports(table: Table, other: TestClient) -> None:
    export = _played(table)
    player = table.get(table.alice, "/export").json()
    assert "seul l'export du MJ" in _one_line_422(other.post("/api/tables/import", json=player))
    gap = {**export, "events": export["events"][:3] + export["events"][4:]}
    assert "journal" in _one_line_422(other.post("/api/tables/import", json=gap))
    assert _one_line_422(other.post("/api/tables/import", json={"format": "autre"}))
    assert _one_line_422(other.post("/api/tables/import", content=b"{not json"))
    cheat = [{**c, "sheet": {**c["sheet"], "might": 9}} for c in export["characters"]]
    tampered = {**export, "characters": cheat}
    assert "personnages" in _one_line_422(other.post("/api/tables/import", json=tampered))
    # nothing of it was stored: the whole export imports afterwards
    assert other.post("/api/tables/import", json=export).status_code == 201
    assert "existe déjà" in _one_line_422(other.post("/api/tables/import", json=export))


def test_an_import_answers_in_english_when_asked(table: Table, other: TestClient) -> None:
    export = {**_played(table), "version": 1}
    refused = other.post("/api/tables/import", json=export, headers={"Accept-Language": "en"})
    assert "only version 2 imports" in _one_line_422(refused)
