"""The board's events: one payload model per change, told apart by `op`, and the pure fold.

The table's log keeps them as one event kind (`"board"`, payload = one of these, `op` first), so
the table's fold delegates: `state.board = fold(state.board, parse(event.payload))`. Every
change is an event, so replaying the log rebuilds the board exactly.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import Field, TypeAdapter

from ecran.play.board.geometry import onto
from ecran.play.board.model import (
    FOG_MAX,
    TOKENS_MAX,
    Anchor,
    Audience,
    Board,
    FogOp,
    Grid,
    Handout,
    Id,
    Name,
    Px,
    Record,
    Rect,
    Region,
    Scene,
    SceneState,
    Token,
    TokenFlags,
)
from ecran.rules.text import Text


class BrokenBoard(RuntimeError):
    """An event that does not apply to the board it follows (a bug in a command, not input:
    the commands check before they draft)."""


class SceneCreated(Record):
    op: Literal["scene_created"] = "scene_created"
    scene: Scene


class TokenAt(Record):
    """Where a token stands now."""

    token_id: Id
    x: Px
    y: Px


class SceneUpdated(Record):
    """A new name, grid or image (the size follows the image)."""

    op: Literal["scene_updated"] = "scene_updated"
    scene_id: Id
    name: Name | None = None
    grid: Grid | None = None
    image_id: Id | None = None
    width: Annotated[int, Field(ge=1)] | None = None
    height: Annotated[int, Field(ge=1)] | None = None
    #: The tokens a smaller scene left off it, each brought to the nearest cell inside
    #: (`commands.update_scene`): written in the event, so a replay puts them where they went.
    moved: Annotated[tuple[TokenAt, ...], Field(max_length=TOKENS_MAX)] = ()


class SceneShown(Record):
    """The scene the players see now (None: none, between scenes)."""

    op: Literal["scene_shown"] = "scene_shown"
    scene_id: Id | None


class SceneDeleted(Record):
    op: Literal["scene_deleted"] = "scene_deleted"
    scene_id: Id


class TokenPlaced(Record):
    op: Literal["token_placed"] = "token_placed"
    token: Token


class TokenMoved(Record):
    op: Literal["token_moved"] = "token_moved"
    token_id: Id
    x: Px
    y: Px
    facing: Annotated[float, Field(ge=0, lt=360)] | None = None
    #: Longer than the game allows per turn (`movement`): said to all who see the token, the
    #: GM decides. The fold does not read it.
    warning: Text | None = None
    #: Where this turn's (or drag's) moves of the token are measured from (`Anchor`).
    anchor: Anchor | None = None


class TokenRemoved(Record):
    op: Literal["token_removed"] = "token_removed"
    token_id: Id


class TokenHidden(Record):
    op: Literal["token_hidden"] = "token_hidden"
    token_id: Id


class TokenRevealed(Record):
    op: Literal["token_revealed"] = "token_revealed"
    token_id: Id


class TokenFlagged(Record):
    op: Literal["token_flags"] = "token_flags"
    token_id: Id
    flags: TokenFlags


class FogRevealed(Record):
    op: Literal["fog_revealed"] = "fog_revealed"
    scene_id: Id
    regions: Annotated[tuple[Region, ...], Field(min_length=1, max_length=100)]


class FogHidden(Record):
    op: Literal["fog_hidden"] = "fog_hidden"
    scene_id: Id
    regions: Annotated[tuple[Region, ...], Field(min_length=1, max_length=100)]


class HandoutShared(Record):
    op: Literal["handout_shared"] = "handout_shared"
    handout: Handout


class HandoutRevealed(Record):
    """A handout shown to more members (its audience only grows: what was read stays read)."""

    op: Literal["handout_revealed"] = "handout_revealed"
    handout_id: Id
    to: Audience


class End(Record):
    """One end of a measure: a token (where it stood) or a point of the scene."""

    x: Px
    y: Px
    token_id: Id | None = None


#: The waypoints one measure may pass through.
MAX_WAYPOINTS = 16


class Measured(Record):
    """A member measured between two ends, through `via` in order (a ruler's waypoints):
    shown live to every member who sees every point of it (`visibility.measure_change`). The
    board does not change."""

    op: Literal["measured"] = "measured"
    scene_id: Id
    ends: tuple[End, End]
    via: Annotated[tuple[End, ...], Field(max_length=MAX_WAYPOINTS)] = ()
    distance: Annotated[float, Field(ge=0, allow_inf_nan=False)]
    unit: Annotated[str, Field(min_length=1, max_length=16)]


class MovementFreed(Record):
    """The GM lets players move their tokens out of turn (`free`), or not any more."""

    op: Literal["free_movement"] = "free_movement"
    free: bool


BoardEvent = Annotated[
    SceneCreated
    | SceneUpdated
    | SceneShown
    | SceneDeleted
    | TokenPlaced
    | TokenMoved
    | TokenRemoved
    | TokenHidden
    | TokenRevealed
    | TokenFlagged
    | FogRevealed
    | FogHidden
    | HandoutShared
    | HandoutRevealed
    | MovementFreed
    | Measured,
    Field(discriminator="op"),
]
#: Every `op`, read from the union so the two cannot drift apart.
OPS: tuple[str, ...] = tuple(
    str(kind.model_fields["op"].default) for kind in get_args(get_args(BoardEvent)[0])
)
_ADAPTER: TypeAdapter[BoardEvent] = TypeAdapter(BoardEvent)


def parse(payload: dict[str, Any]) -> BoardEvent:
    """A stored payload read back as its event (ValidationError on a malformed one)."""
    return _ADAPTER.validate_python(payload)


def dump(event: BoardEvent) -> dict[str, Any]:
    """The payload the log stores (JSON-ready)."""
    return event.model_dump(mode="json")


def fold(board: Board, event: BoardEvent) -> Board:
    """The board after `event`. Pure: the same log gives the same board, live or replayed."""
    if isinstance(event, SceneCreated | SceneUpdated | SceneShown | SceneDeleted):
        return _scene(board, event)
    if isinstance(event, FogRevealed | FogHidden):
        return _fog(board, event)
    if isinstance(event, HandoutShared | HandoutRevealed):
        return _handout(board, event)
    if isinstance(event, MovementFreed):
        return board.model_copy(update={"free_movement": event.free})
    if isinstance(event, Measured):
        return board  # said, not kept
    return _token(board, event)


def _scene(board: Board, event: SceneCreated | SceneUpdated | SceneShown | SceneDeleted) -> Board:
    if isinstance(event, SceneCreated):
        if event.scene.id in board.scenes:
            raise BrokenBoard(f"scene {event.scene.id} exists")
        scenes = {**board.scenes, event.scene.id: SceneState(scene=event.scene)}
        return board.model_copy(update={"scenes": scenes})
    if isinstance(event, SceneShown):
        if event.scene_id is not None:
            _state(board, event.scene_id)
        return board.model_copy(update={"shown": event.scene_id})
    if isinstance(event, SceneDeleted):
        _state(board, event.scene_id)
        scenes = {k: v for k, v in board.scenes.items() if k != event.scene_id}
        shown = None if board.shown == event.scene_id else board.shown
        return board.model_copy(update={"scenes": scenes, "shown": shown})
    state = _state(board, event.scene_id)
    changed = event.model_dump(exclude={"op", "scene_id", "moved"}, exclude_none=True)
    changed.pop("grid", None)
    scene = state.scene.model_copy(update=changed)
    if event.grid is not None:
        scene = scene.model_copy(update={"grid": event.grid})
    # a new image is a new picture to mask: the version moves so no stale mask is served
    version = state.fog_version + (1 if event.image_id is not None else 0)
    tokens = dict(state.tokens)
    for at in event.moved:
        if at.token_id not in tokens:
            raise BrokenBoard(f"no token {at.token_id} on scene {scene.id}")
        tokens[at.token_id] = tokens[at.token_id].model_copy(update={"x": at.x, "y": at.y})
    anchors = {tid: _on_scene(a, scene) for tid, a in state.anchors.items()}
    update = {"scene": scene, "fog_version": version, "tokens": tokens, "anchors": anchors}
    return _put(board, state.model_copy(update=update))


def _on_scene(anchor: Anchor, scene: Scene) -> Anchor:
    """A turn's start left off a smaller map comes to the nearest cell inside, as its token
    does (`commands.update_scene`): the turn's next move is measured from a point on the map,
    not from one the new map no longer has."""
    x, y = onto(scene.grid, anchor.x, anchor.y, scene.width, scene.height)
    return anchor if (x, y) == (anchor.x, anchor.y) else anchor.model_copy(update={"x": x, "y": y})


def _fog(board: Board, event: FogRevealed | FogHidden) -> Board:
    state = _state(board, event.scene_id)
    reveal = isinstance(event, FogRevealed)
    added = (FogOp(reveal=reveal, region=r) for r in event.regions)
    # `commands.fog` keeps a scene within FOG_MAX; the cut only bounds a log written before it
    fog = compacted((*state.fog, *added), state.scene.width, state.scene.height)[-FOG_MAX:]
    return _put(board, state.model_copy(update={"fog": fog, "fog_version": state.fog_version + 1}))


def compacted(fog: tuple[FogOp, ...], width: float, height: float) -> tuple[FogOp, ...]:
    """The strokes that still count: a stroke over the whole scene decides every point, so the
    strokes before the last such one are forgotten (what a point shows does not change)."""
    for i in range(len(fog) - 1, -1, -1):
        region = fog[i].region
        if isinstance(region, Rect) and covers(region, width, height):
            return fog[i:]
    return fog


def covers(region: Rect, width: float, height: float) -> bool:
    return (
        region.x <= 0
        and region.y <= 0
        and region.x + region.w >= width
        and (region.y + region.h >= height)
    )


def _handout(board: Board, event: HandoutShared | HandoutRevealed) -> Board:
    if isinstance(event, HandoutShared):
        handouts = {**board.handouts, event.handout.id: event.handout}
        return board.model_copy(update={"handouts": handouts})
    old = board.handouts.get(event.handout_id)
    if old is None:
        raise BrokenBoard(f"no handout {event.handout_id}")
    handout = old.model_copy(update={"to": widened(old.to, event.to)})
    return board.model_copy(update={"handouts": {**board.handouts, old.id: handout}})


def widened(before: Any, more: Any) -> Any:
    """An audience that only grows: everyone stays everyone; members are added, in order."""
    if before == "all" or more == "all":
        return "all"
    return (*before, *(m for m in more if m not in before))


def _token(board: Board, event: BoardEvent) -> Board:
    if isinstance(event, TokenPlaced):
        state = _state(board, event.token.scene_id)
        if len(state.tokens) >= TOKENS_MAX or board.token(event.token.id) is not None:
            raise BrokenBoard(f"token {event.token.id} cannot be placed")
        tokens = {**state.tokens, event.token.id: event.token}
        return _put(board, state.model_copy(update={"tokens": tokens}))
    token_id = getattr(event, "token_id", None)
    token = None if token_id is None else board.token(token_id)
    if token is None:
        raise BrokenBoard(f"no token for {event!r}")
    state = _state(board, token.scene_id)
    if isinstance(event, TokenRemoved):
        tokens = {k: v for k, v in state.tokens.items() if k != token.id}
        anchors = {k: v for k, v in state.anchors.items() if k != token.id}
        return _put(board, state.model_copy(update={"tokens": tokens, "anchors": anchors}))
    if isinstance(event, TokenMoved):
        update: dict[str, Any] = {"x": event.x, "y": event.y}
        if event.facing is not None:
            update["facing"] = event.facing
        token = token.model_copy(update=update)
        if event.anchor is not None:
            state = state.model_copy(update={"anchors": {**state.anchors, token.id: event.anchor}})
    elif isinstance(event, TokenHidden | TokenRevealed):
        token = token.model_copy(update={"hidden": isinstance(event, TokenHidden)})
    elif isinstance(event, TokenFlagged):
        token = token.model_copy(update={"flags": event.flags})
    else:
        raise BrokenBoard(f"unknown board event {event!r}")
    return _put(board, state.model_copy(update={"tokens": {**state.tokens, token.id: token}}))


def _state(board: Board, scene_id: str) -> SceneState:
    state = board.scenes.get(scene_id)
    if state is None:
        raise BrokenBoard(f"no scene {scene_id}")
    return state


def _put(board: Board, state: SceneState) -> Board:
    return board.model_copy(update={"scenes": {**board.scenes, state.scene.id: state}})
