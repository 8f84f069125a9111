"""Issue 13, "a secret NPC's damage reaches players": an attack on a secret Espace Artémis NPC
("Pirate chef") reads to players as its outcome only (hit, miss), never its tracks — in the
API's log and events, the WebSocket-fed log fragment and every table page; the GM reads it all."""

from __future__ import annotations

from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from web.tables.tables_support import Table, new_table

SYSTEM = "artemis"


def _player_reads(table: Table, enc: str) -> str:
    """Everything Alice can read of the table, API and pages."""
    api = [table.get(table.alice, p).text for p in ("/events", "/log", "/state")]
    pages = [
        table.client.get(f"/tables/{table.id}{p}", params={"token": table.alice.token, **q}).text
        for p, q in (("", {}), ("/events", {"after": "0"}), (f"/encounters/{enc}", {}))
    ]
    return unescape("\n".join(api + pages))


def _scene(table: Table) -> tuple[str, dict[str, Any]]:
    sheet = table.get(table.alice, "/characters/new", params={"name": "Zoé"}).json()
    zoe = table.character(table.alice, sheet)
    enc = table.post(table.gm, "/encounters", {"name": "Abordage"}).json()["payload"]
    eid = enc["encounter_id"]
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": zoe["id"]})
    pirate = {"name": "Pirate chef", "random_npc": True, "seed": 3, "secret": True}
    added = table.post(table.gm, f"/encounters/{eid}/participants", pirate)
    assert added.status_code == 201, added.text
    attacks = table.get(table.gm, f"/encounters/{eid}/participants/p1/attacks?target=p2")
    assert attacks.status_code == 200, attacks.text
    return eid, attacks.json()[0]


def test_an_attack_on_a_secret_npc_reads_hit_or_miss_to_players(app_client: TestClient) -> None:
    table = new_table(app_client, SYSTEM)
    eid, attack = _scene(table)
    body = {"attacker": "p1", "target": "p2", "check": attack["check"], "params": attack["params"]}
    hurt: list[str] = []
    for seed in range(40):  # the GM's seeds, until an attack changes the pirate's tracks
        made = table.post(table.gm, f"/encounters/{eid}/attack", {**body, "seed": seed})
        assert made.status_code == 200, made.text
        done = made.json()["payload"]
        hurt = [
            c["roll"]["summary"]["fr"]
            for c in done["attack"]["consequences"]
            if c["participant_id"] == "p2"
        ]
        if hurt:
            break
        table.post(table.gm, f"/encounters/{eid}/undo", {})
    assert hurt, "no attack hurt the pirate in 40 seeds"
    gm_line, seq = done["summary"]["fr"], made.json()["seq"]
    assert all(h in gm_line for h in hurt)  # the GM's log line says what it did
    seen = table.get(table.alice, f"/events/{seq}").json()["event"]["payload"]
    assert seen["summary"]["fr"].startswith("Zoé attaque Pirate chef (")
    assert seen["attack"]["record"]["outcome"] == done["attack"]["record"]["outcome"]
    readable = _player_reads(table, eid)
    assert "Pirate chef" in readable
    for said in hurt:
        assert said not in readable, said
    assert gm_line not in readable
