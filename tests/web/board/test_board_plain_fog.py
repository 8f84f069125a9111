"""A plain scene (no map: a grid) shows a player where the fog is.

With no image to mask, a player's board drew a plain grid with the tokens they see: an
unexplored area looked like an empty revealed room. The server now gives players a fog
overlay: the scene's size, the fog's colour where they do not see, transparent where they do,
tagged and addressed by their fog's version like the masked map (never the strokes).
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from ecran.play.board.image import FOG_RGB
from web.board.board_support import reveal, scene
from web.tables.tables_support import Member, Table

FOG = (*FOG_RGB, 255)
CLEAR = 0


def _overlay(table: Table, who: Member, sid: str, query: str = "", tag: str = "") -> Any:
    asked = {**who.auth, "If-None-Match": tag} if tag else who.auth
    return table.client.get(table.url(f"/scenes/{sid}/fog/image{query}"), headers=asked)


def _rgba(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGBA")


def test_a_players_plain_scene_names_a_fog_overlay_that_follows_the_fog(table: Table) -> None:
    sid = scene(table)["id"]  # a plain grid of 700 x 700 px, shown, all fog
    view = table.get(table.alice, f"/scenes/{sid}").json()
    assert view["scene"]["has_image"] is False and view["scene"]["fog_overlay"] is True
    assert table.get(table.gm, f"/scenes/{sid}").json()["scene"]["fog_overlay"] is False
    version = view["scene"]["fog_version"]

    first = _overlay(table, table.alice, sid, f"?v={version}")
    assert first.status_code == 200, first.text
    assert first.headers["content-type"] == "image/png"
    assert first.headers["cache-control"].startswith("private")
    picture = _rgba(first.content)
    assert picture.size == (700, 700)
    assert picture.getextrema()[3] == (255, 255)  # all fog, opaque
    assert picture.getpixel((350, 350)) == FOG

    reveal(table, sid, [0, 0, 350, 700])  # the west half
    after = table.get(table.alice, f"/scenes/{sid}").json()["scene"]["fog_version"]
    assert after != version  # a new address
    changed = _overlay(table, table.alice, sid, tag=first.headers["etag"])
    assert changed.status_code == 200 and changed.headers["etag"] != first.headers["etag"]
    picture = _rgba(changed.content)
    assert picture.getpixel((100, 300))[3] == CLEAR  # revealed: the grid shows through
    assert picture.getpixel((600, 300)) == FOG  # still unexplored

    # a stroke hiding again what was never revealed changes no pixel: nothing moves
    hidden = table.post(table.gm, f"/scenes/{sid}/fog", {"hide": [[500, 500, 100, 100]]})
    assert hidden.status_code == 200
    assert table.get(table.alice, f"/scenes/{sid}").json()["scene"]["fog_version"] == after
    kept = _overlay(table, table.alice, sid, tag=changed.headers["etag"])
    assert kept.status_code == 304


def test_the_overlay_is_scaled_like_a_masked_map_and_authorised(table: Table) -> None:
    sid = scene(table, width=8192, height=1024)["id"]
    assert _rgba(_overlay(table, table.alice, sid).content).size == (4096, 512)
    assert _rgba(_overlay(table, table.alice, sid, "?max=2048").content).size == (2048, 256)

    # the GM's « Vue des joueurs » lays the same overlay
    players = table.get(table.gm, f"/scenes/{sid}/players").json()
    assert players["scene"]["fog_overlay"] is True
    theirs = _overlay(table, table.alice, sid)
    mine = _overlay(table, table.gm, sid)
    assert mine.content == theirs.content and mine.headers["etag"] == theirs.headers["etag"]

    # a scene the players are not shown is no player's, its overlay neither
    hidden = scene(table, show=False)["id"]
    assert _overlay(table, table.bob, hidden).status_code == 404
    assert _overlay(table, table.gm, hidden).status_code == 200
    stranger = table.client.get(table.url(f"/scenes/{sid}/fog/image"))
    assert stranger.status_code in (401, 403)
