"""The GM's fog brush: a round brush of radius `r` dragged along a path covers the path's
points within `r`, stored as polygons like any fog stroke (`Polygon`): one capsule (a segment
with round ends) per segment of the path, a disc for a single dab. Convex pieces, so a point is
inside one whatever the path's turns (a single outline around a path that turns back on itself
would cross itself).

A path is thinned before it is cut: points closer than `r / 2` to the last one kept add
nothing, and a path with more than `PIECES_MAX` segments keeps every n-th point (the capsules
between them still cover the straight line from one to the next).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from ecran.play.board.model import Polygon

#: Most polygons one stroke becomes (one fog event's regions).
PIECES_MAX = 100
#: Vertices of each round end (a half circle).
ARC_STEPS = 8

Point = tuple[float, float]


def brush(path: Sequence[Point], radius: float, width: float, height: float) -> list[Polygon]:
    """The polygons a brush of `radius` covers along `path`, inside a scene of `width` ×
    `height` pixels."""
    kept = _thinned(path, radius)
    if len(kept) == 1:
        return [_piece(_disc(kept[0], radius), width, height)]
    return [_piece(_capsule(a, b, radius), width, height) for a, b in pairwise(kept)]


def _thinned(path: Sequence[Point], radius: float) -> list[Point]:
    kept = [path[0]]
    for p in path[1:]:
        if math.dist(p, kept[-1]) >= radius / 2:
            kept.append(p)
    if len(kept) > 1 and kept[-1] != path[-1]:
        kept[-1] = path[-1]  # the stroke ends where the brush lifted
    if len(kept) - 1 > PIECES_MAX:
        step = math.ceil((len(kept) - 1) / PIECES_MAX)
        kept = [*kept[:-1:step], kept[-1]]
    return kept


def _arc(centre: Point, radius: float, start: float) -> list[Point]:
    """A half circle around `centre` from angle `start` (radians), clockwise on the image."""
    return [
        (
            centre[0] + radius * math.cos(start + math.pi * i / ARC_STEPS),
            centre[1] + radius * math.sin(start + math.pi * i / ARC_STEPS),
        )
        for i in range(ARC_STEPS + 1)
    ]


def _capsule(a: Point, b: Point, radius: float) -> list[Point]:
    heading = math.atan2(b[1] - a[1], b[0] - a[0])
    return [*_arc(b, radius, heading - math.pi / 2), *_arc(a, radius, heading + math.pi / 2)]


def _disc(centre: Point, radius: float) -> list[Point]:
    return [*_arc(centre, radius, 0.0), *_arc(centre, radius, math.pi)[1:-1]]


def _piece(points: list[Point], width: float, height: float) -> Polygon:
    inside = tuple((min(max(x, 0.0), width), min(max(y, 0.0), height)) for x, y in points)
    return Polygon(points=inside)
