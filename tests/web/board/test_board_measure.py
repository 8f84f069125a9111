"""A measure (the GM's or a player's measure tool) is shown live to every member who can see
both its ends, and to no one else: a hidden token or a fogged point never reaches a player."""

from __future__ import annotations

import re

from web.board.board_support import board_changes, frames, hero, reveal, scene, token
from web.tables.tables_support import Table


def _measures(raw: list[str]) -> list[dict[str, object]]:
    return [c for c in board_changes(raw) if c["op"] == "measure"]


def test_a_measure_reaches_those_who_see_both_ends_only(table: Table) -> None:
    made = scene(table)
    sid = made["id"]
    mine = token(table, sid, 1, 1, character_id=hero(table, table.alice, "Ana"))
    goblin = token(table, sid, 3, 1, name="Gobelin")
    spy = token(table, sid, 2, 2, name="Espion", hidden=True)
    reveal(table, sid, [0, 0, 280, 280])
    path = f"/scenes/{sid}/measure"
    after = table.last_seq()
    with (
        table.client.websocket_connect(table.socket_url(table.gm, after)) as gm_ws,
        table.client.websocket_connect(table.socket_url(table.bob, after)) as bob_ws,
    ):
        gm_ws.receive_json(), bob_ws.receive_json()  # synced
        shared = table.post(table.alice, path, {"from": mine["id"], "to": goblin["id"]})
        assert shared.status_code == 200, shared.text
        assert shared.json() == {"distance": 3.0, "unit": "m"}
        [seen] = _measures(frames(bob_ws))
        assert seen["distance"] == 3.0 and seen["by"] == table.alice.id
        assert seen["from"] == {"x": 105.0, "y": 105.0, "token_id": mine["id"]}
        assert len(_measures(frames(gm_ws))) == 1
        secret = table.post(table.gm, path, {"from": mine["id"], "to": spy["id"]})
        fogged = table.post(table.gm, path, {"from": [100, 100], "to": [612, 640]})
        assert secret.status_code == fogged.status_code == 200
        raw = frames(bob_ws)
        assert _measures(raw) == [] and spy["id"] not in "".join(raw)
        # the fogged point's abscissa, as a number: not the digits of a frame's timestamp
        # ("…26.338612Z" failed this test once when it searched for "612")
        assert not re.search(r"(?<![\d.])612(?:\.0+)?(?!\d)", "".join(raw)), raw
        assert len(_measures(frames(gm_ws))) == 2
    assert table.post(table.alice, path, {"from": mine["id"], "to": spy["id"]}).status_code == 404
    outside = table.post(table.alice, path, {"from": [0, 0], "to": [9000, 0]})
    assert outside.status_code == 422


def test_a_measure_through_waypoints_counts_the_whole_path(table: Table) -> None:
    """A ruler through waypoints (Roll20's and Foundry's): each leg measured, 5-10-5 counting
    every second diagonal of the whole path (not afresh at each waypoint), shown live to those
    who see every point of it; a fogged waypoint keeps it from a player."""
    made = scene(table, diagonal="alternating")
    sid, path = made["id"], f"/scenes/{made['id']}/measure"
    reveal(table, sid, [0, 0, 280, 280])
    after = table.last_seq()
    with table.client.websocket_connect(table.socket_url(table.bob, after)) as bob_ws:
        bob_ws.receive_json()  # synced
        # three diagonal steps, one square each, corner to corner of the revealed room:
        # 1 + 2 + 1 squares of 1.5 m, where three separate measures would say 1.5 m each
        stairs = {"from": [35, 35], "via": [[105, 105], [175, 175]], "to": [245, 245]}
        walked = table.post(table.alice, path, stairs)
        assert walked.status_code == 200, walked.text
        assert walked.json() == {"distance": 6.0, "unit": "m"}
        [seen] = _measures(frames(bob_ws))
        assert [p["x"] for p in [seen["from"], *seen["via"], seen["to"]]] == [35, 105, 175, 245]
        assert seen["distance"] == 6.0
        # a waypoint under the fog: measured for the GM, told to no player
        round_trip = {"from": [35, 35], "via": [[600, 35]], "to": [35, 105]}
        assert table.post(table.gm, path, round_trip).json()["distance"] == 24.0  # 8, then 8 and 1
        raw = frames(bob_ws)
        assert _measures(raw) == [] and "600" not in "".join(raw)
    too_long = {"from": [35, 35], "via": [[35, 35]] * 17, "to": [35, 105]}
    refused = table.post(table.gm, path, too_long)
    assert refused.status_code == 422
    assert refused.json()["detail"].startswith("Étapes : trop d'éléments (16 au plus)")


def test_without_waypoints_a_measure_is_the_straight_rule(table: Table) -> None:
    made = scene(table, diagonal="alternating")
    path = f"/scenes/{made['id']}/measure"
    straight = table.post(table.gm, path, {"from": [35, 35], "to": [245, 245]})
    assert straight.json()["distance"] == 6.0  # 3 diagonals: 1 + 2 + 1 squares
    two = table.post(table.gm, path, {"from": [35, 35], "via": [[105, 105]], "to": [175, 175]})
    assert two.json()["distance"] == 4.5  # 2 diagonals: 1 + 2
