"""A fog change masks the map again for every player: the map is decoded once and kept
(`ECRAN_MAPS_CACHE_MB`), each new fog masks the kept pixels (decoding a 4096-pixel WebP takes
~0.5 s, and every stroke of the GM's brush asked it again for every player)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pytest

from ecran.play.board import image as pictures
from ecran.web.api import images
from web.board.board_support import GROUND, SECRET, picture, pixels, reveal, scene
from web.tables.tables_support import Table

ROOM = (490, 490, 140, 140)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The calls of `image.reduced` (each a decoding), with no map kept before."""
    monkeypatch.setattr(images, "_decoded", OrderedDict())
    monkeypatch.setattr(images, "_masked", OrderedDict())
    calls: list[int] = []
    decode: Callable[..., Any] = pictures.reduced

    def counting(raw: bytes, max_side: int = pictures.DISPLAY_MAX) -> pictures.Reduced:
        calls.append(max_side)
        return decode(raw, max_side)

    monkeypatch.setattr(pictures, "reduced", counting)
    return calls


def _near(pixel: object, colour: tuple[int, int, int]) -> bool:
    assert isinstance(pixel, tuple)
    return max(abs(a - b) for a, b in zip(pixel[:3], colour, strict=True)) <= 40


def _three_strokes(table: Table, scene_id: str) -> list[Any]:
    """Alice's map after each of three reveals, the last onto the secret room."""
    path = f"/scenes/{scene_id}/image"
    seen = []
    for box in ([0, 0, 140, 140], [140, 0, 140, 140], [420, 420, 280, 280]):
        reveal(table, scene_id, box)
        got = table.get(table.alice, path)
        assert got.status_code == 200 and got.headers["content-type"] == "image/jpeg"
        seen.append(pixels(got.content))
    return seen


def test_the_map_is_decoded_once_for_every_fog_and_player(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counted(monkeypatch)
    made = scene(table, image=picture(secret=ROOM))
    first, second, third = _three_strokes(table, made["id"])
    assert _near(first.getpixel((70, 70)), GROUND) and not _near(first.getpixel((210, 70)), GROUND)
    assert _near(second.getpixel((210, 70)), GROUND)
    assert not _near(second.getpixel((560, 560)), SECRET)
    assert _near(third.getpixel((560, 560)), SECRET)
    bobs = table.get(table.bob, f"/scenes/{made['id']}/image")
    assert pixels(bobs.content).getpixel((560, 560)) == third.getpixel((560, 560))
    phone = table.get(table.bob, f"/scenes/{made['id']}/image", params={"max": 256})
    assert pixels(phone.content).size == (256, 256)  # 700 halved, then scaled to 256
    assert calls == [pictures.DISPLAY_MAX, 256]  # one decoding per size asked


def test_past_its_setting_a_map_is_decoded_again_and_still_masked(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counted(monkeypatch)
    monkeypatch.setenv("ECRAN_MAPS_CACHE_MB", "0.5")  # a 700-pixel map takes 1.4 MB
    made = scene(table, image=picture(secret=ROOM))
    *_, third = _three_strokes(table, made["id"])
    assert _near(third.getpixel((560, 560)), SECRET)
    assert len(calls) == 3
    assert not images._decoded
