"""#30 item 5 on the web table: a round's end rolls the tests a participant's state calls for
(Fluid's haemorrhage: « La victime doit réussir un autre test au prochain round avec un malus
majoré de 1. De plus, elle doit réussir un test de VOL ou tomber dans le coma », L1501-1505).
The GM reads the tests in the log; a player reads that the secret NPC's round ended, veiled:
not which tests, nor their dice."""

from __future__ import annotations

from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.tables.tables_support import Member, Table, new_table

FLUID = get_system("fluid")


def _npc(seed: int, name: str, **condition: Any) -> dict[str, Any]:
    sheet = FLUID.random_npc(Roller(seed)).model_dump(mode="json")
    return {**sheet, "name": name, "condition": {**sheet["condition"], **condition}}


def _read(table: Table, who: Member) -> str:
    """The log lines the member reads: the log fragment of the table page and the events'
    summaries in the API's log, French typography's narrow spaces read as spaces."""
    api = table.get(who, "/log")
    assert api.status_code == 200, api.text
    said = [e["payload"].get("summary", {}).get("fr", "") for e in api.json()["events"]]
    got = table.client.get(f"/tables/{table.id}/events", params={"token": who.token, "after": 0})
    assert got.status_code == 200, got.text
    return unescape("\n".join([*said, got.text])).replace("\u202f", " ")


def test_a_rounds_end_tests_read_by_the_gm_and_veiled_for_a_player(
    app_client: TestClient,
) -> None:
    table = new_table(app_client, "fluid")
    made = table.post(table.gm, "/encounters", {"name": "Rixe"})
    eid = str(made.json()["payload"]["encounter_id"])
    brute = _npc(2, "Brute", haemorrhage=True, haemorrhage_penalty=3)
    for body in ({"sheet": _npc(1, "Ana")}, {"sheet": brute, "secret": True}):
        added = table.post(table.gm, f"/encounters/{eid}/participants", body)
        assert added.status_code == 201, added.text
    for pid, value in (("p1", 9), ("p2", 2)):
        table.put(table.gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value})
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    assert "Fin du round 1" not in _read(table, table.gm)
    for _ in range(2):  # Ana's turn, then the Brute's: the round ends
        assert table.post(table.gm, f"/encounters/{eid}/next").status_code == 200
    gm = _read(table, table.gm)
    assert "Fin du round 1 : Brute — Hémorragie : test de VOL ou coma : " in gm
    player = _read(table, table.alice)
    assert "Fin du round 1 : Brute : " in player
    # the test's line is the GM's: which test, its dice and result (the secret NPC's tracks)
    assert "Hémorragie" not in player and "VOL" not in player
