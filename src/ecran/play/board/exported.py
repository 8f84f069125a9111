"""The board's images in a table's export: how they travel (base64, as stored) and how an
import checks them before anything is stored.

Only the GM's export carries them (a player's map is masked by the fog: the whole picture is
not theirs to take). On import, every image a `board` event names must be there, each at most
`image.MAX_BYTES`, a PNG or WebP of the size it says (opened by Pillow under the same bomb
limits as an upload), and no image is there that no event names.
"""

from __future__ import annotations

import base64
import io
import warnings
from collections.abc import Iterable
from typing import Any, Literal

from PIL import Image
from pydantic import BaseModel, ConfigDict, Field

from ecran.play.board.events import parse
from ecran.play.board.image import MAX_BYTES, MAX_SIDE
from ecran.play.events import Event
from ecran.rules import EcranError, Text

#: The most images one export holds.
IMAGES_MAX = 1000


class ExportedImage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")
    media_type: Literal["image/webp", "image/png"]
    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    data: str = Field(max_length=(MAX_BYTES * 4) // 3 + 4)


def exported(image_id: str, media_type: str, width: int, height: int, data: bytes) -> Any:
    return ExportedImage(
        id=image_id,
        media_type=media_type,
        width=width,
        height=height,
        data=base64.b64encode(data).decode("ascii"),
    )


def _bad(fr: str, en: str) -> EcranError:
    return EcranError(Text(fr=f"export invalide : {fr}", en=f"invalid export: {en}"))


def named(events: Iterable[Event]) -> set[str]:
    """The image ids the log's `board` events name (scenes' maps, handouts' pictures)."""
    found: set[str] = set()
    for event in events:
        if event.kind != "board":
            continue
        payload = parse(event.payload).model_dump()
        for holder in (payload, payload.get("scene") or {}, payload.get("handout") or {}):
            if holder.get("image_id"):
                found.add(str(holder["image_id"]))
    return found


def check_images(
    images: list[ExportedImage], events: Iterable[Event]
) -> list[tuple[ExportedImage, bytes]]:
    """Each image with its bytes, checked (one line naming the first wrong one)."""
    if len(images) > IMAGES_MAX:
        raise _bad(f"plus de {IMAGES_MAX} images", f"more than {IMAGES_MAX} images")
    ids = [i.id for i in images]
    if len(set(ids)) != len(ids):
        raise _bad("image en double", "duplicate image")
    wanted = named(events)
    if wanted - set(ids):
        missing = sorted(wanted - set(ids))[0]
        raise _bad(f"image {missing} absente", f"image {missing} missing")
    if set(ids) - wanted:
        stray = sorted(set(ids) - wanted)[0]
        raise _bad(f"image {stray} nommée par aucun événement", f"image {stray} named by no event")
    return [(image, _checked(image)) for image in images]


def _checked(image: ExportedImage) -> bytes:
    try:
        raw = base64.b64decode(image.data, validate=True)
    except ValueError:
        raise _bad(f"image {image.id} : base64 invalide", f"image {image.id}: bad base64") from None
    if len(raw) > MAX_BYTES:
        raise _bad(f"image {image.id} trop grosse", f"image {image.id} too large")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            kind = image.media_type.split("/")[1].upper()
            with Image.open(io.BytesIO(raw), formats=[kind]) as opened:
                if opened.size != (image.width, image.height):  # checked before decoding
                    raise _bad(
                        f"image {image.id} : taille différente", f"image {image.id}: size differs"
                    )
                opened.load()
    except EcranError:
        raise
    except Exception:
        raise _bad(f"image {image.id} illisible", f"image {image.id} unreadable") from None
    return raw


def board_summary(events: Iterable[Event], images: list[ExportedImage]) -> tuple[Text, Text | None]:
    """What `ecran verify` says of the board an export holds: its counts, and the first
    problem (a log that does not fold, an image missing or unreadable), if any."""
    from ecran.play.board.events import fold
    from ecran.play.board.model import Board

    board = Board()
    listed = [e for e in events if e.kind == "board"]
    try:
        for event in listed:
            board = fold(board, parse(event.payload))
        check_images(images, listed)
    except EcranError as exc:
        return _counts(board, len(images)), exc.text
    except Exception as exc:
        return _counts(board, len(images)), Text(
            fr=f"le plateau ne se rejoue pas ({type(exc).__name__})",
            en=f"the board does not fold ({type(exc).__name__})",
        )
    return _counts(board, len(images)), None


def _counts(board: Any, images: int) -> Text:
    scenes = len(board.scenes)
    tokens = sum(len(s.tokens) for s in board.scenes.values())
    handouts = len(board.handouts)
    return Text(
        fr=f"plateau : {scenes} scène(s), {tokens} pion(s), {handouts} document(s), "
        f"{images} image(s)",
        en=f"board: {scenes} scene(s), {tokens} token(s), {handouts} handout(s), {images} image(s)",
    )
