"""#30 item 5 through the web: a stunned character loses its action (Organique L3231-3236,
« elle perd sa prochaine action »). On her character's turn Alice is refused the attack in one
French line (422, the API and the page's step alike) and her attack panel says why instead of
offering attacks; the GM's attacks on the stunned one read its lost reaction (a stun short by
more than 10: « ET sa prochaine réaction », no defence). The play-level rules are tested in
tests/play/test_conditions_turns.py."""

from __future__ import annotations

from html import unescape

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.table_pages.conftest import Seat
from web.tables.tables_support import new_table

REFUSED = "Ana ne peut pas attaquer : "


def test_a_stunned_players_attack_is_refused_in_one_line_and_her_panel_says_why(
    app_client: TestClient,
) -> None:
    game = get_system("organique")
    table = new_table(app_client, "organique")
    ana = {**game.random_npc(Roller(1)).model_dump(mode="json"), "name": "Ana"}
    cid = table.character(table.alice, ana)["id"]
    made = table.post(table.gm, "/encounters", {"name": "Rixe"})
    eid = made.json()["payload"]["encounter_id"]
    brute = {**game.random_npc(Roller(2)).model_dump(mode="json"), "name": "Brute"}
    for body in ({"character_id": cid}, {"sheet": brute}):
        added = table.post(table.gm, f"/encounters/{eid}/participants", body)
        assert added.status_code == 201, added.text
    for pid, value in (("p1", 9), ("p2", 5)):
        table.put(table.gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value})
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    path = f"/encounters/{eid}/participants/p1/attacks?target=p2"
    assert table.get(table.alice, path).status_code == 200  # her turn: she may attack
    # the GM stuns her, short by far more than 10 (the attacker's margin 20)
    stun = {"params": {"attacker_margin": 20}, "seed": 1}
    put = table.post(table.gm, f"/encounters/{eid}/participants/p1/operations/stun_effect", stun)
    assert put.status_code == 200, put.text
    (cond,) = table.get(table.gm, f"/encounters/{eid}").json()["participants"]["p1"]["conditions"]
    assert cond["acts"] is False and cond["reacts"] is False
    # her attacks: refused, in one French line, listing and rolling alike
    listed = table.get(table.alice, path)
    assert listed.status_code == 422
    said = listed.json()["detail"]
    assert said.startswith(REFUSED) and "\n" not in said
    body = {"attacker": "p1", "target": "p2", "option": 0}
    rolled = table.post(table.alice, f"/encounters/{eid}/attack", body)
    assert (rolled.status_code, rolled.json()["detail"]) == (422, said)
    # the page: the panel says why and offers nothing to roll; its step is refused too
    alice = Seat(app_client, table.id, table.alice.token)
    panel = unescape(alice.get(f"/encounters/{eid}/attack-panel", a_target="p2").text)
    assert 'id="attack-lost"' in panel and REFUSED in panel
    assert 'id="attack-form"' not in panel and 'id="attack-options"' not in panel
    step = [("step", "attack"), ("a_attacker", "p1"), ("a_target", "p2"), ("a_pick", "0")]
    answer = alice.post(f"/encounters/{eid}/step", step, htmx=True)
    assert answer.status_code == 422 and REFUSED in unescape(answer.text)
    # the Brute's attacks on her: no defence (her reaction is lost too)
    theirs = table.get(table.gm, f"/encounters/{eid}/participants/p2/attacks?target=p1")
    assert theirs.status_code == 200, theirs.text
    assert {o["params"]["reaction"] for o in theirs.json()} == {"none"}
