"""The fog brush's polygons: a disc for a dab, a capsule per segment, inside the scene."""

from __future__ import annotations

from ecran.play.board.brush import PIECES_MAX, brush
from ecran.play.board.geometry import inside


def test_a_dab_is_a_disc_of_its_radius() -> None:
    [disc] = brush([(100.0, 100.0)], 20, 700, 700)
    assert inside(disc, 100, 100) and inside(disc, 118, 100) and inside(disc, 100, 82)
    assert not inside(disc, 122, 100) and not inside(disc, 115, 115)  # 21 px away


def test_a_stroke_covers_its_path_within_the_radius_and_stays_in_the_scene() -> None:
    pieces = brush([(10.0, 50.0), (200.0, 50.0), (200.0, 300.0)], 15, 250, 250)
    assert len(pieces) == 2

    def covered(x: float, y: float) -> bool:
        return any(inside(p, x, y) for p in pieces)

    assert covered(5, 50) and covered(100, 63) and covered(212, 150) and covered(200, 249)
    assert not covered(100, 70) and not covered(150, 150)
    assert all(0 <= x <= 250 and 0 <= y <= 250 for p in pieces for x, y in p.points)


def test_a_long_wandering_stroke_is_cut_in_at_most_a_hundred_pieces() -> None:
    path = [(float(i % 700), float((i * 37) % 700)) for i in range(2000)]
    pieces = brush(path, 10, 700, 700)
    assert len(pieces) <= PIECES_MAX
    assert any(inside(p, *path[-1]) for p in pieces)  # the stroke ends where the brush lifted
