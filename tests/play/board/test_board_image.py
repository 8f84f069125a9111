"""Uploads: only PNG, JPEG, WebP within the limits, re-encoded without metadata. Players' copies:
the fog painted opaque on the server."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from ecran.play.board import image
from ecran.play.board.model import FogOp, Polygon, Rect
from ecran.rules import EcranError

SECRET = (250, 10, 10)  # the red of the dragon's lair, under the fog
OPEN = (10, 200, 10)


def _png(size: tuple[int, int] = (200, 100), colour: tuple[int, int, int] = OPEN) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def _two_halves() -> bytes:
    """Left half open country, right half the secret lair."""
    picture = Image.new("RGB", (200, 100), OPEN)
    picture.paste(SECRET, (100, 0, 200, 100))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def _decoded(stored: image.Stored) -> Image.Image:
    return Image.open(io.BytesIO(stored.data)).convert("RGB")


def test_a_png_is_re_encoded_as_webp() -> None:
    stored = image.accept(_png())
    assert (stored.media_type, stored.width, stored.height) == ("image/webp", 200, 100)
    assert stored.data[8:12] == b"WEBP"


def test_metadata_is_dropped_and_exif_orientation_applied() -> None:
    picture = Image.new("RGB", (40, 20), OPEN)
    exif = Image.Exif()
    exif[0x0112] = 6  # rotated: shown 90 degrees clockwise
    exif[0x010E] = "GPS 48.85N secret place"
    out = io.BytesIO()
    picture.save(out, format="JPEG", exif=exif.tobytes())
    stored = image.accept(out.getvalue(), encoding="PNG")
    assert (stored.width, stored.height) == (20, 40)
    assert b"secret place" not in stored.data and b"Exif" not in stored.data
    assert not Image.open(io.BytesIO(stored.data)).getexif()


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"GIF89a" + b"\0" * 100, "seuls PNG, JPEG et WebP"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "seuls PNG, JPEG et WebP"),
        (b"\0" * (image.MAX_BYTES + 1), "plus de 10 Mio"),
        (_png()[:60], "illisible"),
    ],
)
def test_anything_else_is_refused_in_one_line(raw: bytes, said: str) -> None:
    with pytest.raises(EcranError) as refused:
        image.accept(raw)
    assert said in refused.value.message("fr")
    assert refused.value.message("en").startswith("image refused: ")
    assert "\n" not in refused.value.message("fr")


def test_too_many_pixels_is_refused_before_decoding() -> None:
    # a tiny file that claims 9000 x 10 pixels: refused from its header
    raw = _png((9000, 10))
    assert len(raw) < image.MAX_BYTES
    with pytest.raises(EcranError, match="8192"):
        image.accept(raw)


def test_the_fog_is_painted_opaque_on_the_server() -> None:
    raw = image.accept(_two_halves(), encoding="PNG").data
    fog = [FogOp(reveal=True, region=Rect(x=0, y=0, w=99, h=100))]
    shown = _decoded(image.masked(raw, fog, encoding="PNG"))
    assert shown.getpixel((50, 50)) == OPEN
    assert shown.getpixel((150, 50)) == image.FOG_RGB
    colours = {c for _n, c in shown.getcolors(maxcolors=10_000) or []}
    assert SECRET not in colours  # not one pixel of the lair


def test_hiding_again_and_polygons() -> None:
    raw = image.accept(_two_halves(), encoding="PNG").data
    fog = [
        FogOp(reveal=True, region=Rect(x=0, y=0, w=200, h=100)),
        FogOp(reveal=False, region=Polygon(points=((100, 0), (200, 0), (200, 100), (100, 100)))),
    ]
    shown = _decoded(image.masked(raw, fog, encoding="PNG"))
    assert shown.getpixel((150, 50)) == image.FOG_RGB
    assert shown.getpixel((20, 50)) == OPEN


def test_no_fog_revealed_means_nothing_shown_and_size_is_capped() -> None:
    raw = image.accept(_png((400, 200), SECRET), encoding="PNG").data
    shown = image.masked(raw, [], max_side=100, encoding="PNG")
    assert (shown.width, shown.height) == (100, 50)
    assert {c for _n, c in _decoded(shown).getcolors() or []} == {image.FOG_RGB}


def test_a_cut_short_file_is_refused_even_after_weasyprint_is_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """WeasyPrint (printing sheets, same process as the web table) sets Pillow's global
    LOAD_TRUNCATED_IMAGES at import; a cut-short map must still be refused, not stored grey."""
    from PIL import ImageFile

    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)
    noisy = Image.effect_noise((300, 300), 80).convert("RGB")
    out = io.BytesIO()
    noisy.save(out, format="PNG")
    with pytest.raises(EcranError) as refused:
        image.accept(out.getvalue()[: len(out.getvalue()) // 2])
    assert "tronqué" in refused.value.message("fr")
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True  # the process's own setting is left as it was


def test_a_players_copy_is_a_jpeg_with_nothing_of_the_hidden_half() -> None:
    """A fog change masks the map again for every player: a JPEG encodes in a tenth of a
    WebP's time (PEERS.md §2.8), and its lossy edges carry nothing the fog hides."""
    raw = image.accept(_two_halves()).data
    fog = [FogOp(reveal=True, region=Rect(x=0, y=0, w=99, h=100))]
    copy = image.masked(raw, fog)
    assert copy.media_type == "image/jpeg" and copy.data[:3] == b"\xff\xd8\xff"
    shown = _decoded(copy)
    for x in range(104, 200, 3):
        for y in range(0, 100, 3):
            red, green, blue = shown.getpixel((x, y))
            assert max(abs(red - 24), abs(green - 24), abs(blue - 28)) < 12, (x, y)


def test_a_reduced_copy_shows_no_block_a_hidden_pixel_enters() -> None:
    """Open country with a one-pixel secret path just past the revealed edge: reduced four
    times, the block that holds both is fog, every other block the map alone (no blend)."""
    picture = Image.new("RGB", (400, 200), OPEN)
    picture.paste(SECRET, (201, 0, 202, 200))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    fog = [FogOp(reveal=True, region=Rect(x=0, y=0, w=200, h=200))]  # x 0-200 included
    shown = _decoded(image.masked(out.getvalue(), fog, max_side=100, encoding="PNG"))
    assert shown.size == (100, 50)
    assert {shown.getpixel((x, 10)) for x in range(50)} == {OPEN}  # x 0-199
    assert {shown.getpixel((x, 10)) for x in range(50, 100)} == {image.FOG_RGB}


def test_one_hidden_pixel_hides_its_block_even_reduced_thirty_two_times() -> None:
    """A block of 32 × 32 with one pixel at 0 averages 254.75, which rounds to 255: the copy
    is reduced in halvings first, and its one block with a hidden pixel is still fog."""
    raw = image.accept(_png((8192, 64), OPEN), encoding="PNG").data
    fog = [
        FogOp(reveal=True, region=Rect(x=0, y=0, w=8192, h=64)),
        FogOp(reveal=False, region=Rect(x=5000, y=30, w=0, h=0)),  # one pixel
    ]
    shown = _decoded(image.masked(raw, fog, max_side=256, encoding="PNG"))
    assert shown.size == (256, 2)
    fogged = [(x, y) for x in range(256) for y in range(2) if shown.getpixel((x, y)) != OPEN]
    assert fogged == [(5000 // 32, 0)]
    assert shown.getpixel((5000 // 32, 0)) == image.FOG_RGB
