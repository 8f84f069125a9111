"""Measuring the board: cells, distances in the scene's unit, the fog's cover of a point,
adjacency, "behind" from a facing, and the allies beside the same target.

A token stands on the cell of its centre. Distances between tokens are measured centre to centre
(one token per cell, the books' creatures are all about a person's size).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

from ecran.play.board.model import FogOp, Grid, Polygon, Rect, SceneState, Token

Cell = tuple[int, int]
#: A rear arc of 90 degrees: the attacker is behind when within 45 degrees of the target's back.
BEHIND_ARC = 90.0


def cell(grid: Grid, x: float, y: float) -> Cell:
    return (
        math.floor((x - grid.offset_x) / grid.size),
        math.floor((y - grid.offset_y) / grid.size),
    )


def centre(grid: Grid, at: Cell) -> tuple[float, float]:
    return (grid.offset_x + (at[0] + 0.5) * grid.size, grid.offset_y + (at[1] + 0.5) * grid.size)


def snap(grid: Grid, x: float, y: float, width: float, height: float) -> tuple[float, float]:
    """The centre of the cell under (x, y), kept inside the scene."""
    inner = 1e-6  # the scene's far edge belongs to its last cell, not to one past it
    sx, sy = centre(
        grid, cell(grid, min(max(x, 0.0), width - inner), min(max(y, 0.0), height - inner))
    )
    return (min(max(sx, 0.0), width), min(max(sy, 0.0), height))


def onto(grid: Grid, x: float, y: float, width: float, height: float) -> tuple[float, float]:
    """A point a smaller scene leaves off it: the nearest cell's centre inside (`snap`); one
    on the scene stays where it is."""
    if x <= width and y <= height:
        return (x, y)
    return snap(grid, x, y, width, height)


def apart(grid: Grid, a: tuple[float, float], b: tuple[float, float]) -> tuple[int, int]:
    """How many cells from a's to b's, across and down."""
    ca, cb = cell(grid, *a), cell(grid, *b)
    return abs(ca[0] - cb[0]), abs(ca[1] - cb[1])


def squares(grid: Grid, a: tuple[float, float], b: tuple[float, float]) -> float:
    """How many squares from a to b by the scene's diagonal rule (euclidean: a real number)."""
    if grid.diagonal == "euclidean":
        return math.hypot(b[0] - a[0], b[1] - a[1]) / grid.size
    dx, dy = apart(grid, a, b)
    if grid.diagonal == "chebyshev":
        return float(max(dx, dy))
    if grid.diagonal == "manhattan":
        return float(dx + dy)
    return float(max(dx, dy) + min(dx, dy) // 2)  # 5-10-5: every second diagonal counts two


def path_squares(grid: Grid, points: Sequence[tuple[float, float]]) -> float:
    """How many squares along a path through `points` (a ruler's waypoints): each leg by the
    scene's rule, except 5-10-5, whose every second diagonal counts two along the whole path,
    not afresh at each waypoint (PEERS.md §2.8: Foundry carries the parity across waypoints)."""
    legs = list(itertools.pairwise(points))
    if grid.diagonal != "alternating":
        return sum(squares(grid, a, b) for a, b in legs)
    straight = diagonal = 0
    for a, b in legs:
        dx, dy = apart(grid, a, b)
        straight += max(dx, dy) - min(dx, dy)
        diagonal += min(dx, dy)
    return float(straight + diagonal + diagonal // 2)


def distance(grid: Grid, a: tuple[float, float], b: tuple[float, float]) -> float:
    """From a to b in the scene's unit (metres on a scale of 1.5 m a square, by default)."""
    return squares(grid, a, b) * grid.unit_per_square


def token_distance(grid: Grid, a: Token, b: Token) -> float:
    return distance(grid, (a.x, a.y), (b.x, b.y))


def adjacent(grid: Grid, a: Token, b: Token) -> bool:
    """Side by side: on one of the eight cells around the other (or the same one)."""
    return a.id != b.id and max(apart(grid, (a.x, a.y), (b.x, b.y))) <= 1


def behind(attacker: Token, target: Token) -> bool | None:
    """Whether the attacker stands in the target's back (its rear 90 degrees); None when the
    target has no facing (the GM says)."""
    if target.facing is None or (attacker.x, attacker.y) == (target.x, target.y):
        return None
    # bearing of the attacker seen from the target, clockwise from up (y grows downwards)
    bearing = math.degrees(math.atan2(attacker.x - target.x, target.y - attacker.y)) % 360
    off = abs((bearing - target.facing + 180) % 360 - 180)
    return off >= 180 - BEHIND_ARC / 2


def same_side(a: Token, b: Token) -> bool:
    """Allies: the same declared side; without sides, characters with characters and the rest
    (the encounter's NPCs) with the rest."""
    if a.side or b.side:
        return a.side == b.side
    return (a.character_id is not None) == (b.character_id is not None)


def allies_on(grid: Grid, tokens: Iterable[Token], attacker: Token, target: Token) -> list[Token]:
    """The attacker's allies (not the attacker) beside the same target: those who can attack it
    too (Fluid L1039-1043)."""
    return [
        t
        for t in tokens
        if t.id not in (attacker.id, target.id)
        and not same_side(t, target)
        and same_side(t, attacker)
        and adjacent(grid, t, target)
    ]


def flanked(grid: Grid, tokens: Iterable[Token], attacker: Token, target: Token) -> bool:
    """An ally of the attacker on the cell opposite the attacker's, across the target."""
    ca, ct = cell(grid, attacker.x, attacker.y), cell(grid, target.x, target.y)
    opposite = (2 * ct[0] - ca[0], 2 * ct[1] - ca[1])
    if not adjacent(grid, attacker, target):
        return False
    return any(cell(grid, t.x, t.y) == opposite for t in allies_on(grid, tokens, attacker, target))


# -- the fog's cover -----------------------------------------------------------------------------


def inside(region: Rect | Polygon, x: float, y: float) -> bool:
    if isinstance(region, Rect):
        return region.x <= x <= region.x + region.w and region.y <= y <= region.y + region.h
    hit = False
    points = region.points
    for (x1, y1), (x2, y2) in zip(points, (*points[1:], points[0]), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def revealed(fog: Iterable[FogOp], x: float, y: float) -> bool:
    """Whether the players see (x, y): the last stroke covering it reveals it (none: hidden)."""
    seen = False
    for op in fog:
        if inside(op.region, x, y):
            seen = op.reveal
    return seen


def visible_point(state: SceneState, x: float, y: float) -> bool:
    return revealed(state.fog, x, y)


def area_on_scene(
    region: Rect | Polygon, width: float, height: float, enough: float = math.inf
) -> float:
    """How many square pixels of the region lie on a scene of `width` × `height` (a polygon is
    clipped to the scene's rectangle, Sutherland-Hodgman, then measured by the shoelace; one
    that crosses itself, as `inside` and the players' mask read it: even-odd, `_even_odd_area`,
    where the shoelace's signed lobes would cancel: a figure eight's two are 0 by the
    shoelace). With `enough`, a self-crossing polygon's count may stop once it has found that
    much (its slabs are as many as its crossings: a 256-point star has thousands)."""
    if isinstance(region, Rect):
        across = min(region.x + region.w, width) - max(region.x, 0.0)
        down = min(region.y + region.h, height) - max(region.y, 0.0)
        return max(across, 0.0) * max(down, 0.0)
    points = [(float(x), float(y)) for x, y in region.points]
    for axis, bound, below in (
        (0, 0.0, False),
        (0, width, True),
        (1, 0.0, False),
        (1, height, True),
    ):
        points = _clipped(points, axis, bound, below)
    edges = list(zip(points, (*points[1:], *points[:1]), strict=True))
    crossings = {
        x
        for i, e in enumerate(edges)
        for f in edges[i + 1 :]
        if (x := _crossing_x(e, f)) is not None
    }
    if not crossings:
        return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in edges)) / 2
    return _even_odd_area(edges, crossings, enough)


Edge = tuple[tuple[float, float], tuple[float, float]]


def _crossing_x(e: Edge, f: Edge) -> float | None:
    """Where two edges cross each other inside both (not at an end), its x; else None."""
    (x1, y1), (x2, y2) = e
    (x3, y3), (x4, y4) = f
    d = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
    if d == 0:
        return None
    t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / d
    u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / d
    return x1 + t * (x2 - x1) if 0 < t < 1 and 0 < u < 1 else None


def _even_odd_area(edges: list[Edge], crossings: set[float], enough: float) -> float:
    """The area a polygon that crosses itself covers, even-odd: cut at every vertex's and
    every crossing's x, each slab's cross-section (between the first and second edge met,
    the third and fourth…) is linear in x, so its middle's length times its width is exact."""
    cuts = sorted({x for (x, _), _ in edges} | crossings)
    area = 0.0
    for left, right in itertools.pairwise(cuts):
        mid = (left + right) / 2
        ys = sorted(
            y1 + (mid - x1) * (y2 - y1) / (x2 - x1)
            for (x1, y1), (x2, y2) in edges
            if min(x1, x2) < mid < max(x1, x2)
        )
        area += (right - left) * sum(ys[k + 1] - ys[k] for k in range(0, len(ys) - 1, 2))
        if area >= enough:
            break
    return area


def _clipped(
    points: list[tuple[float, float]], axis: int, bound: float, keep_below: bool
) -> list[tuple[float, float]]:
    """The polygon's part on one side of the line `coordinate[axis] == bound`."""

    def kept(p: tuple[float, float]) -> bool:
        return p[axis] <= bound if keep_below else p[axis] >= bound

    out: list[tuple[float, float]] = []
    for i, here in enumerate(points):
        before = points[i - 1]
        if kept(here) != kept(before):
            t = (bound - before[axis]) / (here[axis] - before[axis])
            out.append(
                (before[0] + t * (here[0] - before[0]), before[1] + t * (here[1] - before[1]))
            )
        if kept(here):
            out.append(here)
    return out
