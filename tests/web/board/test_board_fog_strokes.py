"""A player gets the fog only as the masked image shows it: never the GM's strokes.

The GM's strokes say where things are hidden (a "hide" stroke drawn round the secret room is
its outline), so no answer, live frame, log event or export of a player may carry one; and a
stroke that changes nothing a player sees (a room hidden again under the fog) reaches them not
at all: no new version of the scene, no frame, no new image tag.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from web.board.board_support import board_changes, frames, hero, picture, scene, token
from web.tables.tables_support import Table

ROOM = (490, 490, 140, 140)
#: The top half of the map is revealed; an alcove in it is hidden again (a triangle).
TOP = [0, 0, 700, 350]
ALCOVE = {"points": [[100, 100], [200, 100], [150, 200]]}


def _strokes(found: Any) -> list[Any]:
    """Every fog stroke (or list of them) anywhere in a JSON answer."""
    if isinstance(found, list):
        return [s for item in found for s in _strokes(item)]
    if not isinstance(found, dict):
        return []
    here = [found[k] for k in ("region", "regions") if k in found]
    if found.get("revealed"):
        here.append(found["revealed"])
    return here + [s for value in found.values() for s in _strokes(value)]


@pytest.fixture
def fogged(table: Table) -> Iterator[tuple[Table, str, list[str]]]:
    """The GM hides the room (under the fog), reveals the top, hides an alcove in it, while
    Alice's socket is open."""
    with table.client.websocket_connect(table.socket_url(table.alice)) as ws:
        made = scene(table, image=picture(secret=ROOM))
        token(table, made["id"], 1, 1, character_id=hero(table, table.alice, "Ana"))
        fog = f"/scenes/{made['id']}/fog"
        for body in (
            {"hide": [[480, 480, 160, 160]]},
            {"reveal": [TOP]},
            {"hide": [ALCOVE]},
        ):
            assert table.post(table.gm, fog, body).status_code == 200
        yield table, made["id"], frames(ws)


def test_no_answer_frame_log_or_export_of_a_player_carries_a_fog_stroke(
    fogged: tuple[Table, str, list[str]],
) -> None:
    table, sid, seen = fogged
    answers = {
        "scene": table.get(table.alice, f"/scenes/{sid}").json(),
        "scenes": table.get(table.alice, "/scenes").json(),
        "board": table.get(table.alice, "/board").json(),
        "events": table.get(table.alice, "/events").json(),
        "log": table.get(table.alice, "/log").json(),
        "export": table.get(table.alice, "/export").json(),
        "frames": [json.loads(f) for f in seen],
    }
    for where, answer in answers.items():
        assert _strokes(answer) == [], where
    assert answers["scene"]["revealed"] == []  # the contract's key, empty for a player
    assert any(c["op"] == "scene" for c in board_changes(seen))  # the fog did reach her
    gm = table.get(table.gm, f"/scenes/{sid}").json()
    assert [s["reveal"] for s in gm["revealed"]] == [False, True, False]  # the GM's are whole


def test_a_stroke_under_the_fog_changes_nothing_a_player_gets(
    fogged: tuple[Table, str, list[str]],
) -> None:
    table, sid, _ = fogged
    before = table.get(table.alice, f"/scenes/{sid}").json()
    image = table.get(table.alice, f"/scenes/{sid}/image")
    with table.client.websocket_connect(table.socket_url(table.alice, table.last_seq())) as ws:
        ws.receive_json()  # synced
        hidden = table.post(table.gm, f"/scenes/{sid}/fog", {"hide": [list(ROOM)]})
        assert hidden.status_code == 200
        assert board_changes(frames(ws)) == []
    assert table.get(table.alice, f"/scenes/{sid}").json() == before
    again = table.client.get(
        table.url(f"/scenes/{sid}/image"),
        headers={**table.alice.auth, "If-None-Match": image.headers["etag"]},
    )
    assert again.status_code == 304
    # a stroke she can see moves her scene and her image
    shown = table.post(table.gm, f"/scenes/{sid}/fog", {"reveal": [list(ROOM)]})
    assert shown.status_code == 200
    after = table.get(table.alice, f"/scenes/{sid}").json()
    assert after["scene"]["fog_version"] != before["scene"]["fog_version"]
    changed = table.client.get(
        table.url(f"/scenes/{sid}/image"),
        headers={**table.alice.auth, "If-None-Match": image.headers["etag"]},
    )
    assert changed.status_code == 200


def test_a_new_map_moves_a_players_version(fogged: tuple[Table, str, list[str]]) -> None:
    """The page asks for the image at `?v=` the version: the same address would show the
    browser's copy of the old map."""
    table, sid, _ = fogged
    before = table.get(table.alice, f"/scenes/{sid}").json()["scene"]["fog_version"]
    made = table.client.put(
        table.url(f"/scenes/{sid}/image"),
        headers=table.gm.auth,
        files={"image": ("m.png", picture(secret=(0, 0, 70, 70)), "image/png")},
    )
    assert made.status_code == 200, made.text
    assert table.get(table.alice, f"/scenes/{sid}").json()["scene"]["fog_version"] != before
