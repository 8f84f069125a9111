"""`…/characters/{cid}/actions?odds=true&target_token=TID`: the board fills the check's
positional parameters (labelled as the board's, editable) and the exact odds follow them."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.fluid import tracks
from web.board.board_support import frames, patch, reveal, scene, token
from web.tables.tables_support import Table, new_table


def _action(table: Table, cid: str, target: str | None, check: str) -> dict[str, Any]:
    query = "?odds=true" + (f"&target_token={target}" if target else "")
    got = table.get(table.alice, f"/characters/{cid}/actions{query}")
    assert got.status_code == 200, got.text
    return next(a for a in got.json() if a["check"] == check)


def _hero(table: Table, system_id: str, who: Any, name: str) -> str:
    npc = get_system(system_id).random_npc(Roller(11)).model_dump(mode="json")
    return str(table.character(who, {**npc, "name": name}, allow_violations=True)["id"])


def test_fluid_position_and_allies_are_filled_from_the_board(app_client: TestClient) -> None:
    table = new_table(app_client, "fluid")
    ana, bob = _hero(table, "fluid", table.alice, "Ana"), _hero(table, "fluid", table.bob, "Bo")
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    token(table, s["id"], 1, 1, character_id=ana)
    foe = token(table, s["id"], 2, 1, name="Orque")
    beside = _action(table, ana, foe["id"], "attack")
    assert beside["params"]["range_band"] == beside["board"]["range_band"]["value"] == "melee"
    assert "plateau" in beside["board"]["range_band"]["label"]
    assert beside["board"]["position"]["value"] is False  # standing, same ground, no facing
    flags = {"flags": {"on_ground": True}}
    patch(table, table.gm, f"/scenes/{s['id']}/tokens/{foe['id']}", flags)
    prone = _action(table, ana, foe["id"], "attack")
    assert prone["params"]["position"] is prone["board"]["position"]["value"] is True
    token(table, s["id"], 3, 1, character_id=bob)
    helped = _action(table, ana, foe["id"], "attack")
    assert helped["board"]["allies"]["value"] == helped["params"]["allies"] == 1
    assert "allies" not in _action(table, ana, None, "attack")["board"]


def test_fluid_spell_odds_follow_the_distance(app_client: TestClient) -> None:
    table = new_table(app_client, "fluid")
    ana = _hero(table, "fluid", table.alice, "Ana")
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    mine = token(table, s["id"], 0, 0, character_id=ana)
    foe = token(table, s["id"], 1, 0, name="Orque")
    near = _action(table, ana, foe["id"], "spell")
    patch(table, table.alice, f"/scenes/{s['id']}/tokens/{mine['id']}", {"x": 35, "y": 665})
    far = _action(table, ana, foe["id"], "spell")
    assert near["board"]["range_band"]["value"] != far["board"]["range_band"]["value"]
    assert near["odds"] is not None and far["odds"] is not None and near["odds"] != far["odds"]


def test_warp_better_position_moves_the_melee_odds(app_client: TestClient) -> None:
    table = new_table(app_client, "warp")
    ana = _hero(table, "warp", table.alice, "Ana")
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    token(table, s["id"], 1, 1, character_id=ana)
    foe = token(table, s["id"], 2, 1, name="Brute")
    standing = _action(table, ana, foe["id"], "melee")
    flags = {"flags": {"on_ground": True}}
    patch(table, table.gm, f"/scenes/{s['id']}/tokens/{foe['id']}", flags)
    down = _action(table, ana, foe["id"], "melee")
    assert down["params"]["better_position"] and not standing["params"].get("better_position")
    assert standing["odds"] is not None and down["odds"] != standing["odds"]


def test_a_target_the_player_cannot_see_is_not_found(app_client: TestClient) -> None:
    table = new_table(app_client, "fluid")
    npc = get_system("fluid").random_npc(Roller(11)).model_dump(mode="json")
    ana = table.character(table.alice, {**npc, "name": "Ana"}, allow_violations=True)["id"]
    s = scene(table)
    token(table, s["id"], 1, 1, character_id=ana)
    spy = token(table, s["id"], 2, 1, name="Espion", hidden=True)
    got = table.get(table.alice, f"/characters/{ana}/actions?odds=true&target_token={spy['id']}")
    assert got.status_code == 404 and "Espion" not in got.text


def test_a_tokens_status_follows_its_sheet(app_client: TestClient) -> None:
    table = new_table(app_client, "warp")
    npc = get_system("warp").random_npc(Roller(11)).model_dump(mode="json")
    brute = table.character(table.gm, {**npc, "name": "Brute"}, allow_violations=True)
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    token(table, s["id"], 2, 1, character_id=brute["id"])
    token(table, s["id"], 3, 1, name="Caisse")
    [up, crate] = table.get(table.alice, f"/scenes/{s['id']}").json()["tokens"]
    assert up["status"] == "up" and "status" not in crate
    dead = {**brute["sheet"], "damage": 2 * brute["sheet"]["max_hp"]}
    saved = table.put(
        table.gm,
        f"/characters/{brute['id']}",
        {"sheet": dead, "expected_version": 1, "allow_violations": True},
    )
    assert saved.status_code == 200, saved.text
    [down, _] = table.get(table.alice, "/board").json()["scenes"][0]["tokens"]
    assert down["status"] == "dead" and "damage" not in str(down)


def test_a_fluid_move_longer_than_the_ini_is_said_and_the_gm_decides(
    app_client: TestClient,
) -> None:
    table = new_table(app_client, "fluid")
    ana = _hero(table, "fluid", table.alice, "Ana")
    s = scene(table, grid_size=70, unit_per_square=1)
    reveal(table, s["id"], [0, 0, 700, 700])
    mine = token(table, s["id"], 0, 0, character_id=ana)
    enc = table.post(table.gm, "/encounters", {"name": "Rixe"}).json()["payload"]["encounter_id"]
    body = {"character_id": ana}
    assert table.post(table.gm, f"/encounters/{enc}/participants", body).status_code == 201
    rolled = table.post(table.gm, f"/encounters/{enc}/initiative", {"seed": 5})
    assert rolled.status_code == 200, rolled.text
    assert table.post(table.gm, f"/encounters/{enc}/start").status_code == 200
    path = f"/scenes/{s['id']}/tokens/{mine['id']}"
    short = patch(table, table.alice, path, {"x": 105, "y": 35})
    assert short.status_code == 200 and short.json()["warning"] is None
    time.sleep(0.3)  # the next move is logged at once, not held
    with table.client.websocket_connect(table.socket_url(table.bob, table.last_seq())) as ws:
        ws.receive_json()  # synced
        far = patch(table, table.alice, path, {"x": 665, "y": 665})
        assert far.status_code == 200, far.text  # said, never refused: the GM decides
        assert "MJ décide" in far.json()["warning"] and "987-993" in far.json()["warning"]
        [seen] = [json.loads(f)["event"] for f in frames(ws)]
    assert "MJ décide" in seen["payload"]["warning"]["fr"]  # said to all who see the token


def _fluid_turn(table: Table, ana: str) -> tuple[str, float]:
    """A running encounter on Ana's turn, and the squares her INI lets her move per turn."""
    enc = table.post(table.gm, "/encounters", {"name": "Rixe"}).json()["payload"]["encounter_id"]
    assert table.post(table.gm, f"/encounters/{enc}/participants", {"character_id": ana}).is_success
    assert table.post(table.gm, f"/encounters/{enc}/initiative", {"seed": 5}).is_success
    assert table.post(table.gm, f"/encounters/{enc}/start").status_code == 200
    [who] = table.get(table.gm, f"/encounters/{enc}").json()["participants"].values()
    return enc, float(who["initiative_roll"]["details"]["movement"])


def test_a_slow_drag_in_small_steps_is_measured_from_the_turns_start(
    app_client: TestClient,
) -> None:
    table = new_table(app_client, "fluid")
    ana = _hero(table, "fluid", table.alice, "Ana")
    s = scene(table, grid_size=70, unit_per_square=1, width=4200, height=700)
    reveal(table, s["id"], [0, 0, 4200, 700])
    mine = token(table, s["id"], 0, 0, character_id=ana)
    enc, allowed = _fluid_turn(table, ana)
    path = f"/scenes/{s['id']}/tokens/{mine['id']}"
    said = []
    for step in range(1, int(allowed) + 2):  # one square at a time, each short
        moved = patch(table, table.alice, path, {"x": 35 + 70 * step, "y": 35})
        assert moved.status_code == 200, moved.text
        said.append(moved.json()["warning"])
        time.sleep(0.3)  # each step logged, none held
    assert said[:-1] == [None] * int(allowed)  # within the INI from where the turn began
    assert "MJ décide" in said[-1] and f"{int(allowed) + 1} cases" in said[-1]
    assert table.post(table.gm, f"/encounters/{enc}/next").status_code == 200  # her next turn
    again = patch(table, table.alice, path, {"x": 35 + 70 * (int(allowed) + 2), "y": 35})
    assert again.status_code == 200 and again.json()["warning"] is None


def test_with_no_encounter_a_drag_is_measured_from_where_it_began(
    app_client: TestClient,
) -> None:
    table = new_table(app_client, "fluid")
    ana = _hero(table, "fluid", table.alice, "Ana")
    s = scene(table, grid_size=70, unit_per_square=1, width=4200, height=700)
    reveal(table, s["id"], [0, 0, 4200, 700])
    mine = token(table, s["id"], 0, 0, character_id=ana)
    sheet = table.get(table.alice, f"/characters/{ana}").json()["sheet"]
    allowed = tracks.movement(get_system("fluid").sheet_model().model_validate(sheet))
    path = f"/scenes/{s['id']}/tokens/{mine['id']}"
    said = []
    for step in range(1, allowed + 2):  # one drag, in small steps (held or logged)
        body = {"x": 35 + 70 * step, "y": 35, "drag": "d1"}
        said.append(patch(table, table.alice, path, body).json()["warning"])
    assert said[:-1] == [None] * allowed and "MJ décide" in said[-1]
    time.sleep(0.3)  # the drop is logged
    dropped = {"x": 35 + 70 * (allowed + 2), "y": 35}  # a new move from the last drop
    assert patch(table, table.alice, path, {**dropped, "drag": "d2"}).json()["warning"] is None


def _offered(table: Table, system_id: str, attacker: str, target: str) -> dict[str, Any]:
    """The game's own attack against the target (both sheets as the GM reads them)."""
    system = get_system(system_id)
    a, t = (
        system.sheet_model().model_validate(table.get(table.gm, f"/characters/{c}").json()["sheet"])
        for c in (attacker, target)
    )
    return next(x for x in system.attacks(a, t) if x.check == "attack").params


def test_the_targets_sheet_fills_the_opponents_values(app_client: TestClient) -> None:
    table = new_table(app_client, "fluid")
    ana = _hero(table, "fluid", table.alice, "Ana")
    brute = _hero(table, "fluid", table.gm, "Brute")
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    token(table, s["id"], 1, 1, character_id=ana)
    foe = token(table, s["id"], 2, 1, character_id=brute)
    got = _action(table, ana, foe["id"], "attack")
    expected = _offered(table, "fluid", ana, brute)
    for key in ("opponent_characteristic", "opponent_weapon", "opponent_res", "stance"):
        assert got["params"][key] == got["board"][key]["value"] == expected[key]
        assert "fiche de Brute" in got["board"][key]["label"]
    assert got["board"]["range_band"]["value"] == "melee"  # the board's own values still
    assert (
        got["odds"] is not None
        and got["odds"]["params"]["opponent_res"] == expected["opponent_res"]
    )


def _ana_against_secret_ombre(app_client: TestClient) -> tuple[Table, str, dict[str, Any], str]:
    """A Fluid table: Ana's token beside the token of Ombre, an NPC whose sheet the GM keeps
    secret (the token itself shown), the whole map revealed; the table, Ana's id, Ombre as
    stored and the query of Ana's actions against Ombre's token."""
    table = new_table(app_client, "fluid")
    ana = _hero(table, "fluid", table.alice, "Ana")
    npc = get_system("fluid").random_npc(Roller(12)).model_dump(mode="json")
    ombre = table.character(table.gm, {**npc, "name": "Ombre"}, allow_violations=True, secret=True)
    s = scene(table)
    reveal(table, s["id"], [0, 0, 700, 700])
    token(table, s["id"], 1, 1, character_id=ana)
    foe = token(table, s["id"], 2, 1, character_id=ombre["id"], hidden=False)
    query = f"/characters/{ana}/actions?odds=true&target_token={foe['id']}"
    return table, ana, ombre, query


def test_a_secret_npcs_values_make_the_odds_but_never_reach_a_player(
    app_client: TestClient,
) -> None:
    table, ana, ombre, query = _ana_against_secret_ombre(app_client)
    gms = next(a for a in table.get(table.gm, query).json() if a["check"] == "attack")
    theirs = next(a for a in table.get(table.alice, query).json() if a["check"] == "attack")
    assert (
        gms["params"]["opponent_res"] == _offered(table, "fluid", ana, ombre["id"])["opponent_res"]
    )
    secret_keys = [k for k in gms["board"] if k.startswith("opponent_")]
    assert secret_keys
    for key in secret_keys:
        assert key not in theirs["params"] and key not in theirs["odds"]["params"]
        said = theirs["board"][key]
        assert said["value"] is None and "dont le MJ garde la fiche" in said["label"]
    assert theirs["odds"]["outcomes"] == gms["odds"]["outcomes"]  # the secret values counted


def test_a_players_edits_are_priced_with_the_secret_values_still_counted(
    app_client: TestClient,
) -> None:
    table, _ana, _ombre, query = _ana_against_secret_ombre(app_client)
    edited = query + "&set=" + json.dumps({"position": True})

    def attack(who: Any, path: str) -> dict[str, Any]:
        got = table.get(who, path)
        assert got.status_code == 200, got.text
        return next(a for a in got.json() if a["check"] == "attack")

    before, after = attack(table.alice, query), attack(table.alice, edited)
    assert after["params"]["position"] is True and after["odds"] != before["odds"]
    assert not [k for k in after["params"] if k.startswith("opponent_")]
    assert after["odds"]["outcomes"] == attack(table.gm, edited)["odds"]["outcomes"]
    assert table.get(table.alice, query + "&set=[1]").status_code == 422


def test_an_ally_the_player_cannot_see_is_not_counted(app_client: TestClient) -> None:
    """Ana attacks the orc at the fog's edge; Bo stands beside it, in the fog, and the GM's
    hidden scout on the other side. Ana sees neither token, so her panel must not say
    « 1 allié au contact de la cible » nor « dans le dos » (flanked): the count told her a
    token stood in the fog (the board counted every token, seen or not)."""
    table = new_table(app_client, "fluid")
    ana, bob = _hero(table, "fluid", table.alice, "Ana"), _hero(table, "fluid", table.bob, "Bo")
    s = scene(table)
    reveal(table, s["id"], [0, 0, 210, 700])  # columns 0 to 2
    token(table, s["id"], 1, 1, character_id=ana)
    foe = token(table, s["id"], 2, 1, name="Orque")
    token(table, s["id"], 3, 1, character_id=bob)  # beside the orc, opposite Ana, in the fog
    token(table, s["id"], 2, 2, name="Éclaireur", side="", hidden=True, character_id=bob)
    seen = _action(table, ana, foe["id"], "attack")
    assert seen["board"]["allies"]["value"] == seen["params"]["allies"] == 0, seen["board"]
    assert "0 allié" in seen["board"]["allies"]["label"]
    assert seen["board"]["position"]["value"] is False, seen["board"]["position"]
    reveal(table, s["id"], [0, 0, 700, 700])  # Bo shown: now he counts
    shown = _action(table, ana, foe["id"], "attack")
    assert shown["board"]["allies"]["value"] == 1
