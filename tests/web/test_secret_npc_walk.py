"""#30 item 2, "secret means secret": on her character's turn against a secret Espace Artémis NPC
whose sheet holds values nobody else has (its weapon's name, notes, a description, an armour),
Alice reads her attack as "contre un adversaire dont le MJ garde la fiche", attacks from her
page, and none of the NPC's sheet values reaches anything she receives: every page and fragment
of the table, the API's answers (state, log, events, encounter, her attacks) and the WebSocket's
frames. The GM reads them all (so the search would find them)."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.tables.tables_support import Member, Table, new_table
from web.tables.test_live import connect

SYSTEM = "artemis"
#: The secret NPC's own values, found nowhere else at the table.
WEAPON = "Trident-Xylophage"
SECRETS = {
    "notes": "Carnet-Secret-7781",
    "other": "Cicatrice-en-Zigzag",
    "clothes": "Manteau-Pourpre-Unique",
}
ARMOUR = ("exosquelette_renforce", "exosquelette renforcé")


def _pirate() -> dict[str, Any]:
    sheet = get_system(SYSTEM).random_npc(Roller(3)).model_dump(mode="json")
    sheet["weapons"][0]["name"] = WEAPON
    sheet["notes"] = SECRETS["notes"]
    sheet["description"]["other"] = SECRETS["other"]
    sheet["description"]["clothes"] = SECRETS["clothes"]
    sheet["armour"] = ARMOUR[0]
    return {**sheet, "name": "Pirate chef"}


def _scene(table: Table) -> str:
    zoe = get_system(SYSTEM).random_npc(Roller(5)).model_dump(mode="json")
    made = table.character(table.alice, {**zoe, "name": "Zoé"})
    eid = str(
        table.post(table.gm, "/encounters", {"name": "Abordage"}).json()["payload"]["encounter_id"]
    )
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": made["id"]})
    added = table.post(
        table.gm,
        f"/encounters/{eid}/participants",
        {"name": "Pirate chef", "sheet": _pirate(), "secret": True},
    )
    assert added.status_code == 201, added.text
    for pid, value in (("p1", 9), ("p2", 2)):  # Zoé acts first
        table.put(table.gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value})
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    return eid


def _page(table: Table, who: Member, path: str, **query: str) -> str:
    got = table.client.get(f"/tables/{table.id}{path}", params={"token": who.token, **query})
    assert got.status_code in (200, 403), (path, got.status_code, got.text)
    return got.text


def _reads(table: Table, who: Member, eid: str) -> str:
    """Everything `who` receives of the table: pages, fragments, API answers, frames."""
    enc = f"/encounters/{eid}"
    pages = [
        _page(table, who, p, **q)
        for p, q in (
            ("", {}),
            ("/events", {"after": "0"}),
            ("/log", {}),
            ("/members", {}),
            ("/encounters-card", {}),
            ("/chat-to", {}),
            (enc, {}),
            (enc + "/panel", {}),
            (enc + "/attack-panel", {"a_attacker": "p1", "a_target": "p2"}),
            (enc + "/victory", {}),
        )
    ]
    api = [
        table.get(who, p).text
        for p in ("", "/state", "/events", "/log", enc, enc + "/participants/p1/attacks?target=p2")
    ]
    with connect(table, who, 0) as (_, backlog):
        frames = [json.dumps(backlog, ensure_ascii=False)]
    return unescape("\n".join(pages + api + frames))


def _around(text: str, at: int) -> str:
    return text[max(0, at - 200) : at + 60]


def _secret_values() -> list[str]:
    return [WEAPON, *SECRETS.values(), ARMOUR[0], ARMOUR[1], "parade de"]


def test_no_secret_npc_value_reaches_a_player(app_client: TestClient) -> None:
    table = new_table(app_client, SYSTEM)
    eid = _scene(table)
    panel = unescape(
        _page(table, table.alice, f"/encounters/{eid}/attack-panel", a_attacker="p1", a_target="p2")
    )
    assert "contre un adversaire dont le MJ garde la fiche" in panel
    options = table.get(table.alice, f"/encounters/{eid}/participants/p1/attacks?target=p2").json()
    assert options and all(o["params"] == {} and o["odds"] is None for o in options)
    # Alice attacks from her page with the first attack offered; the server rolls it
    attacked = table.client.post(
        f"/tables/{table.id}/encounters/{eid}/step",
        data={
            "token": table.alice.token,
            "step": "attack",
            "a_attacker": "p1",
            "a_target": "p2",
            "a_pick": str(options[0]["option"]),
        },
        headers={"HX-Request": "true", "X-Ecran-Token": table.alice.token},
    )
    assert attacked.status_code == 200, attacked.text
    assert 'id="attack-result"' in attacked.text
    received = _reads(table, table.alice, eid) + unescape(attacked.text)
    low = received.casefold()
    leaked = {
        v: _around(received, low.index(v.casefold()))
        for v in _secret_values()
        if v.casefold() in low
    }
    assert leaked == {}
    assert "Pirate chef" in received  # its name is the table's
    gm_reads = _reads(table, table.gm, eid)
    assert all(v.casefold() in gm_reads.casefold() for v in (WEAPON, SECRETS["notes"]))
    # the GM's own attack panel names the pirate's weapon (the search can find it)
    gm_panel = _page(
        table, table.gm, f"/encounters/{eid}/attack-panel", a_attacker="p1", a_target="p2"
    )
    assert WEAPON in unescape(gm_panel)


@pytest.mark.parametrize("system", ["artemis", "warp", "fluid", "nephilim", "organique"])
def test_a_players_attacks_on_a_secret_npc_name_none_of_its_gear(
    app_client: TestClient, system: str
) -> None:
    """In every game: what the GM reads of the same attacks (labels naming the NPC's weapon,
    stance or defence) never reaches the player, who reads each of their attacks once per
    weapon of theirs, against an opponent whose sheet the GM keeps."""
    table = new_table(app_client, system)
    game = get_system(system)
    mine = {**game.random_npc(Roller(5)).model_dump(mode="json"), "name": "Zoé"}
    made = table.character(table.alice, mine)
    eid = table.post(table.gm, "/encounters", {"name": "Abordage"}).json()["payload"]
    eid = eid["encounter_id"]
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": made["id"]})
    npc = {**game.random_npc(Roller(3)).model_dump(mode="json"), "name": "Pirate chef"}
    body = {"name": "Pirate chef", "sheet": npc, "secret": True}
    assert table.post(table.gm, f"/encounters/{eid}/participants", body).status_code == 201
    for pid, value in (("p1", 9), ("p2", 2)):
        table.put(table.gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value})
    table.post(table.gm, f"/encounters/{eid}/start")
    path = f"/encounters/{eid}/participants/p1/attacks?target=p2"
    gm, alice = table.get(table.gm, path).json(), table.get(table.alice, path).json()
    assert gm and alice
    assert {o["label"]["fr"] for o in alice} == {
        "Attaque contre un adversaire dont le MJ garde la fiche"
    }
    assert all(o["params"] == {} and o["odds"] is None for o in alice)
    keys = [(o["group"] and o["group"]["fr"], o["check"]) for o in alice]
    assert len(keys) == len(set(keys))  # once per weapon and check
    # each stands for one of the GM's attacks, of the same check and weapon
    for o in alice:
        assert gm[o["option"]]["check"] == o["check"]
        assert gm[o["option"]]["group"] == o["group"]
    shown = json.dumps(alice, ensure_ascii=False)
    for o in gm:
        assert o["label"]["fr"] not in shown
