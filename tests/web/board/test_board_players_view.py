"""The GM's "players' view": the scene as a player without a token of their own sees it, sent
by the server to the GM only (the page hides nothing itself)."""

from __future__ import annotations

from web.board.board_support import hero, picture, reveal, scene, token
from web.tables.tables_support import Table

ROOM = (490, 490, 140, 140)


def test_the_gm_gets_what_a_player_gets_and_a_player_is_refused(table: Table) -> None:
    made = scene(table, image=picture(secret=ROOM))
    sid = made["id"]
    token(table, sid, 0, 0, character_id=hero(table, table.alice, "Ana"))  # hidden again
    token(table, sid, 2, 2, name="Nécromancien", hidden=True)  # secret, in the light
    token(table, sid, 8, 8, name="Gobelin")  # under the fog
    token(table, sid, 3, 1, name="Garde")
    reveal(table, sid, [0, 0, 280, 280])
    assert table.post(table.gm, f"/scenes/{sid}/fog", {"hide": [[0, 0, 70, 70]]}).status_code == 200

    seen = table.get(table.gm, f"/scenes/{sid}/players")
    assert seen.status_code == 200, seen.text
    view = seen.json()
    assert [t["name"] for t in view["tokens"]] == ["Garde"]  # Alice alone sees her own Ana
    assert view["revealed"] == [] and view["shown"] is True
    assert all("hidden" not in t and not t["mine"] for t in view["tokens"])
    bob = table.get(table.bob, f"/scenes/{sid}").json()
    assert view["scene"] == bob["scene"] and view["tokens"] == bob["tokens"]

    image = table.get(table.gm, f"/scenes/{sid}/players/image")
    theirs = table.get(table.bob, f"/scenes/{sid}/image")
    assert image.status_code == 200
    assert image.content == theirs.content and image.headers["etag"] == theirs.headers["etag"]
    assert image.content != table.get(table.gm, f"/scenes/{sid}/image").content

    for who in (table.alice, table.bob):
        for path in ("/players", "/players/image"):
            refused = table.get(who, f"/scenes/{sid}{path}")
            assert refused.status_code == 403, path
            assert set(refused.json()) == {"detail"}


def test_a_scene_not_shown_is_previewed_as_it_will_be(table: Table) -> None:
    made = scene(table, show=False)  # a plain grid, prepared
    token(table, made["id"], 1, 1, name="Garde")
    view = table.get(table.gm, f"/scenes/{made['id']}/players").json()
    assert view["shown"] is False and view["tokens"] == []  # all fog: nothing yet
    assert table.get(table.gm, f"/scenes/{made['id']}/players/image").status_code == 404
    assert table.get(table.alice, f"/scenes/{made['id']}/players").status_code == 403
