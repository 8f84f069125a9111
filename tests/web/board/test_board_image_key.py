"""A player's masked map is kept and tagged by the fog it was masked with, not by the fog's
version alone. A table deleted and imported again from an earlier export (a GM going back to
a saved session) counts its fog versions again from the export's: the same version then
holds another fog. The server's kept copy and the browser's (its ETag answered 304) were the
old fog's, so an area revealed in the abandoned session reached the players.
"""

from __future__ import annotations

from web.board.board_support import SECRET, picture, pixels, reveal, scene
from web.tables.tables_support import Member, Table


def _red(data: bytes) -> bool:
    return any(
        abs(c[0] - SECRET[0]) < 40 and c[1] < 60 and c[2] < 60
        for _n, c in pixels(data).getcolors(maxcolors=1_000_000) or []
    )


def test_a_fog_version_counted_again_never_serves_the_old_fogs_image(table: Table) -> None:
    s = scene(table, image=picture(secret=(490, 490, 140, 140)))
    image = f"/scenes/{s['id']}/image"
    reveal(table, s["id"], [0, 0, 280, 280])
    export = table.get(table.gm, "/export").json()
    reveal(table, s["id"], [420, 420, 280, 280])  # the lair, in the session abandoned
    seen = table.get(table.alice, image)
    assert _red(seen.content)
    old_tag = seen.headers["etag"]

    name = table.get(table.gm, "").json()["table"]["name"]
    assert table.delete(table.gm, "", params={"confirm": name}).status_code == 204
    moved = table.client.post("/api/tables/import", json=export)
    assert moved.status_code == 201, moved.text
    gm = Member(table.gm.id, moved.json()["gm_token"])
    seats = {m["member_id"]: m["token"] for m in moved.json()["members"]}
    alice = Member(table.alice.id, seats[table.alice.id])
    again = table.post(gm, f"/scenes/{s['id']}/fog", {"reveal": [[0, 300, 100, 100]]})
    assert again.json()["scene"]["fog_version"] == s["fog_version"] + 2  # the same version
    fresh = table.get(alice, image)
    assert fresh.status_code == 200 and not _red(fresh.content)
    asked = table.client.get(table.url(image), headers={**alice.auth, "If-None-Match": old_tag})
    assert asked.status_code == 200 and not _red(asked.content)
