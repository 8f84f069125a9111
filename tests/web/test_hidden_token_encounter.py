"""The GM's guide (« Le plateau »): a token placed « Caché aux joueurs (PNJ secret) » keeps its
NPC from the players, position and existence, until the GM reveals it. The encounter follows
the board: while the NPC's tokens are all hidden, a player finds it in nothing they receive
(the encounter's page and panel, the table's Encounters card, the API's state and encounter,
the log's lines and the live frames), cannot target it, and reads its turn and its attack
without its name; the GM sees it, marked « caché aux joueurs ». Revealed, it joins the
players' encounter, live."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.board.board_support import frames, patch, scene, token
from web.tables.tables_support import Member, Table, new_table
from web.tables.test_live import connect

SYSTEM = "artemis"
#: The hidden NPC's name, found nowhere else at the table.
SHADOW = "Ombre-Furtive"


def _sheet(seed: int, name: str) -> dict[str, Any]:
    return {**get_system(SYSTEM).random_npc(Roller(seed)).model_dump(mode="json"), "name": name}


def _ambush(table: Table) -> tuple[str, str]:
    """Zoé (Alice's, p1) acts first, then the Shadow (p2), then a guard (p3); the Shadow's token
    is placed hidden on the scene shown to the players. The encounter's id, the token's path."""
    zoe = table.character(table.alice, _sheet(5, "Zoé"))
    eid = str(
        table.post(table.gm, "/encounters", {"name": "Embuscade"}).json()["payload"]["encounter_id"]
    )
    base = f"/encounters/{eid}/participants"
    assert table.post(table.gm, base, {"character_id": zoe["id"]}).status_code == 201
    for name, seed in ((SHADOW, 3), ("Garde", 7)):
        body = {"name": name, "sheet": _sheet(seed, name)}
        assert table.post(table.gm, base, body).status_code == 201
    for pid, value in (("p1", 9), ("p2", 5), ("p3", 2)):
        table.put(table.gm, f"{base}/{pid}/initiative", {"value": value})
    made = scene(table)
    token(table, made["id"], 1, 1, character_id=zoe["id"])
    hidden = token(table, made["id"], 5, 5, participant_id="p2", name=SHADOW, hidden=True)
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    return eid, f"/scenes/{made['id']}/tokens/{hidden['id']}"


def _page(table: Table, who: Member, path: str, **query: str) -> str:
    got = table.client.get(f"/tables/{table.id}{path}", params={"token": who.token, **query})
    assert got.status_code in (200, 403), (path, got.status_code, got.text)
    return unescape(got.text)


def _reads(table: Table, who: Member, eid: str) -> str:
    """Everything `who` receives of the table: pages, fragments, API answers, frames."""
    enc = f"/encounters/{eid}"
    pages = [
        _page(table, who, p, **q)
        for p, q in (
            ("", {}),
            ("/events", {"after": "0"}),
            ("/log", {}),
            ("/encounters-card", {}),
            (enc, {}),
            (enc + "/panel", {}),
            (enc + "/attack-panel", {"a_attacker": "p1", "a_target": "p3"}),
            (enc + "/victory", {}),
        )
    ]
    api = [table.get(who, p).text for p in ("", "/state", "/events", "/log", "/encounters", enc)]
    with connect(table, who, 0) as (_, backlog):
        live = [json.dumps(backlog, ensure_ascii=False)]
    return unescape("\n".join(pages + api + live))


def _summaries(table: Table, who: Member) -> list[str]:
    events = table.get(who, "/events").json()
    return [e["payload"]["summary"]["fr"] for e in events if e["kind"] == "encounter"]


def test_an_npc_hidden_on_the_board_is_not_in_the_players_encounter(
    app_client: TestClient,
) -> None:
    table = new_table(app_client, SYSTEM)
    eid, _ = _ambush(table)
    # on Zoé's turn, Alice can neither see the Shadow among her targets nor attack it
    refused = table.get(table.alice, f"/encounters/{eid}/participants/p1/attacks?target=p2")
    assert refused.status_code == 404
    body = {"attacker": "p1", "target": "p2", "option": 0}
    assert table.post(table.alice, f"/encounters/{eid}/attack", body).status_code == 404
    with connect(table, table.alice, table.last_seq()) as (ws, _):
        assert table.post(table.alice, f"/encounters/{eid}/next").status_code == 200
        # the Shadow's turn: it attacks Zoé
        panel = _page(table, table.alice, f"/encounters/{eid}/panel")
        attacked = table.post(
            table.gm, f"/encounters/{eid}/attack", {"attacker": "p2", "target": "p1"}
        )
        assert attacked.status_code == 200, attacked.text
        assert table.post(table.gm, f"/encounters/{eid}/next").status_code == 200
        live = "\n".join(frames(ws))
    assert 'id="acting">—<' in panel  # no one the player sees acts
    received = _reads(table, table.alice, eid) + live
    assert SHADOW not in received
    assert '"p2"' not in received and 'data-participant="p2"' not in received
    lines = _summaries(table, table.alice)
    assert any(line.startswith("Quelqu'un attaque Zoé") for line in lines), lines
    assert "Round 1 : au tour de Garde" in lines or "Tour 1 : au tour de Garde" in lines, lines
    state = table.get(table.alice, "/state").json()
    [enc] = state["encounters"].values()
    assert list(enc["encounter"]["participants"]) == ["p1", "p3"]
    assert enc["encounter"]["order"] == ["p1", "p3"]
    # the GM sees it all, and that the players do not see it
    gm = _reads(table, table.gm, eid)
    assert SHADOW in gm
    assert "caché aux joueurs" in _page(table, table.gm, f"/encounters/{eid}/panel")
    assert any(SHADOW in line for line in _summaries(table, table.gm))


def test_revealed_the_npc_joins_the_players_encounter_live(app_client: TestClient) -> None:
    table = new_table(app_client, SYSTEM)
    eid, path = _ambush(table)
    with connect(table, table.alice, table.last_seq()) as (ws, _):
        assert patch(table, table.gm, path, {"hidden": False}).status_code == 200
        [revealed] = [json.loads(f)["event"] for f in frames(ws)]
    assert revealed["kind"] == "board" and revealed["payload"]["encounter"] is True
    # the log entry the live client reads asks the encounter's panels to read again
    entries = _page(table, table.alice, "/events", after=str(revealed["seq"] - 1))
    assert 'data-also="encounter"' in entries
    panel = _page(table, table.alice, f"/encounters/{eid}/panel")
    assert SHADOW in panel and "caché aux joueurs" not in panel
    state = table.get(table.alice, "/state").json()
    [enc] = state["encounters"].values()
    assert enc["encounter"]["order"] == ["p1", "p2", "p3"]
    # hidden again: gone again, for players only
    assert patch(table, table.gm, path, {"hidden": True}).status_code == 200
    assert SHADOW not in _page(table, table.alice, f"/encounters/{eid}/panel")
    assert SHADOW in _page(table, table.gm, f"/encounters/{eid}/panel")


def test_a_players_stale_step_is_refused_without_the_hidden_npc(app_client: TestClient) -> None:
    """A step from an older version is refused with the encounter as it stands, for the player
    to start again: the encounter as the player sees it."""
    table = new_table(app_client, SYSTEM)
    eid, _ = _ambush(table)
    stale = table.post(table.alice, f"/encounters/{eid}/next", {"expected_version": 0})
    assert stale.status_code == 409
    current = stale.json()["current"]
    assert SHADOW not in stale.text and list(current["participants"]) == ["p1", "p3"]
    assert current["participants"]["p3"]["sheet"] is None  # the guard's sheet is the GM's
    gm = table.post(table.gm, f"/encounters/{eid}/next", {"expected_version": 0})
    assert gm.status_code == 409 and SHADOW in gm.text
