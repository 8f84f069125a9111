"""Helpers of the scene board's API tests: a toy table with a scene, characters and tokens,
and pictures made with Pillow (the map's pixels are compared with what a player receives)."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image
from starlette.testclient import WebSocketTestSession

from web.tables.tables_support import Member, Table

#: The map's colour where nothing is drawn; a secret spot is painted `SECRET` (bright red).
GROUND = (40, 160, 60)
SECRET = (250, 0, 0)


def picture(
    width: int = 700,
    height: int = 700,
    fmt: str = "PNG",
    secret: tuple[int, int, int, int] | None = None,
) -> bytes:
    """A map: green, with a red box `secret` = (x, y, w, h) somewhere."""
    image = Image.new("RGB", (width, height), GROUND)
    if secret is not None:
        x, y, w, h = secret
        image.paste(SECRET, (x, y, x + w, y + h))
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


def pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def scene(
    table: Table, show: bool = True, image: bytes | None = None, **fields: Any
) -> dict[str, Any]:
    """A scene of 70 px squares (1.5 m each), shown to the players unless `show` is False."""
    body = {"name": "Crypte", "grid_size": 70, "unit_per_square": 1.5, **fields}
    if image is None:
        body = {"width": 700, "height": 700, **body}
        made = table.post(table.gm, "/scenes", {**body, "show": show})
    else:
        form = {k: str(v) for k, v in {**body, "show": show}.items()}
        made = table.client.post(
            table.url("/scenes"),
            headers=table.gm.auth,
            data=form,
            files={"image": ("map.png", image, "image/png")},
        )
    assert made.status_code == 201, made.text
    return dict(made.json()["scene"])


def square(col: int, row: int) -> tuple[float, float]:
    return (col * 70 + 35.0, row * 70 + 35.0)


def token(table: Table, scene_id: str, col: int, row: int, **fields: Any) -> dict[str, Any]:
    x, y = square(col, row)
    made = table.post(table.gm, f"/scenes/{scene_id}/tokens", {"x": x, "y": y, **fields})
    assert made.status_code == 201, made.text
    return dict(made.json()["token"])


def patch(table: Table, who: Member, path: str, body: Any) -> Any:
    return table.client.patch(table.url(path), headers=who.auth, json=body)


def reveal(table: Table, scene_id: str, *boxes: list[float]) -> dict[str, Any]:
    made = table.post(table.gm, f"/scenes/{scene_id}/fog", {"reveal": [list(b) for b in boxes]})
    assert made.status_code == 200, made.text
    return dict(made.json())


def hero(table: Table, who: Member, name: str) -> str:
    """A character of `who` (the toy's sheet)."""
    return str(table.character(who, {"name": name, "might": 2, "agility": 2})["id"])


def frames(ws: WebSocketTestSession) -> list[str]:
    """The raw text of every frame sent before the answer to a ping."""
    ws.send_json({"type": "ping"})
    got = []
    while True:
        text = ws.receive_text()
        if json.loads(text)["type"] == "pong":
            return got
        got.append(text)


def board_changes(raw: list[str]) -> list[dict[str, Any]]:
    """The board changes in those frames (each `board` event's `payload.changes`)."""
    found: list[dict[str, Any]] = []
    for text in raw:
        frame = json.loads(text)
        if frame["type"] == "event" and frame["event"]["kind"] == "board":
            found.extend(frame["event"]["payload"]["changes"])
    return found
