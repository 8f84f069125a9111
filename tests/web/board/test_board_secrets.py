"""Nothing under the fog, no hidden token, no handout not for them reaches a player: every
frame of their socket and every answer they get is read (raw text, image pixels)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from web.board.board_support import (
    GROUND,
    SECRET,
    board_changes,
    frames,
    hero,
    patch,
    picture,
    pixels,
    reveal,
    scene,
    square,
    token,
)
from web.tables.tables_support import Table

#: The revealed corner (the top left 4 × 4 squares); the secret room is far from it.
CORNER = [0, 0, 280, 280]
ROOM = (490, 490, 140, 140)


Crypt = tuple[Table, dict[str, str], list[str]]


@pytest.fixture
def crypt(table: Table) -> Iterator[Crypt]:
    """Alice's socket open while the GM builds the scene: her frames are collected."""
    with table.client.websocket_connect(table.socket_url(table.alice)) as ws:
        made = scene(table, image=picture(secret=ROOM))
        ana = hero(table, table.alice, "Ana")
        mine = token(table, made["id"], 1, 1, character_id=ana)
        npc = token(table, made["id"], 2, 2, name="Nécromancien", hidden=True)
        goblin = token(table, made["id"], 8, 8, name="Gobelin")
        reveal(table, made["id"], CORNER)
        seen = frames(ws)
        ids = {"scene": made["id"], "mine": mine["id"], "npc": npc["id"], "goblin": goblin["id"]}
        yield table, ids, seen


def test_a_secret_or_fogged_token_never_reaches_a_player(crypt: Crypt) -> None:
    table, ids, seen = crypt
    raw = "\n".join(seen)
    for secret in (ids["npc"], ids["goblin"], "Nécromancien", "Gobelin", '"hidden":'):
        assert secret not in raw
    got = table.get(table.alice, f"/scenes/{ids['scene']}").json()
    assert [t["id"] for t in got["tokens"]] == [ids["mine"]]
    assert "Gobelin" not in str(table.get(table.alice, "/board").json())
    gm = table.get(table.gm, f"/scenes/{ids['scene']}").json()
    assert {t["id"] for t in gm["tokens"]} == {ids["mine"], ids["npc"], ids["goblin"]}
    for hidden in (ids["npc"], ids["goblin"]):
        far = table.get(
            table.alice,
            f"/scenes/{ids['scene']}/distance",
            params={"from": ids["mine"], "to": hidden},
        )
        assert far.status_code == 404


def test_a_players_map_is_masked_on_the_server(crypt: Crypt) -> None:
    table, ids, _ = crypt
    theirs = table.get(table.alice, f"/scenes/{ids['scene']}/image")
    assert theirs.status_code == 200 and theirs.headers["etag"]
    shown = pixels(theirs.content)
    x, y, w, h = ROOM
    assert all(
        _far(shown.getpixel((px, py)), SECRET)
        for px in range(x, x + w, 7)
        for py in range(y, y + h, 7)
    )
    assert not _far(shown.getpixel((100, 100)), GROUND)  # the revealed corner shows the map
    assert _far(shown.getpixel((400, 100)), GROUND)  # outside it: fog
    gm = pixels(table.get(table.gm, f"/scenes/{ids['scene']}/image").content)
    assert not _far(gm.getpixel((x + 10, y + 10)), SECRET)
    again = table.client.get(
        table.url(f"/scenes/{ids['scene']}/image"),
        headers={**table.alice.auth, "If-None-Match": theirs.headers["etag"]},
    )
    assert again.status_code == 304 and not again.content


def test_the_fog_moves_the_mask_and_the_tokens_live(crypt: Crypt) -> None:
    table, ids, _ = crypt
    before = table.get(table.alice, f"/scenes/{ids['scene']}/image").headers["etag"]
    with table.client.websocket_connect(table.socket_url(table.alice, table.last_seq())) as ws:
        ws.receive_json()  # synced
        reveal(table, ids["scene"], [490, 490, 210, 210])
        changes = board_changes(frames(ws))
        [whole] = [c for c in changes if c["op"] == "scene"]
        assert [t["id"] for t in whole["tokens"]] == [ids["mine"], ids["goblin"]]
    after = table.get(table.alice, f"/scenes/{ids['scene']}/image")
    assert after.headers["etag"] != before
    assert not _far(pixels(after.content).getpixel((500, 500)), SECRET)


def test_a_token_walking_into_the_fog_is_gone_for_players(crypt: Crypt) -> None:
    table, ids, _ = crypt
    path = f"/scenes/{ids['scene']}/tokens/{ids['npc']}"
    with table.client.websocket_connect(table.socket_url(table.bob, table.last_seq())) as ws:
        ws.receive_json()
        assert patch(table, table.gm, path, {"hidden": False}).status_code == 200
        [shown] = board_changes(frames(ws))
        assert shown["op"] == "token" and shown["token"]["name"] == "Nécromancien"
        x, y = square(6, 6)
        assert patch(table, table.gm, path, {"x": x, "y": y}).status_code == 200
        raw = frames(ws)
        assert board_changes(raw) == [
            {"op": "token_gone", "scene_id": ids["scene"], "token_id": ids["npc"]}
        ]
        assert str(x) not in "".join(raw)


def test_a_handout_for_one_player_never_reaches_another(table: Table) -> None:
    with (
        table.client.websocket_connect(table.socket_url(table.alice)) as alice_ws,
        table.client.websocket_connect(table.socket_url(table.bob)) as bob_ws,
    ):
        made = table.post(
            table.gm,
            "/handouts",
            {"title": "Lettre scellée", "text": "Le **traître** est Yves.", "to": [table.bob.id]},
        )
        assert made.status_code == 201, made.text
        handout = made.json()["handout"]
        assert "Lettre scellée" not in "".join(frames(alice_ws))
        assert [c["op"] for c in board_changes(frames(bob_ws))] == ["handout"]
        assert table.get(table.alice, "/handouts").json() == {"handouts": []}
        assert table.get(table.alice, f"/handouts/{handout['id']}").status_code == 404
        [bobs] = table.get(table.bob, "/handouts").json()["handouts"]
        assert bobs["html"] == "<p>Le <strong>traître</strong> est Yves.</p>\n"
        assert "to" not in bobs  # who else got it is the GM's
        shown = table.post(table.gm, f"/handouts/{handout['id']}/reveal", {"to": [table.alice.id]})
        assert shown.status_code == 200
        assert [c["handout"]["title"] for c in board_changes(frames(alice_ws))] == [
            "Lettre scellée"
        ]
        assert table.get(table.alice, f"/handouts/{handout['id']}").status_code == 200


def test_a_handouts_html_is_never_raw(table: Table) -> None:
    made = table.post(
        table.gm,
        "/handouts",
        {"title": "Piège", "text": "<script>alert(1)</script> [x](javascript:alert(1))"},
    )
    html = made.json()["handout"]["html"]
    assert "<script>" not in html and "href=" not in html  # shown as text, not run or linked


def test_a_handout_image_for_one_player_only(table: Table) -> None:
    made = table.client.post(
        table.url("/handouts"),
        headers=table.gm.auth,
        data={"title": "Plan", "to": f'["{table.bob.id}"]'},
        files={"image": ("plan.png", picture(64, 64), "image/png")},
    )
    assert made.status_code == 201, made.text
    hid = made.json()["handout"]["id"]
    assert table.get(table.alice, f"/handouts/{hid}/image").status_code == 404
    got = table.get(table.bob, f"/handouts/{hid}/image")
    assert got.status_code == 200 and pixels(got.content).size == (64, 64)


def _far(pixel: object, colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    assert isinstance(pixel, tuple)
    return max(abs(a - b) for a, b in zip(pixel[:3], colour, strict=True)) > tolerance


def test_a_new_map_is_masked_too_and_a_phone_gets_a_smaller_copy(crypt: Crypt) -> None:
    table, ids, _ = crypt
    path = f"/scenes/{ids['scene']}/image"
    bigger = picture(1400, 1400, secret=(980, 980, 280, 280))
    made = table.client.put(
        table.url(path), headers=table.gm.auth, files={"image": ("m.png", bigger, "image/png")}
    )
    assert made.status_code == 200, made.text
    assert (made.json()["scene"]["width"], made.json()["scene"]["height"]) == (1400, 1400)
    phone = table.get(table.alice, path, params={"max": 512})
    shown = pixels(phone.content)
    assert shown.size == (512, 512)
    assert not any(
        not _far(shown.getpixel((x, y)), SECRET) for x in range(0, 512, 4) for y in range(0, 512, 4)
    )
    assert _far(pixels(table.get(table.gm, path).content).getpixel((1000, 1000)), GROUND)


def test_a_polygon_of_fog_reveals_exactly_its_area(table: Table) -> None:
    made = scene(table, image=picture(secret=(0, 0, 700, 700)))  # all red: every pixel a secret
    triangle = {"points": [[0, 0], [400, 0], [0, 400]]}
    assert (
        table.post(table.gm, f"/scenes/{made['id']}/fog", {"reveal": [triangle]}).status_code == 200
    )
    shown = pixels(table.get(table.alice, f"/scenes/{made['id']}/image").content)
    assert not _far(shown.getpixel((50, 50)), SECRET)  # inside: the map
    assert _far(shown.getpixel((350, 350)), SECRET)  # beyond the hypotenuse: fog


def test_a_figure_eight_of_fog_reveals_both_its_loops(table: Table) -> None:
    """A polygon whose edges cross (a figure eight, clicked in that order) is two loops: both
    revealed, as the mask fills it. Its shoelace area is 0, and it was refused as « hors de la
    scène »."""
    made = scene(table, image=picture(secret=(0, 0, 700, 700)))
    eight = {"points": [[0, 0], [400, 400], [400, 0], [0, 400]]}
    answer = table.post(table.gm, f"/scenes/{made['id']}/fog", {"reveal": [eight]})
    assert answer.status_code == 200, answer.text
    shown = pixels(table.get(table.alice, f"/scenes/{made['id']}/image").content)
    assert not _far(shown.getpixel((50, 200)), SECRET)  # the left loop: the map
    assert not _far(shown.getpixel((350, 200)), SECRET)  # the right loop
    assert _far(shown.getpixel((200, 50)), SECRET)  # between them: fog
