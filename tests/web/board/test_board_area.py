"""An area of effect (the board's « Zone d'effet » tool): the tokens a member sees within a
radius of a token or a point, by the scene's rule, nearest first (a WaRP spell « dans un rayon
de 20 mètres autour du sorcier », L6158-6160). Nothing is stored; a hidden or fogged token is
not listed to a player."""

from __future__ import annotations

from typing import Any

from web.board.board_support import hero, reveal, scene, token
from web.tables.tables_support import Member, Table


def _area(table: Table, who: Member, sid: str, **query: Any) -> Any:
    return table.client.get(table.url(f"/scenes/{sid}/area"), headers=who.auth, params=query)


def test_who_stands_within_a_radius_nearest_first(table: Table) -> None:
    made = scene(table)  # 70-px squares of 1.5 m, euclidean
    sid = made["id"]
    mage = token(table, sid, 1, 1, character_id=hero(table, table.alice, "Ana"))
    near = token(table, sid, 3, 1, name="Gobelin")  # 3 m
    far = token(table, sid, 1, 4, name="Ogre")  # 4.5 m
    token(table, sid, 2, 2, name="Espion", hidden=True)  # 2.12 m, hidden
    token(table, sid, 8, 8, name="Dragon")  # 14.85 m
    reveal(table, sid, [0, 0, 420, 420])
    seen = _area(table, table.gm, sid, radius=4.5, **{"from": mage["id"]}).json()
    assert seen["unit"] == "m" and seen["radius"] == 4.5
    assert seen["centre"]["token_id"] == mage["id"]
    assert [(t["name"], t["distance"]) for t in seen["tokens"]] == [
        ("Espion", 2.12),
        ("Gobelin", 3.0),
        ("Ogre", 4.5),
    ]
    # Alice sees neither the hidden spy nor the dragon's place (fogged): not listed to her
    theirs = _area(table, table.alice, sid, radius=20, **{"from": mage["id"]}).json()
    assert [t["id"] for t in theirs["tokens"]] == [near["id"], far["id"]]
    # around a point: the ogre alone within a square and a half of it
    point = _area(table, table.alice, sid, radius=2.25, x=105, y=315).json()
    assert [t["name"] for t in point["tokens"]] == ["Ogre"]


def test_the_scenes_rule_counts_and_refusals_say_why(table: Table) -> None:
    made = scene(table, diagonal="chebyshev")
    sid = made["id"]
    centre = token(table, sid, 1, 1, name="Sorcier")
    token(table, sid, 3, 3, name="Garde")  # two diagonal squares: 3 m by chebyshev
    got = _area(table, table.gm, sid, radius=3, **{"from": centre["id"]}).json()
    assert [(t["name"], t["distance"]) for t in got["tokens"]] == [("Garde", 3.0)]
    both = _area(table, table.gm, sid, radius=3, x=10, y=10, **{"from": centre["id"]})
    neither = _area(table, table.gm, sid, radius=3)
    for refused in (both, neither):
        assert refused.status_code == 422
        assert "un pion (from) ou un point (x et y)" in refused.json()["detail"]
    assert _area(table, table.gm, sid, radius=0, x=1, y=1).status_code == 422
    assert _area(table, table.gm, sid, radius=3, x=9000, y=1).status_code == 422
    assert _area(table, table.alice, sid, radius=3, **{"from": "nope"}).status_code == 404
