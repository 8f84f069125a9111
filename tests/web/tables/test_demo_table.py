"""The demo, the template game, at a web table like the five: a new character's form and
sheet, a random NPC, and an attack whose damage reaches the defender's track."""

from __future__ import annotations

from fastapi.testclient import TestClient

from web.tables.tables_support import new_table


def test_a_demo_table_makes_characters_and_fights(app_client: TestClient) -> None:
    table = new_table(app_client, "demo")
    page = app_client.get(f"/tables/{table.id}/characters/new", params={"token": table.alice.token})
    assert page.status_code == 200 and "Seuil" in page.text and "Points de vie" in page.text
    sheet = table.get(table.alice, "/characters/new", params={"name": "Zoé"}).json()
    assert (sheet["system"], sheet["target"], sheet["hit_points"]) == ("demo", 4, 6)
    zoe = table.character(table.alice, sheet)
    made = table.post(table.gm, "/encounters", {"name": "Duel"}).json()["payload"]
    eid = made["encounter_id"]
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": zoe["id"]})
    npc = {"name": "Brute", "random_npc": True, "seed": 3}
    assert table.post(table.gm, f"/encounters/{eid}/participants", npc).status_code == 201
    attacks = table.get(table.gm, f"/encounters/{eid}/participants/p1/attacks?target=p2").json()
    assert [a["check"] for a in attacks] == ["d6"]
    body = {"attacker": "p1", "target": "p2", "check": "d6", "params": attacks[0]["params"]}
    for seed in range(40):  # the GM's seeds, until a strike lands
        done = table.post(table.gm, f"/encounters/{eid}/attack", {**body, "seed": seed})
        assert done.status_code == 200, done.text
        hurt = [
            c["roll"]["summary"]["en"]
            for c in done.json()["payload"]["attack"]["consequences"]
            if c["participant_id"] == "p2"
        ]
        if hurt:
            assert " loses " in hurt[0] and " HP: " in hurt[0]
            return
    raise AssertionError("no strike landed in 40 seeds")
