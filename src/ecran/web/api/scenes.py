"""`/api/tables/{table_id}/scenes/…`: the scene board's scenes, fog, measures and images.

- `POST …/scenes` (GM; JSON, or a multipart form with an `image`): a new scene → 201
  `{"scene": {...}}`; without an image, a plain grid of `width` × `height` pixels.
- `GET …/scenes`: the scenes the caller may see (a player: the one shown) `{"shown", "scenes"}`.
- `GET …/board`: the whole board as the caller may see it (`visibility.view_for`).
- `GET …/scenes/{sid}`: `{"scene", "tokens", "revealed"}` as the caller may see it.
- `PATCH …/scenes/{sid}` (GM): a new name or grid. `DELETE …/scenes/{sid}` (GM).
- `PUT …/shown` (GM) `{"scene_id": sid | null}`: the scene the players see, switched live.
- `PUT …/free-movement` (GM) `{"free": bool}`: players move their tokens out of turn too.
- `POST …/scenes/{sid}/fog` (GM) `{"reveal": [[x, y, w, h] | {"points": [[x, y]...]}...],
  "hide": [...], "brush": {"reveal", "radius", "points"}}`: reveals first, then hides, then
  the brush stroke (stored as polygons); answers the scene as the GM sees it.
- `GET …/scenes/{sid}/distance?from=TOKEN&to=TOKEN` → `{"distance", "unit"}` (both tokens
  visible to the caller, else 404).
- `GET …/scenes/{sid}/area?radius=R&from=TOKEN` (or `&x=…&y=…`) → `{"centre", "radius", "unit",
  "tokens": [{"id", "name", "distance"}]}`: the tokens the caller sees within R, nearest first.
- `POST …/scenes/{sid}/measure` `{"from": TOKEN | [x, y], "to": TOKEN | [x, y], "via": [...]}`
  (`via`: up to 16 waypoints) → `{"distance", "unit"}`, and shown live (`{"op": "measure",
  ...}`) to every member who sees every point of it.
- `GET …/scenes/{sid}/image[?max=2048]`: the map as the caller may see it: a player's copy is
  masked by the fog on the server (`image.masked_copy`); tagged by the fog (`ETag`).
- `PUT …/scenes/{sid}/image` (GM; multipart `image`): a new map (the scene takes its size).
- `GET …/scenes/{sid}/fog/image[?max=2048]`: the players' fog as an overlay (a transparent PNG
  of the scene's size, fog-coloured where they do not see), what a player's plain scene (no map
  to mask: `fog_overlay` in their view) is covered with; tagged like a masked map.
Tokens are `tokens`' routes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field, model_validator

from ecran.play.board import commands as board
from ecran.play.board import image as pictures
from ecran.play.board import log as board_log
from ecran.play.board.events import MAX_WAYPOINTS
from ecran.play.board.model import (
    MAX_SIDE,
    POLYGON_MAX,
    Diagonal,
    Grid,
    Id,
    Name,
    Polygon,
    Px,
    Region,
)
from ecran.play.board.positions import default_grid
from ecran.play.board.visibility import scene_view, view_for
from ecran.play.model import new_id
from ecran.play.rights import require_gm
from ecran.rules import EcranError, Text
from ecran.rules.option import param
from ecran.settings import get_settings
from ecran.typography import typeset
from ecran.web import commands
from ecran.web.api.board import Body, body_doc, change, checked, read_body, seen
from ecran.web.api.images import (
    FogVersion,
    MaxSide,
    fog_response,
    map_response,
    refuse_unsupported,
)
from ecran.web.api.token_status import statuses, with_status
from ecran.web.deps import Me, Seat
from ecran.web.edge import CheckedRoute

router = APIRouter(prefix="/api/tables", tags=["board"], route_class=CheckedRoute)
SCENES = "/{table_id}/scenes"
SCENE = SCENES + "/{scene_id}"

#: Most points of one brush stroke (the page sends a drag's points a few pixels apart).
BRUSH_POINTS = 2000

#: A plain grid's default size, in squares.
PLAIN_SQUARES = (30, 20)


#: How a scene counts a diagonal step, in words (`play.board.geometry.squares`).
DIAGONAL_WORDS = {
    "euclidean": Text(fr="distance réelle", en="true distance"),
    "chebyshev": Text(fr="une case", en="one square"),
    "manhattan": Text(fr="deux cases", en="two squares"),
    "alternating": Text(fr="une case puis deux", en="one square then two"),
}


class GridFields(BaseModel):
    model_config = ConfigDict(extra="forbid")

    grid_size: Annotated[float, Field(ge=8, le=1024, allow_inf_nan=False)] | None = param(
        Text(fr="Taille d'une case", en="Square size"), default=None
    )
    offset_x: Annotated[float, Field(ge=0, le=1024, allow_inf_nan=False)] | None = param(
        Text(fr="Décalage horizontal de la grille", en="Grid's horizontal offset"), default=None
    )
    offset_y: Annotated[float, Field(ge=0, le=1024, allow_inf_nan=False)] | None = param(
        Text(fr="Décalage vertical de la grille", en="Grid's vertical offset"), default=None
    )
    unit_per_square: Annotated[float, Field(gt=0, le=10_000, allow_inf_nan=False)] | None = param(
        Text(fr="Unités par case", en="Units per square"), default=None
    )
    unit: Annotated[str, Field(min_length=1, max_length=16)] | None = param(
        Text(fr="Unité", en="Unit"), default=None
    )
    diagonal: Diagonal | None = param(
        Text(fr="Diagonales", en="Diagonals"), default=None, choices=DIAGONAL_WORDS
    )

    def grid(self, base: Grid) -> Grid:
        given = self.model_dump(exclude_none=True, include=set(GridFields.model_fields))
        if "grid_size" in given:
            given["size"] = given.pop("grid_size")
        return base.model_copy(update=given) if given else base


class NewScene(GridFields):
    name: Name = param(Text(fr="Nom", en="Name"))
    width: Annotated[int, Field(ge=1, le=MAX_SIDE)] | None = param(
        Text(fr="Largeur", en="Width"), default=None
    )
    height: Annotated[int, Field(ge=1, le=MAX_SIDE)] | None = param(
        Text(fr="Hauteur", en="Height"), default=None
    )
    #: Show it to the players at once.
    show: bool = param(Text(fr="Montrer aux joueurs", en="Show to the players"), default=False)


class SceneChange(GridFields):
    name: Name | None = param(Text(fr="Nom", en="Name"), default=None)

    @model_validator(mode="after")
    def _something(self) -> SceneChange:
        if not self.model_dump(exclude_none=True):
            raise ValueError(
                "donnez un nom ou un réglage de la grille / give a name or a grid setting"
            )
        return self


class Shown(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scene_id: Annotated[str, Field(max_length=64)] | None = param(
        Text(fr="Scène montrée", en="Scene shown")
    )


#: `[x, y, w, h]` in the scene's pixels, each bounded as the board's rectangle is.
Box = Annotated[list[Px], Field(min_length=4, max_length=4)]


class PolygonIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    shape: Literal["polygon"] = param(Text(fr="Forme", en="Shape"), default="polygon")
    points: Annotated[list[tuple[Px, Px]], Field(min_length=3, max_length=POLYGON_MAX)] = param(
        Text(fr="Points", en="Points")
    )


class Brush(BaseModel):
    """A round brush of `radius` pixels dragged along `points`: reveals (or hides again) what
    it covers (`play.board.brush`)."""

    model_config = ConfigDict(extra="forbid")

    reveal: bool = param(Text(fr="Révéler", en="Reveal"))
    radius: Annotated[float, Field(ge=2, le=1024, allow_inf_nan=False)] = param(
        Text(fr="Rayon", en="Radius")
    )
    points: Annotated[list[tuple[Px, Px]], Field(min_length=1, max_length=BRUSH_POINTS)] = param(
        Text(fr="Points", en="Points")
    )


class Fog(BaseModel):
    """Rectangles `[x, y, w, h]` or polygons `{"points": [[x, y], ...]}` (3 to 256 points), and
    a brush stroke."""

    model_config = ConfigDict(extra="forbid")

    reveal: Annotated[list[Box | PolygonIn], Field(max_length=100)] = param(
        Text(fr="Zones à révéler", en="Areas to reveal"), default=[]
    )
    hide: Annotated[list[Box | PolygonIn], Field(max_length=100)] = param(
        Text(fr="Zones à cacher", en="Areas to hide"), default=[]
    )
    brush: Brush | None = param(Text(fr="Pinceau", en="Brush"), default=None)

    @model_validator(mode="after")
    def _something(self) -> Fog:
        if not self.reveal and not self.hide and self.brush is None:
            raise ValueError(
                "donnez une zone à révéler ou à cacher, ou un coup de pinceau"
                " / give an area to reveal or to hide, or a brush stroke"
            )
        return self


def regions(areas: list[list[float] | PolygonIn]) -> list[Region]:
    found: list[Region] = []
    try:
        for area in areas:
            if isinstance(area, PolygonIn):
                found.append(Polygon(points=tuple(area.points)))
            else:
                found.append(board.rect(area))
    except ValueError as exc:
        raise EcranError(
            Text(fr=f"zone de brouillard invalide : {exc}", en=f"invalid fog area: {exc}")
        ) from None
    return found


def scene_answer(me: Seat, scene_id: str) -> dict[str, Any]:
    state, viewer = seen(me)
    view = scene_view(board.scene_for(state.board, viewer, scene_id), viewer)
    return with_status(view, statuses(state))


# -- scenes -----------------------------------------------------------------------------------


@router.post(SCENES, status_code=201, openapi_extra=body_doc(NewScene))
async def create_scene(table_id: str, request: Request, me: Me) -> dict[str, Any]:
    """A new scene (GM): a map uploaded as `image` (PNG, JPEG or WebP, re-encoded) or a plain
    grid; `grid_size` in pixels, `unit_per_square` in the game's unit."""
    require_gm(me.member, Text(fr="créer une scène", en="create a scene"))  # before any upload
    body = await read_body(request, get_settings().max_upload)
    return await run_in_threadpool(_create_scene, request, me, body)


def _create_scene(request: Request, me: Seat, body: Body) -> dict[str, Any]:
    asked = checked(NewScene, body)
    grid = asked.grid(default_grid(me.state.table.system_id))
    scene_id = new_id()
    if body.image is not None:
        refuse_unsupported(body.image)
        stored = pictures.accept(body.image)

        def with_image(state: Any, actor: Any, image_id: str) -> Any:
            viewer = board_log.viewer(state, actor)
            made = board.create_scene(
                state.board, viewer, scene_id, asked.name, stored.width, stored.height, grid,
                image_id,
            )  # fmt: skip
            return board_log.draft(actor, made)

        commands.execute_with_image(request.app, me.access, stored, with_image)
    else:
        width = asked.width or min(MAX_SIDE, int(grid.size * PLAIN_SQUARES[0]))
        height = asked.height or min(MAX_SIDE, int(grid.size * PLAIN_SQUARES[1]))
        change(
            request,
            me,
            lambda b, v, _: board.create_scene(b, v, scene_id, asked.name, width, height, grid),
        )
    if asked.show:
        change(request, me, lambda b, v, _: board.show_scene(b, v, scene_id))
    return {"scene": scene_answer(me, scene_id)["scene"]}


@router.get(SCENES)
def list_scenes(me: Me) -> dict[str, Any]:
    """The scenes the caller may see (a player: the one shown), each as they may see it."""
    whole = whole_board(me)
    return {"shown": whole["shown"], "scenes": whole["scenes"]}


@router.get("/{table_id}/board")
def whole_board(me: Me) -> dict[str, Any]:
    """The whole board as the caller may see it: `{"shown", "free_movement", "scenes",
    "handouts"}`, each token with its bearer's `status` (`token_status`)."""
    state, viewer = seen(me)
    whole = view_for(state.board, viewer)
    found = statuses(state)
    return {**whole, "scenes": [with_status(s, found) for s in whole["scenes"]]}


@router.get(SCENE)
def get_scene(scene_id: str, me: Me) -> dict[str, Any]:
    """The scene as the caller may see it: `{"scene", "tokens", "revealed"}`."""
    return scene_answer(me, scene_id)


@router.patch(SCENE)
def update_scene(scene_id: str, body: SceneChange, request: Request, me: Me) -> dict[str, Any]:
    """A new name or grid (GM)."""

    def make(b: Any, v: Any, _: Any) -> Any:
        state = board.scene_for(b, v, scene_id)
        grid = body.grid(state.scene.grid)
        return board.update_scene(
            b, v, scene_id, name=body.name, grid=None if grid == state.scene.grid else grid
        )

    change(request, me, make)
    return scene_answer(me, scene_id)


@router.delete(SCENE, status_code=204)
def delete_scene(scene_id: str, request: Request, me: Me) -> None:
    """Delete a scene and its tokens (GM)."""
    change(request, me, lambda b, v, _: board.delete_scene(b, v, scene_id))


@router.put("/{table_id}/shown")
def show_scene(body: Shown, request: Request, me: Me) -> dict[str, Any]:
    """The scene the players see now (GM; null: none), switched live for everyone."""
    change(request, me, lambda b, v, _: board.show_scene(b, v, body.scene_id))
    return {"shown": body.scene_id}


class FreeMovement(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # 0 is no answer to yes or no

    free: bool = param(Text(fr="Déplacement libre", en="Free movement"))


@router.put("/{table_id}/free-movement")
def free_movement(body: FreeMovement, request: Request, me: Me) -> dict[str, Any]:
    """The GM lets players move their tokens out of turn during an encounter (or not)."""
    change(request, me, lambda b, v, _: board.free_movement(b, v, body.free))
    return {"free_movement": body.free}


# -- fog, measure, image ----------------------------------------------------------------------


@router.post(SCENE + "/fog")
def fog(scene_id: str, body: Fog, request: Request, me: Me) -> dict[str, Any]:
    """Reveal then hide areas (GM); the players' image, tokens and frames follow."""
    reveal, hide = regions(body.reveal), regions(body.hide)
    # every area checked before the first is logged: a refused one leaves nothing half-done
    state, viewer = seen(me)
    if reveal or hide:
        board.fog(state.board, viewer, scene_id, reveal, hide)
    if body.brush is not None:
        board.brush_fog(state.board, viewer, scene_id, body.brush)
    if reveal:
        change(request, me, lambda b, v, _: board.fog(b, v, scene_id, reveal, ())[0])
    if hide:
        change(request, me, lambda b, v, _: board.fog(b, v, scene_id, (), hide)[0])
    if body.brush is not None:
        stroke = body.brush
        change(request, me, lambda b, v, _: board.brush_fog(b, v, scene_id, stroke))
    return scene_answer(me, scene_id)


@router.get(SCENE + "/distance")
def distance(
    scene_id: str,
    me: Me,
    from_: Annotated[str, Query(alias="from", max_length=64)],
    to: Annotated[str, Query(max_length=64)],
) -> dict[str, Any]:
    """Between two tokens the caller can both see, in the scene's unit."""
    state, viewer = seen(me)
    return board.distance(state.board, viewer, scene_id, from_, to)


@router.get(SCENE + "/area")
def area(
    scene_id: str,
    me: Me,
    radius: Annotated[float, Query(gt=0, le=100_000, allow_inf_nan=False)],
    from_: Annotated[str | None, Query(alias="from", max_length=64)] = None,
    x: Annotated[float | None, Query(ge=0, le=MAX_SIDE, allow_inf_nan=False)] = None,
    y: Annotated[float | None, Query(ge=0, le=MAX_SIDE, allow_inf_nan=False)] = None,
) -> dict[str, Any]:
    """The tokens the caller sees within `radius` (the scene's unit) of a token (`from`) or a
    point (`x`, `y`), by the scene's rule, nearest first: a spell's or a blast's area. Nothing
    is stored, nothing shown to others."""
    point = None if x is None or y is None else (x, y)
    centre = from_ if point is None else point
    if centre is None or (from_ is not None and point is not None) or (x is None) != (y is None):
        raise EcranError(
            Text(
                fr="zone : un pion (from) ou un point (x et y), pas les deux",
                en="area: a token (from) or a point (x and y), not both",
            )
        )
    state, viewer = seen(me)
    return board.within(state.board, viewer, scene_id, centre, radius)


Point = tuple[Px, Px]


class MeasureBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    from_: Id | Point = param(Text(fr="Départ", en="From"), alias="from")
    to: Id | Point = param(Text(fr="Arrivée", en="To"))
    via: Annotated[list[Id | Point], Field(max_length=MAX_WAYPOINTS)] = param(
        Text(fr="Étapes", en="Waypoints"), default=[]
    )


@router.post(SCENE + "/measure")
def measure(scene_id: str, body: MeasureBody, request: Request, me: Me) -> dict[str, Any]:
    """A measure between two tokens or points the caller sees, through the waypoints `via` in
    order (a ruler's: 5-10-5 counts its diagonals along the whole path), shown live to every
    member who sees every point of it (a hidden token or a fogged point is told to no player)."""
    ends, via = (body.from_, body.to), body.via
    made = change(request, me, lambda b, v, _: board.measure(b, v, scene_id, ends, via))
    return {"distance": made.payload["distance"], "unit": made.payload["unit"]}


@router.get(SCENE + "/image")
def scene_image(
    scene_id: str,
    request: Request,
    me: Me,
    max_side: MaxSide = pictures.DISPLAY_MAX,
    _version: FogVersion = None,
) -> Any:
    """The map as the caller may see it: masked by the fog for a player (never the whole),
    at most `max` pixels a side for them (a phone asks for 2048). The board's page names the
    fog's version (`v`), so that each version is its own address in the browser's cache."""
    state, viewer = seen(me)
    held = board.scene_for(state.board, viewer, scene_id)
    return map_response(request, me, held, not viewer.is_gm, max_side)


@router.get(SCENE + "/fog/image")
def fog_image(
    scene_id: str,
    request: Request,
    me: Me,
    max_side: MaxSide = pictures.DISPLAY_MAX,
    _version: FogVersion = None,
) -> Any:
    """The players' fog over the scene (any scene the caller sees: the GM's « Vue des joueurs »
    lays it too): the fog's colour where a player does not see, transparent where they do. A
    plain scene's players have no map to mask; this shows them what is still unexplored."""
    state, viewer = seen(me)
    held = board.scene_for(state.board, viewer, scene_id)
    return fog_response(request, me, held, max_side)


@router.put(SCENE + "/image")
async def replace_image(table_id: str, scene_id: str, request: Request, me: Me) -> Any:
    """A new map for the scene (GM; multipart `image`): its size follows the picture."""
    require_gm(me.member, Text(fr="changer la carte", en="change the map"))
    body = await read_body(request, get_settings().max_upload)
    return await run_in_threadpool(_replace_image, request, me, scene_id, body)


def _replace_image(request: Request, me: Seat, scene_id: str, body: Body) -> dict[str, Any]:
    if body.image is None:
        said = Text(
            fr="choisissez d'abord l'image de la nouvelle carte",
            en="choose the new map's picture first",
        )
        raise EcranError(said)
    refuse_unsupported(body.image)
    stored = pictures.accept(body.image)

    def with_image(state: Any, actor: Any, image_id: str) -> Any:
        viewer = board_log.viewer(state, actor)
        made = board.update_scene(
            state.board, viewer, scene_id, image_id=image_id, width=stored.width,
            height=stored.height,
        )  # fmt: skip
        return board_log.draft(actor, made)

    made = commands.execute_with_image(request.app, me.access, stored, with_image)
    moved = _moved(me, scene_id, made.payload)
    return {**scene_answer(me, scene_id), "moved": moved, "warning": _moved_said(me, moved)}


def _moved(me: Seat, scene_id: str, payload: dict[str, Any]) -> list[dict[str, str]]:
    """The tokens a smaller map brought onto it (`commands.update_scene`), by id and name."""
    state, viewer = seen(me)
    held = board.scene_for(state.board, viewer, scene_id).tokens
    ids = [at["token_id"] for at in payload.get("moved", ())]
    return [{"id": t, "name": held[t].name} for t in ids if t in held]


def _moved_said(me: Seat, moved: list[dict[str, str]]) -> str | None:
    """The GM told which tokens the new map's edges moved (none: nothing to say)."""
    if not moved:
        return None
    names = ", ".join(t["name"] for t in moved)
    said = Text(
        fr=f"Carte remplacée, plus petite : pions ramenés à la case la plus proche : {names}",
        en=f"Map replaced by a smaller one: tokens brought to the nearest square: {names}",
    )
    return typeset(said(me.lang), me.lang)
