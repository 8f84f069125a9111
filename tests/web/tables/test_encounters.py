"""The encounter tracker through the API: the GM drives, players watch live without the secret
NPCs' sheets and dice."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.tables.tables_support import Table, new_table
from web.tables.test_live import connect, events

SEED = 8_675_309_123_457


def _encounter(table: Table) -> tuple[str, str]:
    """An encounter with Alice's Hector (agility 3) and a secret goblin NPC (agility 2)."""
    hector = table.character(table.alice, {"name": "Hector", "might": 2, "agility": 3})
    made = table.post(table.gm, "/encounters", {"name": "Embuscade"})
    assert made.status_code == 201, made.text
    enc = made.json()["payload"]["encounter_id"]
    added = table.post(table.gm, f"/encounters/{enc}/participants", {"character_id": hector["id"]})
    assert added.status_code == 201, added.text
    goblin = {"name": "Gobelin", "agility": 2, "wounds": 0}
    npc = table.post(table.gm, f"/encounters/{enc}/participants", {"sheet": goblin})
    assert npc.status_code == 201, npc.text
    return enc, hector["id"]


def _state(table: Table, enc: str, who: Any = None) -> dict[str, Any]:
    return dict(table.get(who or table.gm, f"/encounters/{enc}").json())


def test_initiative_by_the_systems_rule_then_turns_and_rounds(table: Table) -> None:
    enc, _ = _encounter(table)
    rolled = table.post(table.gm, f"/encounters/{enc}/initiative", {"seed": SEED})
    assert rolled.status_code == 200, rolled.text
    seeds = {r["participant_id"]: r["seed"] for r in rolled.json()["payload"]["initiative"]}
    # 1d6 + agility, each participant from a seed of its own (a shared one would let a player
    # replay a secret NPC's die from a public character's seed)
    hector, goblin = Roller(seeds["p1"]).d(6) + 3, Roller(seeds["p2"]).d(6) + 2
    assert seeds["p1"] != seeds["p2"]
    state = _state(table, enc)
    assert state["participants"]["p1"]["initiative"] == hector
    assert state["participants"]["p2"]["initiative"] == goblin
    first = "p2" if goblin > hector else "p1"
    second = "p1" if first == "p2" else "p2"
    assert state["order"] == [first, second]
    started = table.post(table.gm, f"/encounters/{enc}/start").json()
    assert started["payload"]["encounter"]["round"] == 1
    assert started["payload"]["encounter"]["current"] == first
    for acting, round_ in ((second, 1), (first, 2)):
        turned = table.post(table.gm, f"/encounters/{enc}/next").json()["payload"]["encounter"]
        assert (turned["current"], turned["round"]) == (acting, round_)


def test_conditions_run_down_and_undo_goes_back(table: Table) -> None:
    enc, _ = _encounter(table)
    for pid, value in (("p1", 5), ("p2", 3)):
        set_ = table.put(
            table.gm, f"/encounters/{enc}/participants/{pid}/initiative", {"value": value}
        )
        assert set_.status_code == 200, set_.text
    table.post(table.gm, f"/encounters/{enc}/start")
    stunned = table.post(
        table.gm, f"/encounters/{enc}/participants/p2/conditions", {"name": "Sonné", "rounds": 1}
    )
    assert stunned.status_code == 201, stunned.text
    table.post(table.gm, f"/encounters/{enc}/next")  # p2 acts
    ended = table.post(table.gm, f"/encounters/{enc}/next").json()  # p2's turn ends
    assert ended["payload"]["expired"] == ["Sonné"]
    assert _state(table, enc)["participants"]["p2"]["conditions"] == []
    undone = table.post(table.gm, f"/encounters/{enc}/undo").json()
    assert undone["payload"]["step"] == "undo"
    assert [c["name"] for c in _state(table, enc)["participants"]["p2"]["conditions"]] == ["Sonné"]
    lasting = table.post(
        table.gm, f"/encounters/{enc}/participants/p1/conditions", {"name": "À terre"}
    )
    assert lasting.status_code == 201
    removed = table.delete(table.gm, f"/encounters/{enc}/participants/p1/conditions/À terre")
    assert removed.status_code == 200
    assert _state(table, enc)["participants"]["p1"]["conditions"] == []
    assert (
        table.delete(table.gm, f"/encounters/{enc}/participants/p1/conditions/X").status_code == 404
    )


def test_an_operation_on_a_character_makes_a_new_version_undo_restores_it(table: Table) -> None:
    enc, hector = _encounter(table)
    hit = table.post(
        table.gm, f"/encounters/{enc}/participants/p1/operations/hit", {"seed": 5, "params": {}}
    )
    assert hit.status_code == 200, hit.text
    wounds = Roller(5).d(6)
    after = table.get(table.alice, f"/characters/{hector}").json()
    assert after["sheet"]["wounds"] == wounds and after["version"] == 2
    table.post(table.gm, f"/encounters/{enc}/undo")
    restored = table.get(table.alice, f"/characters/{hector}").json()
    assert restored["sheet"]["wounds"] == 0 and restored["version"] == 3


def test_an_npc_operation_stays_in_the_encounter(table: Table) -> None:
    enc, _ = _encounter(table)
    hit = table.post(table.gm, f"/encounters/{enc}/participants/p2/operations/hit", {"seed": 5})
    assert hit.status_code == 200
    assert _state(table, enc)["participants"]["p2"]["sheet"]["wounds"] == Roller(5).d(6)


def test_players_watch_but_may_not_drive(table: Table) -> None:
    enc, _ = _encounter(table)
    before = table.last_seq()
    for method, path, body in [
        ("post", "/encounters", {"name": "X"}),
        ("post", f"/encounters/{enc}/initiative", {}),
        ("post", f"/encounters/{enc}/start", None),
        ("post", f"/encounters/{enc}/next", None),
        ("post", f"/encounters/{enc}/undo", None),
        ("post", f"/encounters/{enc}/end", None),
        ("put", f"/encounters/{enc}/order", {"order": ["p2", "p1"]}),
        ("post", f"/encounters/{enc}/participants/p1/conditions", {"name": "X"}),
    ]:
        refused = getattr(table.client, method)(
            table.url(path), headers=table.alice.auth, json=body
        )
        assert refused.status_code == 403, (path, refused.text)
        assert refused.json()["detail"].startswith("réservé au MJ")
    # an operation on her own character waits for its turn (the encounter is not started)
    hit = table.post(table.alice, f"/encounters/{enc}/participants/p1/operations/hit", {})
    assert hit.status_code == 403 and "pas le tour" in hit.json()["detail"]
    assert table.last_seq() == before


def test_a_secret_npc_sheet_and_dice_never_reach_players(table: Table) -> None:
    enc, _ = _encounter(table)
    start = table.last_seq()
    with connect(table, table.bob, start) as (ws, _):
        # one roll for both: each participant's seed is its own, the secret one stays hidden
        table.post(table.gm, f"/encounters/{enc}/initiative", {"seed": SEED})
        table.post(table.gm, f"/encounters/{enc}/participants/p2/operations/hit", {"seed": SEED})
        frames = events(ws)
    assert [f["kind"] for f in frames] == ["encounter"] * 2
    assert all(f["redacted"] for f in frames)
    for f in frames:
        goblin = f["payload"]["encounter"]["participants"]["p2"]
        assert goblin["name"] == "Gobelin" and goblin["sheet"] is None
    assert str(SEED) not in str(frames)
    gm_view = [e for e in table.get(table.gm, "/events").json() if e["kind"] == "encounter"]
    secret_seeds = [
        str(r["seed"])
        for e in gm_view
        for r in e["payload"].get("initiative", [])
        if r["participant_id"] == "p2"
    ]
    assert secret_seeds, "the GM sees the secret NPC's own initiative seed"
    assert all(seed not in str(frames) for seed in secret_seeds)
    for who in (table.alice, table.bob):
        seen = _state(table, enc, who)
        assert seen["participants"]["p2"]["sheet"] is None
        assert seen["participants"]["p1"]["initiative"] is not None  # Hector's is public
        assert str(SEED) not in table.get(who, "/events").text
        assert str(SEED) not in table.get(who, "/encounters").text
    assert _state(table, enc)["participants"]["p2"]["sheet"]["name"] == "Gobelin"


def test_a_stale_step_is_a_409_and_bad_steps_are_422(table: Table) -> None:
    enc, _ = _encounter(table)
    version = _state(table, enc)["version"]
    stale = table.post(table.gm, f"/encounters/{enc}/start", {"expected_version": version - 1})
    assert stale.status_code == 409 and stale.json()["current_version"] == version
    cases = [
        ("post", f"/encounters/{enc}/start", None, "initiative"),
        ("put", f"/encounters/{enc}/order", {"order": ["p1"]}, "participant"),
        ("put", f"/encounters/{enc}/participants/p1/initiative", {"value": "high"}, "Initiative"),
        ("post", f"/encounters/{enc}/next", None, "commencé"),
        ("post", f"/encounters/{enc}/participants/p1/conditions", {"name": "X", "rounds": 0}, "1"),
        ("post", f"/encounters/{enc}/participants", {}, "nom"),
    ]
    for method, path, body, says in cases:
        refused = getattr(table.client, method)(table.url(path), headers=table.gm.auth, json=body)
        assert refused.status_code == 422, (path, refused.text)
        assert says in refused.json()["detail"]
    assert table.post(table.gm, "/encounters/nope/start").status_code == 404
    assert (
        table.post(
            table.gm, f"/encounters/{enc}/participants/p9/conditions", {"name": "X"}
        ).status_code
        == 404
    )


def test_the_end_closes_the_encounter(table: Table) -> None:
    enc, _ = _encounter(table)
    assert table.post(table.gm, f"/encounters/{enc}/end").status_code == 200
    assert _state(table, enc)["ended"] is True
    again = table.post(table.gm, f"/encounters/{enc}/participants", {"name": "Renfort"})
    assert again.status_code == 422 and "terminée" in again.json()["detail"]
    listed = table.get(table.alice, "/encounters").json()
    assert [e["id"] for e in listed] == [enc]


def test_a_random_npc_of_a_real_system_joins_and_rolls_initiative(api: TestClient) -> None:
    table = new_table(api, "nephilim")
    enc = table.post(table.gm, "/encounters", {"name": "Crypte"}).json()["payload"]["encounter_id"]
    added = table.post(
        table.gm, f"/encounters/{enc}/participants", {"random_npc": True, "seed": 11}
    )
    assert added.status_code == 201, added.text
    npc = _state(table, enc)["participants"]["p1"]
    system = get_system("nephilim")
    expected = system.random_npc(Roller(11)).model_dump(mode="json")
    assert npc["sheet"] == expected and npc["name"] == expected["name"] and npc["secret"]
    assert system.validate(system.sheet_model().model_validate(npc["sheet"])) == []
    rolled = table.post(table.gm, f"/encounters/{enc}/initiative", {"seed": 4})
    assert rolled.status_code == 200, rolled.text
    assert _state(table, enc)["participants"]["p1"]["initiative"] is not None


def test_the_gm_breaks_a_tie_by_hand_and_removes_a_participant(table: Table) -> None:
    enc, _ = _encounter(table)
    for pid in ("p1", "p2"):
        table.put(table.gm, f"/encounters/{enc}/participants/{pid}/initiative", {"value": 4})
    assert _state(table, enc)["order"] == ["p1", "p2"]
    swapped = table.put(table.gm, f"/encounters/{enc}/order", {"order": ["p2", "p1"]})
    assert swapped.status_code == 200
    assert swapped.json()["payload"]["encounter"]["order"] == ["p2", "p1"]
    removed = table.delete(table.gm, f"/encounters/{enc}/participants/p2")
    assert removed.status_code == 200
    assert list(_state(table, enc)["participants"]) == ["p1"]
    stale = table.delete(table.gm, f"/encounters/{enc}/participants/p1?expected_version=1")
    assert stale.status_code == 409


def test_an_operation_rolls_the_tables_dice_from_its_key(table: Table) -> None:
    """Without a seed asked, the operation's seed is the table's (from its key: the step names
    the commitment in force); a GM's chosen seed is kept and flagged."""
    enc, _ = _encounter(table)
    drawn = table.post(table.gm, f"/encounters/{enc}/participants/p1/operations/hit", {})
    assert drawn.status_code == 200, drawn.text
    payload = drawn.json()["payload"]
    assert payload["commitment"] is not None and not payload["gm_seed"]
    assert payload["operation"]["seed"] == payload["seed"]
    chosen = table.post(table.gm, f"/encounters/{enc}/participants/p1/operations/hit", {"seed": 5})
    assert chosen.json()["payload"]["gm_seed"] and chosen.json()["payload"]["seed"] == 5
