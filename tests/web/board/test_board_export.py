"""Export → import → `ecran verify` keeps the scene board: scenes, tokens, fog, handouts and
their images (bytes equal); a player's export holds no image and no board secret."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from web.board.board_support import hero, picture, reveal, scene, token
from web.tables.tables_support import Table


def _built(table: Table) -> dict[str, Any]:
    s = scene(table, image=picture(secret=(490, 490, 140, 140)))
    token(table, s["id"], 1, 1, character_id=hero(table, table.alice, "Ana"))
    token(table, s["id"], 2, 2, name="Espion", hidden=True)
    reveal(table, s["id"], [0, 0, 280, 280])
    note = table.post(
        table.gm, "/handouts", {"title": "Lettre", "text": "*Yves*", "to": [table.bob.id]}
    )
    assert note.status_code == 201
    plan = table.client.post(
        table.url("/handouts"),
        headers=table.gm.auth,
        data={"title": "Plan"},
        files={"image": ("plan.png", picture(64, 48), "image/png")},
    )
    assert plan.status_code == 201, plan.text
    return s


def _gm_get(client: TestClient, table_id: str, token: str, path: str) -> Any:
    return client.get(f"/api/tables/{table_id}{path}", headers={"Authorization": f"Bearer {token}"})


def test_the_board_moves_with_its_table_and_verifies(
    table: Table, other: TestClient, tmp_path: Path, cli: Any
) -> None:
    s = _built(table)
    export = table.get(table.gm, "/export").json()
    assert len(export["images"]) == 2
    moved = other.post("/api/tables/import", json=export)
    assert moved.status_code == 201, moved.text
    gm = moved.json()["gm_token"]
    for path in ("/board", f"/scenes/{s['id']}", "/handouts"):
        assert _gm_get(other, table.id, gm, path).json() == table.get(table.gm, path).json()
    for path in (f"/scenes/{s['id']}/image",):
        assert _gm_get(other, table.id, gm, path).content == table.get(table.gm, path).content
    again = _gm_get(other, table.id, gm, "/export").json()
    assert again["images"] == export["images"]
    file = tmp_path / "table.json"
    file.write_text(json.dumps(again), encoding="utf-8")
    verified = cli("--lang", "en", "verify", str(file))
    assert verified.code == 0, verified.out + verified.err
    assert "board: 1 scene(s), 2 token(s), 2 handout(s), 2 image(s)" in verified.out


def test_a_broken_image_fails_the_import_and_the_verify(
    table: Table, other: TestClient, tmp_path: Path, cli: Any
) -> None:
    _built(table)
    export = table.get(table.gm, "/export").json()
    export["images"][0]["data"] = export["images"][1]["data"]  # another picture's bytes
    refused = other.post("/api/tables/import", json=export)
    assert refused.status_code == 422 and "\n" not in refused.json()["detail"]
    file = tmp_path / "table.json"
    file.write_text(json.dumps(export), encoding="utf-8")
    assert cli("verify", str(file)).code == 1
    del export["images"][0]
    assert other.post("/api/tables/import", json=export).status_code == 422


def test_a_players_export_holds_no_image_and_no_secret(table: Table) -> None:
    _built(table)
    theirs = table.get(table.alice, "/export")
    assert theirs.status_code == 200, theirs.text
    text = theirs.text
    assert theirs.json()["images"] == [] and "Espion" not in text and "Lettre" not in text
