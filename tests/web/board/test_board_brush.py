"""The GM's fog brush: a round brush dragged along a path reveals (or hides again) what it
covers, stored as polygons like any fog stroke; the players' image and tokens follow."""

from __future__ import annotations

from web.board.board_support import (
    SECRET,
    hero,
    picture,
    pixels,
    scene,
    token,
)
from web.tables.tables_support import Table


def _near(pixel: object, colour: tuple[int, int, int]) -> bool:
    assert isinstance(pixel, tuple)
    return max(abs(a - b) for a, b in zip(pixel[:3], colour, strict=True)) <= 40


def test_a_brush_stroke_reveals_what_it_covers_and_erases(table: Table) -> None:
    made = scene(table, image=picture(secret=(0, 0, 700, 700)))  # all red: every pixel a secret
    sid = made["id"]
    mine = token(table, sid, 0, 0, character_id=hero(table, table.alice, "Ana"))
    goblin = token(table, sid, 5, 8, name="Gobelin")  # (385, 595), under the stroke
    path = f"/scenes/{sid}/fog"
    stroke = {"reveal": True, "radius": 40, "points": [[100, 600], [300, 590], [600, 600]]}
    painted = table.post(table.gm, path, {"brush": stroke})
    assert painted.status_code == 200, painted.text
    assert {s["region"]["shape"] for s in painted.json()["revealed"]} == {"polygon"}
    shown = pixels(table.get(table.alice, f"/scenes/{sid}/image").content)
    assert _near(shown.getpixel((350, 595)), SECRET)  # under the brush: the map
    assert _near(shown.getpixel((110, 630)), SECRET)  # within the radius of the path's start
    assert not _near(shown.getpixel((350, 500)), SECRET)  # beside it: fog
    seen = [t["id"] for t in table.get(table.alice, f"/scenes/{sid}").json()["tokens"]]
    assert seen == [mine["id"], goblin["id"]]
    erased = {"reveal": False, "radius": 30, "points": [[385, 595]]}  # a dab erases a spot
    assert table.post(table.gm, path, {"brush": erased}).status_code == 200
    seen = [t["id"] for t in table.get(table.alice, f"/scenes/{sid}").json()["tokens"]]
    assert seen == [mine["id"]]
    assert not _near(
        pixels(table.get(table.alice, f"/scenes/{sid}/image").content).getpixel((385, 595)), SECRET
    )
    assert _near(
        pixels(table.get(table.gm, f"/scenes/{sid}/image").content).getpixel((385, 595)), SECRET
    )


def test_a_brush_is_bounded(table: Table) -> None:
    sid = scene(table)["id"]
    path = f"/scenes/{sid}/fog"
    too_wide = {"reveal": True, "radius": 5000, "points": [[1, 1]]}
    assert table.post(table.gm, path, {"brush": too_wide}).status_code == 422
    long = {"reveal": True, "radius": 10, "points": [[i % 700, (i * 7) % 700] for i in range(3000)]}
    assert table.post(table.gm, path, {"brush": long}).status_code == 422
    many = {
        "reveal": True,
        "radius": 10,
        "points": [[i % 700, (i * 37) % 700] for i in range(1000)],
    }
    drawn = table.post(table.gm, path, {"brush": many})
    assert drawn.status_code == 200 and len(drawn.json()["revealed"]) <= 100
    assert table.post(table.alice, path, {"brush": many}).status_code == 403
