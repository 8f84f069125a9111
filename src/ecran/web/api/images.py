"""Serving a table's images: a scene's map (masked by the fog for a player) and a handout's
picture, with `ETag` and `Cache-Control: private, no-cache` (the browser keeps its copy and
asks again with `If-None-Match`: 304 while the image and the fog are unchanged).

A player's map is painted opaque under the fog on the server (`play.board.image.masked_copy`):
the whole picture never leaves for them. The map is decoded and reduced to the size asked once,
then kept (`ECRAN_MAPS_CACHE_MB`): a fog change masks the kept pixels again (a 4096-pixel map's
WebP takes ~0.5 s to decode, masking and encoding it ~0.2 s). The last masked copies are kept
too (`MASKED_KEPT`), keyed by image and by the fog itself: the players' fog
(`visibility.players_key`), so a stroke hidden under the fog moves no tag.

A plain scene has no map to mask: its players get the fog overlay (`image.fog_overlay`) under
the same rules: kept and tagged by the players' fog, authorised on every request.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from threading import Lock
from typing import Annotated

from fastapi import Query, Request, Response

from ecran.play.board import image as pictures
from ecran.play.board.model import SceneState
from ecran.play.board.visibility import players_key
from ecran.play.errors import not_found
from ecran.rules import EcranError, Text
from ecran.settings import get_settings
from ecran.web.deps import Seat
from ecran.web.limits import MAX_INT

#: The size a picture of a scene is asked at (a phone asks for 2048), the same for each.
MaxSide = Annotated[int, Query(alias="max", ge=256, le=pictures.DISPLAY_MAX)]
#: The fog's version the page names a picture by: each version is its own address in the
#: browser's cache (the server tags and keeps the picture by the fog itself).
FogVersion = Annotated[
    int | None, Query(alias="v", ge=0, le=MAX_INT, description="the fog's version: an address each")
]

#: Masked copies kept in memory (about a megabyte each).
MASKED_KEPT = 32
_masked: OrderedDict[tuple[str, str, str, int], pictures.Stored] = OrderedDict()
_lock = Lock()
#: Maps decoded and reduced for masking, by their bytes' digest and the size asked, the
#: last used last, within `ECRAN_MAPS_CACHE_MB` (`_reduced`); one lock per map being decoded,
#: so the players asking for it at once wait for one decoding.
_decoded: OrderedDict[tuple[bytes, int], pictures.Reduced] = OrderedDict()
_decoding: dict[tuple[bytes, int], Lock] = {}
#: Bytes a decoded pixel takes (RGB).
PIXEL_BYTES = 3

#: The first bytes of the formats an upload may have.
_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")


def refuse_unsupported(raw: bytes) -> None:
    """422 unless the bytes start as a PNG, a JPEG or a WebP (the rest is `image.accept`'s).
    The body is of a type the route takes (a form), and the document's `image` is any file:
    bytes of another kind are a body that does not validate, not a body of another type
    (415)."""
    webp = raw[:4] == b"RIFF" and raw[8:12] == b"WEBP"
    if not (webp or raw.startswith(_MAGIC)):
        raise EcranError(
            Text(
                fr="image refusée : seuls PNG, JPEG et WebP sont acceptés",
                en="image refused: only PNG, JPEG and WebP are accepted",
            )
        )


def image_response(
    request: Request,
    me: Seat,
    image_id: str,
    fogged: SceneState | None = None,
    max_side: int = pictures.DISPLAY_MAX,
) -> Response:
    """The image `image_id` of the caller's table: whole, or masked by `fogged`'s fog (at
    most `max_side` pixels a side)."""
    masked = f"-{fog_key(fogged)}-{max_side}" if fogged is not None else ""
    tag = f'"{image_id}{masked}"'
    headers = {"ETag": tag, "Cache-Control": "private, no-cache"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    stored = me.store.image(me.table_id, image_id)
    if fogged is None:
        return Response(stored.data, media_type=stored.media_type, headers=headers)
    shown = _masked_copy(me.table_id, image_id, fogged, stored.data, max_side)
    return Response(shown.data, media_type=shown.media_type, headers=headers)


def fog_response(request: Request, me: Seat, fogged: SceneState, max_side: int) -> Response:
    """The players' fog of `fogged` as a transparent overlay of the scene's size (at most
    `max_side` pixels a side): the same for every player, tagged by their fog."""
    scene = fogged.scene
    size = f"{scene.width}x{scene.height}"
    tag = f'"fog-{size}-{fog_key(fogged)}-{max_side}"'
    headers = {"ETag": tag, "Cache-Control": "private, no-cache"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    key = (me.table_id, f"fog-{size}", fog_key(fogged), max_side)
    shown = _kept(
        key, lambda: pictures.fog_overlay((scene.width, scene.height), fogged.fog, max_side)
    )
    return Response(shown.data, media_type=shown.media_type, headers=headers)


def map_response(
    request: Request, me: Seat, held: SceneState, masked: bool, max_side: int
) -> Response:
    """A scene's map, masked by its fog as the players get it (`masked`) or whole; a plain
    scene has none (404)."""
    if held.scene.image_id is None:
        raise not_found(Text(fr="image de la scène", en="scene image"), held.scene.id)
    return image_response(request, me, held.scene.image_id, held if masked else None, max_side)


def fog_key(fogged: SceneState) -> str:
    """The players' fog's own digest, what a masked copy is kept and tagged by: a version
    counted alone repeats with another fog when a table is imported again from an earlier
    export."""
    return players_key(fogged)


def _masked_copy(
    table_id: str, image_id: str, fogged: SceneState, data: bytes, max_side: int
) -> pictures.Stored:
    key = (table_id, image_id, fog_key(fogged), max_side)
    return _kept(key, lambda: pictures.masked_copy(_reduced(data, max_side), fogged.fog))


def _reduced(data: bytes, max_side: int) -> pictures.Reduced:
    """The map `data` decoded and reduced within `max_side` (`image.reduced`), kept."""
    key = (hashlib.blake2b(data, digest_size=16).digest(), max_side)
    with _lock:
        found = _decoded.get(key)
        if found is not None:
            _decoded.move_to_end(key)
            return found
        decoding = _decoding.setdefault(key, Lock())
    with decoding:
        with _lock:
            found = _decoded.get(key)
        if found is None:
            found = pictures.reduced(data, max_side)
            _keep_decoded(key, found)
    with _lock:
        _decoding.pop(key, None)
    return found


def _keep_decoded(key: tuple[bytes, int], found: pictures.Reduced) -> None:
    """`found` kept, the least used ones dropped to stay within the setting (a map larger
    than all of it is not kept)."""
    budget = get_settings().maps_cache_mb * 1024 * 1024 / PIXEL_BYTES
    if found.pixels > budget:
        return
    with _lock:
        _decoded[key] = found
        while sum(r.pixels for r in _decoded.values()) > budget:
            _decoded.popitem(last=False)


def _kept(key: tuple[str, str, str, int], make: Callable[[], pictures.Stored]) -> pictures.Stored:
    with _lock:
        kept = _masked.get(key)
    if kept is not None:
        return kept
    made = make()
    with _lock:
        _masked[key] = made
        while len(_masked) > MASKED_KEPT:
            _masked.popitem(last=False)
    return made
