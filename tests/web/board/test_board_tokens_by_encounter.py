"""Participants are numbered per encounter: « Embuscade » and « Duel » both have a "p2". A
token names its encounter too (`Token.encounter_id`), so the GM's choice of the duel's wolf
places the wolf, its status and conditions are the wolf's, and hiding it keeps the wolf alone
from the players. Without the encounter, the API takes the one encounter under way that has
such a participant, and refuses to guess between two."""

from __future__ import annotations

from html import unescape
from typing import Any

from web.board.board_support import board_changes, frames, patch, scene, square, token
from web.tables.tables_support import Table


def _encounter(table: Table, name: str, npcs: list[str]) -> str:
    """An encounter of NPCs (toy sheets, not secret), p1, p2… in order; its id."""
    made = table.post(table.gm, "/encounters", {"name": name}).json()["payload"]["encounter_id"]
    for npc in npcs:
        body = {"name": npc, "sheet": {"name": npc, "might": 2, "agility": 2}, "secret": False}
        added = table.post(table.gm, f"/encounters/{made}/participants", body)
        assert added.status_code == 201, added.text
    return str(made)


def _two(table: Table) -> tuple[str, str, dict[str, Any]]:
    ambush = _encounter(table, "Embuscade", ["Gobelin", "Orque"])
    duel = _encounter(table, "Duel", ["Spectre", "Loup"])
    return ambush, duel, scene(table)


def test_a_token_of_p2_names_its_encounter_and_stands_for_its_participant(table: Table) -> None:
    ambush, duel, s = _two(table)
    wolf = token(table, s["id"], 1, 1, participant_id="p2", encounter_id=duel)
    orc = token(table, s["id"], 2, 1, participant_id="p2", encounter_id=ambush)
    assert (wolf["name"], wolf["encounter_id"]) == ("Loup", duel)
    assert (orc["name"], orc["encounter_id"]) == ("Orque", ambush)
    # a condition on the duel's wolf marks the wolf's token, not the orc's
    path = f"/encounters/{duel}/participants/p2/conditions"
    assert table.post(table.gm, path, {"name": "Sonné", "rounds": 2}).status_code == 201
    with table.client.websocket_connect(table.socket_url(table.gm, table.last_seq())) as ws:
        ws.receive_json()  # synced
        for moved, col in ((wolf, 3), (orc, 4)):
            x, y = square(col, 2)
            to = f"/scenes/{s['id']}/tokens/{moved['id']}"
            assert patch(table, table.gm, to, {"x": x, "y": y}).status_code == 200
        seen = {c["token"]["name"]: c["token"] for c in board_changes(frames(ws))}
    assert seen["Loup"]["conditions"] == [{"fr": "Sonné", "en": "Sonné"}]
    assert seen["Orque"].get("conditions", []) == []


def test_without_its_encounter_a_p2_of_two_encounters_is_refused(table: Table) -> None:
    ambush, duel, s = _two(table)
    x, y = square(1, 1)
    body = {"x": x, "y": y, "participant_id": "p2"}
    refused = table.post(table.gm, f"/scenes/{s['id']}/tokens", body)
    assert refused.status_code == 422
    said = refused.json()["detail"]
    assert "plusieurs rencontres" in said and "Embuscade" in said and "Duel" in said
    assert table.get(table.gm, f"/scenes/{s['id']}").json()["tokens"] == []  # nothing stored
    # once the ambush is over, the duel is the one under way with a p2
    assert table.post(table.gm, f"/encounters/{ambush}/end").status_code == 200
    placed = table.post(table.gm, f"/scenes/{s['id']}/tokens", body)
    assert placed.status_code == 201, placed.text
    assert placed.json()["token"]["encounter_id"] == duel
    assert placed.json()["token"]["name"] == "Loup"
    unknown = {**body, "encounter_id": duel, "participant_id": "p9"}
    assert table.post(table.gm, f"/scenes/{s['id']}/tokens", unknown).status_code == 404


def test_hiding_one_encounters_p2_keeps_only_it_from_the_players(table: Table) -> None:
    ambush, duel, s = _two(table)
    token(table, s["id"], 1, 1, participant_id="p2", encounter_id=ambush, hidden=True)
    theirs = table.get(table.alice, "/encounters").json()
    names = {e["id"]: [p["name"] for p in e["participants"].values()] for e in theirs}
    assert names[ambush] == ["Gobelin"] and names[duel] == ["Spectre", "Loup"]
    page = unescape(
        table.client.get(
            f"/tables/{table.id}/encounters/{duel}", params={"token": table.alice.token}
        ).text
    )
    assert "Loup" in page


def test_the_gms_list_offers_each_encounters_npc_and_places_the_one_chosen(table: Table) -> None:
    """The board page's « Qui » list: one entry per encounter's NPC, each naming both ids."""
    ambush, duel, _ = _two(table)
    page = table.client.get(f"/tables/{table.id}/plateau", params={"token": table.gm.token}).text
    assert f'value="participant:{duel}:p2"' in page
    assert f'value="participant:{ambush}:p2"' in page
