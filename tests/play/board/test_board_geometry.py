"""Distances by the scene's rule, adjacency, behind, allies, and the fog's cover of a point."""

from __future__ import annotations

import math

import pytest

from board_toy import GRID, square, token
from ecran.play.board import geometry as geo
from ecran.play.board.model import FogOp, Polygon, Rect


@pytest.mark.parametrize(
    ("diagonal", "squares"),
    [("euclidean", math.hypot(3, 4)), ("chebyshev", 4), ("manhattan", 7), ("alternating", 4 + 1)],
)
def test_distance_by_the_diagonal_rule(diagonal: str, squares: float) -> None:
    grid = GRID.model_copy(update={"diagonal": diagonal})
    a, b = square(0, 0), square(3, 4)
    assert geo.squares(grid, a, b) == pytest.approx(squares)
    assert geo.distance(grid, a, b) == pytest.approx(squares * 1.5)


def test_snap_lands_on_a_cell_centre_inside_the_scene() -> None:
    assert geo.snap(GRID, 100, 130, 700, 700) == (105, 105)
    assert geo.snap(GRID, -40, 9000, 700, 700) == (35, 665)


def test_adjacent_means_one_of_the_eight_cells_around() -> None:
    a = token("a", 2, 2)
    assert geo.adjacent(GRID, a, token("b", 3, 3))
    assert not geo.adjacent(GRID, a, token("b", 4, 2))
    assert not geo.adjacent(GRID, a, a)


@pytest.mark.parametrize(
    ("facing", "expected"),
    [(0, True), (180, False), (90, False), (None, None)],
)
def test_behind_from_the_targets_facing(facing: float | None, expected: bool | None) -> None:
    # the attacker stands below (south of) the target; a target facing north shows its back
    target = token("t", 2, 2, facing=facing)
    assert geo.behind(token("a", 2, 3), target) is expected


def test_allies_beside_the_same_target_and_flanking() -> None:
    foe = token("foe", 2, 2, participant_id="p1")
    me = token("me", 1, 2, character_id="c1")
    friend = token("friend", 3, 2, character_id="c2")
    far = token("far", 6, 6, character_id="c3")
    other_foe = token("imp", 2, 1, participant_id="p2")
    tokens = [foe, me, friend, far, other_foe]
    assert [t.id for t in geo.allies_on(GRID, tokens, me, foe)] == ["friend"]
    assert geo.flanked(GRID, tokens, me, foe)
    assert not geo.flanked(GRID, tokens, token("me", 1, 1, character_id="c1"), foe)


def test_declared_sides_override_the_default() -> None:
    a = token("a", 0, 0, character_id="c1", side="rebels")
    b = token("b", 0, 1, participant_id="p1", side="rebels")
    assert geo.same_side(a, b)


def test_the_last_stroke_decides_the_fog() -> None:
    tri = Polygon(points=((0, 0), (100, 0), (0, 100)))
    fog = [
        FogOp(reveal=True, region=Rect(x=0, y=0, w=200, h=200)),
        FogOp(reveal=False, region=tri),
    ]
    assert geo.revealed(fog, 150, 150)
    assert not geo.revealed(fog, 10, 10)
    assert not geo.revealed(fog, 300, 300)
    assert not geo.revealed([], 1, 1)


@pytest.mark.parametrize(
    ("region", "area"),
    [
        (Rect(x=600, y=600, w=400, h=400), 100 * 100),  # partly on the scene
        (Rect(x=800, y=0, w=50, h=50), 0),
        (Rect(x=0, y=700, w=700, h=30), 0),  # along the bottom edge
        (Polygon(points=((650, 0), (750, 0), (750, 100), (650, 100))), 50 * 100),
        (Polygon(points=((710, 0), (900, 0), (900, 300))), 0),
        (Polygon(points=((0, 0), (100, 0), (0, 100))), 5000),
        # a figure eight (its edges cross): two triangles of 2,500, as `inside` and the mask
        # fill it; the shoelace's signed lobes cancel to 0
        (Polygon(points=((0, 0), (100, 100), (100, 0), (0, 100))), 5000),
        # crossing at (37.5, 37.5): lobes of 60 × 37.5 / 2 and 100 × 62.5 / 2
        (Polygon(points=((0, 0), (100, 100), (100, 0), (0, 60))), 1125 + 3125),
        (Polygon(points=((0, 0), (100, 100), (0, 100), (100, 0))), 5000),  # a bow tie
        (Polygon(points=((0, 0), (100, 0), (0, 0), (100, 0))), 0),  # a line: no surface
        (Polygon(points=((650, 0), (750, 100), (750, 0), (650, 100))), 2500),  # half off
    ],
)
def test_a_fog_areas_surface_on_the_scene(region: Rect | Polygon, area: float) -> None:
    assert geo.area_on_scene(region, 700, 700) == pytest.approx(area)


def test_a_self_crossing_polygons_count_stops_once_it_has_enough() -> None:
    """A 256-point star crosses itself thousands of times: the fog's check asks only whether
    it covers a pixel, and gets its answer without measuring every slab."""
    import math

    star = Polygon(
        points=tuple(
            (
                350 + 300 * math.cos(2 * math.pi * k * 97 / 256),
                350 + 300 * math.sin(2 * math.pi * k * 97 / 256),
            )
            for k in range(256)
        )
    )
    some = geo.area_on_scene(star, 700, 700, enough=1.0)
    assert 1.0 <= some < geo.area_on_scene(star, 700, 700)
