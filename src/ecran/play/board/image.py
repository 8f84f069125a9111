"""Map and handout images: checked and re-encoded on upload, masked by the fog before a player
gets them.

An upload is refused in one line unless it is a PNG, JPEG or WebP of at most `MAX_BYTES` and
`MAX_SIDE` pixels a side; the pixel count is checked from the header before anything is decoded,
and Pillow's decompression-bomb warning is an error. The picture is turned upright (EXIF) and
re-encoded without any metadata (no EXIF, GPS, ICC or text chunks), as WebP or PNG.

A player's copy is painted opaque wherever the fog has not revealed it (never a transparent
layer the browser could remove), at most `DISPLAY_MAX` pixels a side, and sent as a JPEG: a fog
change masks the map again for every player, and a 4096-pixel WebP took 1.5-2.5 s to encode
where a JPEG takes ~60 ms (PEERS.md §2.8 measured the same: 25 ms against 595). The map is
decoded and brought within the size once (`Reduced`, kept by the web layer), then masked per fog.
A plain scene (no map) has nothing to mask: a player gets `fog_overlay` instead, the fog alone
over a transparent ground.
"""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw, ImageFile, ImageOps, UnidentifiedImageError

from ecran.play.board.model import FogOp, Polygon, Rect
from ecran.rules import EcranError, Text

MAX_BYTES = 10 * 1024 * 1024
MAX_SIDE = 8192
#: Pillow's own bomb threshold, made ours: nothing over the largest allowed picture.
MAX_PIXELS = MAX_SIDE * MAX_SIDE
#: The largest side a masked copy is sent at (phones get `PHONE_MAX`).
DISPLAY_MAX = 4096
PHONE_MAX = 2048
#: The fog's colour: opaque, dark.
FOG_RGB = (24, 24, 28)
FORMATS = ("PNG", "JPEG", "WEBP")

Encoding = Literal["WEBP", "PNG", "JPEG"]
#: A masked copy's JPEG quality (PEERS.md §2.8: 4096 pixels in ~25 ms at 85).
JPEG_QUALITY = 85


@dataclass(frozen=True)
class Stored:
    """A re-encoded image: its bytes, their media type, and its size in pixels."""

    data: bytes
    media_type: str
    width: int
    height: int


def refused(fr: str, en: str) -> EcranError:
    return EcranError(Text(fr=f"image refusée : {fr}", en=f"image refused: {en}"))


def accept(raw: bytes, encoding: Encoding = "WEBP") -> Stored:
    """The uploaded bytes as a clean image, or one line saying why not."""
    if len(raw) > MAX_BYTES:
        raise refused("plus de 10 Mio", "over 10 MiB")
    picture = _open(raw)
    try:
        upright = ImageOps.exif_transpose(picture)
        return encode(_plain(upright), encoding)
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise refused("fichier illisible", "unreadable file") from exc


def _open(raw: bytes) -> Image.Image:
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            picture = Image.open(io.BytesIO(raw), formats=list(FORMATS))
        except (UnidentifiedImageError, OSError, ValueError):
            raise refused(
                "seuls PNG, JPEG et WebP sont acceptés", "only PNG, JPEG and WebP are accepted"
            ) from None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _too_large() from None
        # the header gives the size: refuse before decoding a single pixel
        width, height = picture.size
        if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
            raise _too_large()
        try:
            with _strict_decoding():
                picture.load()
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _too_large() from None
        except (OSError, ValueError, SyntaxError):
            raise refused("fichier illisible ou tronqué", "unreadable or truncated file") from None
    return picture


_DECODING = threading.Lock()


@contextmanager
def _strict_decoding() -> Iterator[None]:
    """A truncated file is an error while an upload decodes, whatever the process set: WeasyPrint
    sets Pillow's global `LOAD_TRUNCATED_IMAGES` at import (a printed sheet, then a cut-short
    map was stored half grey)."""
    with _DECODING:
        before = ImageFile.LOAD_TRUNCATED_IMAGES
        ImageFile.LOAD_TRUNCATED_IMAGES = False
        try:
            yield
        finally:
            ImageFile.LOAD_TRUNCATED_IMAGES = before


def _too_large() -> EcranError:
    return refused(f"plus de {MAX_SIDE} pixels de côté", f"more than {MAX_SIDE} pixels a side")


def _plain(picture: Image.Image) -> Image.Image:
    """Pixels only: RGB or RGBA, a fresh image so no metadata (EXIF, ICC, text) follows."""
    mode = (
        "RGBA" if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info else "RGB"
    )
    converted = picture.convert(mode)
    clean = Image.new(mode, converted.size)
    clean.paste(converted)
    return clean


def encode(picture: Image.Image, encoding: Encoding = "WEBP") -> Stored:
    out = io.BytesIO()
    if encoding == "WEBP":
        picture.save(out, format="WEBP", quality=85, method=4)
        media = "image/webp"
    elif encoding == "JPEG":
        picture.save(out, format="JPEG", quality=JPEG_QUALITY)
        media = "image/jpeg"
    else:
        picture.save(out, format="PNG", optimize=False)
        media = "image/png"
    return Stored(out.getvalue(), media, picture.width, picture.height)


@dataclass(frozen=True)
class Reduced:
    """A stored map decoded and reduced by whole factors (`stages`: each pixel the average of a
    factor × factor block of the one before, the last blocks cut short) to no less than
    `max_side` pixels a side: what a player's copy is masked from at each fog change. `size`:
    the map's own size, the fog's coordinates."""

    picture: Image.Image
    stages: tuple[int, ...]
    size: tuple[int, int]
    max_side: int

    @property
    def pixels(self) -> int:
        return self.picture.width * self.picture.height


def reduced(raw: bytes, max_side: int = DISPLAY_MAX) -> Reduced:
    """The stored image `raw` decoded and reduced towards `max_side` pixels a side
    (`_stages`)."""
    with Image.open(io.BytesIO(raw), formats=list(FORMATS)) as opened:
        picture = opened.convert("RGB")
    size = picture.size
    stages = _stages(size, max_side)
    for factor in stages:
        picture = picture.reduce(factor)
    return Reduced(picture, stages, size, max_side)


#: The largest block a stage averages: a block of n × n pixels with one at 0 averages
#: 255 - 255 / n², which rounds below 255 only while n² < 510 (`_WHOLE_BLOCKS`).
MAX_STAGE = 22


def _stages(size: tuple[int, int], max_side: int) -> tuple[int, ...]:
    """The whole factors that bring `size` down to no less than `max_side` pixels a side (the
    copy is then scaled to it, masked: `_fitted`): the largest one, or, past MAX_STAGE,
    halvings first."""
    factor = max(size) // max_side
    stages: list[int] = []
    while factor > MAX_STAGE:
        stages.append(2)
        factor //= 2
    return (*stages, factor) if factor > 1 else tuple(stages)


def _fitted(picture: Image.Image, max_side: int) -> Image.Image:
    """`picture` scaled down to `max_side` pixels a side where larger (Lanczos): done on the
    masked copy, whose hidden pixels are the fog's colour already."""
    if max(picture.size) > max_side:
        picture.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
    return picture


#: A reduced mask's value where every map pixel of the block is revealed, and 0 elsewhere.
_WHOLE_BLOCKS = [0] * 255 + [255]


def masked_copy(source: Reduced, fog: Iterable[FogOp], encoding: Encoding = "JPEG") -> Stored:
    """`source` with every area the fog has not revealed painted opaque, at most its
    `max_side` a side. The fog is drawn at the map's own size; where the map was reduced, a
    pixel of the copy is shown only if the whole block it averages is revealed, so no hidden
    pixel of the map enters a shown one (the revealed edge gives up at most a pixel of the
    copy); the last scaling is done on the masked copy."""
    shown = mask(source.size, fog)
    for factor in source.stages:
        shown = shown.reduce(factor).point(_WHOLE_BLOCKS)
    fogged = Image.new("RGB", source.picture.size, FOG_RGB)
    fogged.paste(source.picture, (0, 0), shown)
    return encode(_fitted(fogged, source.max_side), encoding)


def masked(
    raw: bytes,
    fog: Iterable[FogOp],
    max_side: int = DISPLAY_MAX,
    encoding: Encoding = "JPEG",
) -> Stored:
    """The stored image `raw` masked by the fog (`masked_copy`), at most `max_side` pixels a
    side (`reduced`)."""
    return masked_copy(reduced(raw, max_side), fog, encoding)


def fog_overlay(size: tuple[int, int], fog: Iterable[FogOp], max_side: int = DISPLAY_MAX) -> Stored:
    """A PNG of `size` (scaled down like a masked map) painted `FOG_RGB` wherever the fog has
    not revealed, transparent where it has: what a plain scene's grid is covered with for a
    player, who has no map to mask. Only the mask's pixels leave, never a stroke."""
    shown = mask(size, fog)
    for factor in _stages(size, max_side):  # the size a masked map of this size comes to
        shown = shown.reduce(factor)
    shown = _fitted(shown, max_side)
    overlay = Image.new("RGBA", shown.size, (*FOG_RGB, 255))
    overlay.putalpha(ImageOps.invert(shown))
    return encode(overlay, "PNG")


def mask(size: tuple[int, int], fog: Iterable[FogOp]) -> Image.Image:
    """An "L" image: 255 where the players see, 0 under the fog. Strokes in order: a reveal
    paints 255, a hide paints 0."""
    shown = Image.new("L", size, 0)
    draw = ImageDraw.Draw(shown)
    for op in fog:
        fill = 255 if op.reveal else 0
        region = op.region
        if isinstance(region, Rect):
            draw.rectangle(
                [region.x, region.y, region.x + region.w, region.y + region.h], fill=fill
            )
        elif isinstance(region, Polygon):
            draw.polygon([tuple(p) for p in region.points], fill=fill)
    return shown
