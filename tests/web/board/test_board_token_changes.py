"""A token change that leaves the token as it is (hidden again, revealed again, the same
stance) logs nothing: the log and the players' live frames do not say it twice."""

from __future__ import annotations

from web.board.board_support import patch, scene, token
from web.tables.tables_support import Table


def test_hiding_a_hidden_token_again_logs_nothing(table: Table) -> None:
    s = scene(table)
    made = token(table, s["id"], 1, 1, name="Nécromancien", hidden=True)
    path = f"/scenes/{s['id']}/tokens/{made['id']}"
    before = table.last_seq()
    again = patch(table, table.gm, path, {"hidden": True})
    assert again.status_code == 200 and again.json()["token"]["hidden"] is True
    assert table.last_seq() == before
    flags = {"on_ground": True, "higher_ground": False}
    assert patch(table, table.gm, path, {"flags": flags}).status_code == 200
    flagged = table.last_seq()
    assert flagged == before + 1
    assert patch(table, table.gm, path, {"flags": flags, "hidden": True}).status_code == 200
    assert table.last_seq() == flagged
    # a change that changes something is logged, as before
    assert patch(table, table.gm, path, {"hidden": False}).status_code == 200
    assert table.last_seq() == flagged + 1
    assert patch(table, table.gm, path, {"hidden": False}).status_code == 200
    assert table.last_seq() == flagged + 1
