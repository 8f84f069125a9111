"""#30 item 4, advice in the attack panels: Espace Artémis declares an attack's choices
(all-out, precise: `choices.toml`); the GM's attack panel and a player's, on her turn, each
carry a Conseil slot, and the advice fragment, asked with the panel's parameters, lists the
choices against the plain blow. Against a secret side the player's panel has none (its numbers
are the GM's)."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.tables.tables_support import Member, Table, new_table

SYSTEM = "artemis"


def _scene(client: TestClient, secret: bool = False) -> tuple[Table, str]:
    game = get_system(SYSTEM)
    table = new_table(client, SYSTEM)
    mine = {**game.random_npc(Roller(1)).model_dump(mode="json"), "name": "Zoé"}
    made = table.character(table.alice, mine)
    eid = table.post(table.gm, "/encounters", {"name": "Rixe"}).json()["payload"]
    eid = str(eid["encounter_id"])
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": made["id"]})
    npc = {**game.random_npc(Roller(3)).model_dump(mode="json"), "name": "Brute"}
    body = {"name": "Brute", "sheet": npc, "secret": secret}
    assert table.post(table.gm, f"/encounters/{eid}/participants", body).status_code == 201
    for pid, value in (("p1", 9), ("p2", 2)):
        table.put(table.gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value})
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    return table, eid


def _get(table: Table, who: Member, path: str, params: Any = ()) -> str:
    got = table.client.get(f"/tables/{table.id}{path}", params=[("token", who.token), *params])
    assert got.status_code == 200, got.text
    return unescape(got.text)


def test_the_gm_and_the_player_read_advice_in_their_attack_panels(
    app_client: TestClient,
) -> None:
    table, eid = _scene(app_client)
    panel = f"/encounters/{eid}/attack-panel"
    for who in (table.gm, table.alice):
        html = _get(table, who, panel, [("a_attacker", "p1"), ("a_target", "p2")])
        assert 'id="attack-advice"' in html
        if who is table.gm:  # the GM's form: the chosen attack's check and parameters
            assert 'hx-include="#attack-form"' in html
            first = table.get(who, f"/encounters/{eid}/participants/p1/attacks?target=p2")
            params = first.json()[0]["params"]
            sent = [("check", "attack"), ("advice_slot", "attack-advice")]
            sent += [
                (k, str(v).lower() if isinstance(v, bool) else str(v)) for k, v in params.items()
            ]
        else:  # the player's offered attack: its parameters in the slot's own values
            slot = re.search(r'id="attack-advice"[^>]*hx-vals=\'([^\']*)\'', html)
            assert slot is not None, html
            sent = list(json.loads(slot.group(1)).items())
            assert 'name="skill"' not in html  # nothing for her to change
        advice = _get(table, who, "/advice", sent)
        assert "Conseil" in advice and "advice-choice" in advice, (who, advice)
        assert "attaque totale" in advice or "précise" in advice
        assert 'hx-target="#roll-advice"' not in advice


def test_no_advice_for_a_player_against_a_secret_side(app_client: TestClient) -> None:
    table, eid = _scene(app_client, secret=True)
    html = _get(
        table,
        table.alice,
        f"/encounters/{eid}/attack-panel",
        [("a_attacker", "p1"), ("a_target", "p2")],
    )
    assert 'id="attack-advice"' not in html
