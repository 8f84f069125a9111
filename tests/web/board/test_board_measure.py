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
