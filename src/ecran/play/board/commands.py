"""The board's commands: each checks the member's rights and the input against the board and
returns the event(s) to append (nothing changes until the store folds them). The web's routes
call these and nothing else, so the rules of who may do what live here once.

Lookups a player makes (a token, a distance) see only what `visibility` lets them see: a hidden
or fogged token is "not found" for them, exactly like a token that does not exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ecran.play.board import events as ev
from ecran.play.board.brush import brush
from ecran.play.board.geometry import (
    area_on_scene,
    onto,
    path_squares,
    token_distance,
)
from ecran.play.board.geometry import distance as between
from ecran.play.board.model import (
    FOG_MAX,
    TOKENS_MAX,
    Board,
    FogOp,
    Grid,
    Handout,
    Rect,
    Region,
    Scene,
    SceneState,
    Token,
)
from ecran.play.board.movement import Move, Step, move
from ecran.play.board.visibility import Viewer, sees_token, visible_scenes
from ecran.play.errors import forbidden, not_found
from ecran.rules import EcranError, Text
from ecran.rules.numerals import number

SCENE = Text(fr="scène", en="scene")
TOKEN = Text(fr="pion", en="token")
HANDOUT = Text(fr="document", en="handout")
TOKEN_CHANGES = ("token_removed", "token_hidden", "token_revealed", "token_flags")
#: A fog area with less surface on the scene (square pixels) covers no pixel of its mask (and
#: a piece the brush flattened onto an edge measures a rounding error, not nought).
FOG_AREA_MIN = 1.0


def _gm(viewer: Viewer) -> None:
    if not viewer.is_gm:
        raise forbidden("réservé au MJ", "the GM's only")


def scene_for(board: Board, viewer: Viewer, scene_id: str) -> SceneState:
    """The scene if `viewer` may see it (a player: the scene shown), else NotFound."""
    for state in visible_scenes(board, viewer):
        if state.scene.id == scene_id:
            return state
    raise not_found(SCENE, scene_id)


def token_for(board: Board, viewer: Viewer, scene_id: str, token_id: str) -> Token:
    """The token if `viewer` may see it, else NotFound (a hidden one is not confirmed)."""
    state = scene_for(board, viewer, scene_id)
    token = state.tokens.get(token_id)
    if token is None or not sees_token(state, token, viewer):
        raise not_found(TOKEN, token_id)
    return token


def _inside(scene: Scene, x: float, y: float) -> None:
    if not (0 <= x <= scene.width and 0 <= y <= scene.height):
        raise EcranError(
            Text(
                fr=f"position hors de la scène ({scene.width} × {scene.height} pixels)",
                en=f"position outside the scene ({scene.width} × {scene.height} pixels)",
            )
        )


def create_scene(
    board: Board,
    viewer: Viewer,
    scene_id: str,
    name: str,
    width: int,
    height: int,
    grid: Grid,
    image_id: str | None = None,
) -> ev.SceneCreated:
    _gm(viewer)
    scene = Scene(id=scene_id, name=name, width=width, height=height, grid=grid, image_id=image_id)
    return ev.SceneCreated(scene=scene)


def update_scene(board: Board, viewer: Viewer, scene_id: str, **changes: Any) -> ev.SceneUpdated:
    """A new name, grid or size (a new map's). A token a smaller scene would leave off it,
    out of every hand's reach, comes to the nearest cell inside (`moved`, in the same event)."""
    _gm(viewer)
    state = scene_for(board, viewer, scene_id)
    width = changes.get("width") or state.scene.width
    height = changes.get("height") or state.scene.height
    grid = changes.get("grid") or state.scene.grid
    moved = tuple(
        ev.TokenAt(token_id=t.id, x=x, y=y)
        for t in state.tokens.values()
        for x, y in [onto(grid, t.x, t.y, width, height)]
        if (x, y) != (t.x, t.y)
    )
    return ev.SceneUpdated(scene_id=scene_id, **changes, moved=moved)


def show_scene(board: Board, viewer: Viewer, scene_id: str | None) -> ev.SceneShown:
    _gm(viewer)
    if scene_id is not None:
        scene_for(board, viewer, scene_id)
    return ev.SceneShown(scene_id=scene_id)


def free_movement(board: Board, viewer: Viewer, free: bool) -> ev.MovementFreed:
    """The GM lets players move their tokens out of turn during an encounter (or not)."""
    _gm(viewer)
    return ev.MovementFreed(free=free)


def delete_scene(board: Board, viewer: Viewer, scene_id: str) -> ev.SceneDeleted:
    _gm(viewer)
    scene_for(board, viewer, scene_id)
    return ev.SceneDeleted(scene_id=scene_id)


def place_token(board: Board, viewer: Viewer, token: Token) -> ev.TokenPlaced:
    _gm(viewer)
    state = scene_for(board, viewer, token.scene_id)
    _inside(state.scene, token.x, token.y)
    if board.token(token.id) is not None:
        raise EcranError(Text(fr="ce pion existe déjà", en="this token already exists"))
    if len(state.tokens) >= TOKENS_MAX:
        raise EcranError(Text(fr=f"{TOKENS_MAX} pions au plus", en=f"at most {TOKENS_MAX} tokens"))
    return ev.TokenPlaced(token=token)


def move_token(
    board: Board, viewer: Viewer, scene_id: str, token_id: str, step: Step
) -> tuple[ev.TokenMoved, Move]:
    """The move event and what it measured (its warning, when longer than the game allows,
    from the turn's start or, with no encounter, the drag's `drag`). Forbidden (403) for a
    player's move of a token not theirs, or out of turn."""
    token = token_for(board, viewer, scene_id, token_id)
    done = move(board.scenes[scene_id], token, viewer, step)
    return ev.TokenMoved(token_id=token.id, x=done.x, y=done.y, anchor=done.anchor), done


def token_change(
    board: Board, viewer: Viewer, scene_id: str, token_id: str, op: str, **kw: Any
) -> ev.BoardEvent:
    """The GM's other changes of a token: `token_removed`, `token_hidden`, `token_revealed`,
    `token_flags` (with `flags`)."""
    _gm(viewer)
    token = token_for(board, viewer, scene_id, token_id)
    if op not in TOKEN_CHANGES:
        raise ValueError(f"not a token change: {op}")
    event = ev.parse({"op": op, "token_id": token_id, **kw})
    if _changes_nothing(token, event):
        raise Unchanged(op)
    return event


class Unchanged(Exception):
    """A token change that leaves the token as it is (hidden again, the same flags): nothing to
    log, so the log and the players' frames do not say it twice."""


def _changes_nothing(token: Token, event: ev.BoardEvent) -> bool:
    if isinstance(event, ev.TokenHidden | ev.TokenRevealed):
        return token.hidden == isinstance(event, ev.TokenHidden)
    return isinstance(event, ev.TokenFlagged) and event.flags == token.flags


def fog(
    board: Board, viewer: Viewer, scene_id: str, reveal: Sequence[Region], hide: Sequence[Region]
) -> list[ev.BoardEvent]:
    """The contract's `{"reveal": [...], "hide": [...]}`: reveals first, then hides."""
    _gm(viewer)
    state = scene_for(board, viewer, scene_id)
    for region in (*reveal, *hide):
        if not _covers(region, state.scene):
            raise _off_scene(state.scene)
    _fog_room(state, [*reveal, *hide])
    drafted: list[ev.BoardEvent] = []
    if reveal:
        drafted.append(ev.FogRevealed(scene_id=scene_id, regions=tuple(reveal)))
    if hide:
        drafted.append(ev.FogHidden(scene_id=scene_id, regions=tuple(hide)))
    return drafted


def _covers(region: Region, scene: Scene) -> bool:
    """Whether a fog area covers some of the scene (FOG_AREA_MIN: its count stops there)."""
    return area_on_scene(region, scene.width, scene.height, FOG_AREA_MIN) >= FOG_AREA_MIN


def _off_scene(scene: Scene) -> EcranError:
    """A fog area with no surface on the scene: it would be logged and change no point. One
    partly on the scene is kept as drawn, not clipped: what lies outside covers no point
    (`geometry.inside`, `image.mask`), and a rectangle past every edge is read as the whole
    scene (`events.covers`), which clipping would only have to undo."""
    return EcranError(
        Text(
            fr=f"zone de brouillard hors de la scène ({scene.width} × {scene.height} pixels)",
            en=f"fog area outside the scene ({scene.width} × {scene.height} pixels)",
        )
    )


def _fog_room(state: SceneState, regions: Sequence[Region]) -> None:
    """A scene keeps at most FOG_MAX strokes of fog; past them the GM is told to start again
    from a whole scene hidden or revealed (which forgets the strokes before it), never a stroke
    silently dropped (that would re-fog, or reveal, what it had done)."""
    kept = ev.compacted(
        (*state.fog, *(FogOp(reveal=True, region=r) for r in regions)),
        state.scene.width,
        state.scene.height,
    )
    if len(kept) > FOG_MAX:
        has, most = number(len(state.fog)), number(FOG_MAX)
        raise EcranError(
            Text(
                fr=f"le brouillard de cette scène a déjà {has.fr} zones (au plus {most.fr}) : "
                "cachez ou révélez toute la scène, puis reprenez",
                en=f"this scene's fog already has {has.en} areas (at most {most.en}): hide or "
                "reveal the whole scene, then go on",
            )
        )


class Stroke(Protocol):
    """A brush stroke as asked: reveal or hide, the brush's radius, the path (scene pixels)."""

    @property
    def reveal(self) -> bool: ...
    @property
    def radius(self) -> float: ...
    @property
    def points(self) -> Sequence[tuple[float, float]]: ...


def brush_fog(board: Board, viewer: Viewer, scene_id: str, stroke: Stroke) -> ev.BoardEvent:
    """A brush stroke (`reveal`, `radius`, `points`) as the fog event of its polygons."""
    _gm(viewer)
    state = scene_for(board, viewer, scene_id)
    scene = state.scene
    drawn = brush(
        [(float(x), float(y)) for x, y in stroke.points], stroke.radius, scene.width, scene.height
    )
    # the brush pulls each piece's points onto the scene: a piece that was outside is flat
    pieces = [p for p in drawn if _covers(p, scene)]
    if not pieces:
        raise _off_scene(scene)
    _fog_room(state, pieces)
    if stroke.reveal:
        return ev.FogRevealed(scene_id=scene_id, regions=tuple(pieces))
    return ev.FogHidden(scene_id=scene_id, regions=tuple(pieces))


def rect(box: Sequence[float]) -> Region:
    """The contract's `[x, y, w, h]` as a region."""
    x, y, w, h = box
    return Rect(x=x, y=y, w=w, h=h)


def share_handout(
    board: Board, viewer: Viewer, handout: Handout, members: Sequence[str]
) -> ev.HandoutShared:
    _gm(viewer)
    _known(handout.to, members)
    if handout.id in board.handouts:
        raise EcranError(Text(fr="ce document existe déjà", en="this handout already exists"))
    return ev.HandoutShared(handout=handout)


def reveal_handout(
    board: Board, viewer: Viewer, handout_id: str, to: Any, members: Sequence[str]
) -> ev.HandoutRevealed:
    _gm(viewer)
    if handout_id not in board.handouts:
        raise not_found(HANDOUT, handout_id)
    _known(to, members)
    return ev.HandoutRevealed(handout_id=handout_id, to=to)


def _known(to: Any, members: Sequence[str]) -> None:
    if to == "all":
        return
    strangers = [m for m in to if m not in members]
    if strangers:
        raise not_found(Text(fr="membre", en="member"), strangers[0])


def distance(
    board: Board, viewer: Viewer, scene_id: str, from_id: str, to_id: str
) -> dict[str, float | str]:
    """`{"distance", "unit"}` between two tokens `viewer` can both see."""
    a = token_for(board, viewer, scene_id, from_id)
    b = token_for(board, viewer, scene_id, to_id)
    grid = board.scenes[scene_id].scene.grid
    return {"distance": round(token_distance(grid, a, b), 2), "unit": grid.unit}


#: One end of a measure as asked: a token's id, or a point (x, y) of the scene.
EndSpec = str | Sequence[float]


def measure(
    board: Board,
    viewer: Viewer,
    scene_id: str,
    ends: tuple[EndSpec, EndSpec],
    via: Sequence[EndSpec] = (),
) -> ev.Measured:
    """A measure between two ends `viewer` may name (a token they see, a point inside the
    scene), through the waypoints `via` in order, in the scene's unit (`geometry.path_squares`):
    the event that shows it to those who see every point of it."""
    state = scene_for(board, viewer, scene_id)
    if len(via) > ev.MAX_WAYPOINTS:
        raise EcranError(
            Text(
                fr=f"une mesure passe par {ev.MAX_WAYPOINTS} étapes au plus",
                en=f"a measure goes through at most {ev.MAX_WAYPOINTS} waypoints",
            )
        )
    a, *steps, b = (_end(board, viewer, state, spec) for spec in (ends[0], *via, ends[1]))
    grid = state.scene.grid
    path = [(p.x, p.y) for p in (a, *steps, b)]
    far = round(path_squares(grid, path) * grid.unit_per_square, 2)
    return ev.Measured(
        scene_id=scene_id, ends=(a, b), via=tuple(steps), distance=far, unit=grid.unit
    )


def within(
    board: Board, viewer: Viewer, scene_id: str, centre: EndSpec, radius: float
) -> dict[str, Any]:
    """The tokens `viewer` sees within `radius` (the scene's unit) of `centre` (a token they
    see, a point inside the scene), by the scene's rule, nearest first: a spell's or a blast's
    area (WaRP L6158-6160: « dans un rayon de 20 mètres autour du sorcier »). The centre's own
    token is not listed. Nothing is stored or shown to others."""
    state = scene_for(board, viewer, scene_id)
    at = _end(board, viewer, state, centre)
    grid = state.scene.grid
    inside = []
    for token in state.tokens.values():
        if token.id == at.token_id or not sees_token(state, token, viewer):
            continue
        far = round(between(grid, (at.x, at.y), (token.x, token.y)), 2)
        if far <= radius:
            inside.append({"id": token.id, "name": token.name, "distance": far})
    inside.sort(key=lambda t: (t["distance"], t["name"]))
    return {
        "centre": at.model_dump(exclude_none=True),
        "radius": radius,
        "unit": grid.unit,
        "tokens": inside,
    }


def _end(board: Board, viewer: Viewer, state: SceneState, spec: EndSpec) -> ev.End:
    if isinstance(spec, str):
        token = token_for(board, viewer, state.scene.id, spec)
        return ev.End(x=token.x, y=token.y, token_id=token.id)
    x, y = spec
    _inside(state.scene, x, y)
    return ev.End(x=x, y=y)
