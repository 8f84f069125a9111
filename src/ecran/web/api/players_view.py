"""The GM's "players' view" of a scene (`Vue des joueurs` on the board page): the scene as a
player without a token of their own sees it, from the server (the page never hides anything
itself: it is sent what a player is sent).

- `GET …/scenes/{sid}/players` (GM): `{"scene", "tokens", "revealed": [], "shown"}`, the
  player's view of the scene (`visibility.players_view`), `shown` saying whether the players
  see this scene now.
- `GET …/scenes/{sid}/players/image[?max=2048]` (GM): the map masked by the fog, as a player
  gets it (the same copy and tag).
A player is refused both (403): the routes are the GM's, whatever the scene.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ecran.play.board import commands as board
from ecran.play.board import image as pictures
from ecran.play.board.model import SceneState
from ecran.play.board.visibility import players_view
from ecran.play.rights import require_gm
from ecran.play.state import TableState
from ecran.rules import Text
from ecran.web.api.board import seen
from ecran.web.api.images import FogVersion, MaxSide, map_response
from ecran.web.api.token_status import statuses, with_status
from ecran.web.deps import Me, Seat
from ecran.web.edge import CheckedRoute

router = APIRouter(prefix="/api/tables", tags=["board"], route_class=CheckedRoute)
PLAYERS = "/{table_id}/scenes/{scene_id}/players"


def _held(me: Seat, scene_id: str) -> tuple[TableState, SceneState]:
    require_gm(me.member, Text(fr="voir la scène comme les joueurs", en="see a players' view"))
    state, viewer = seen(me)
    return state, board.scene_for(state.board, viewer, scene_id)


@router.get(PLAYERS)
def players_scene(scene_id: str, me: Me) -> dict[str, Any]:
    """The scene as a player without a token of their own sees it (GM only): the tokens they
    see, no fog stroke, their fog version; `shown`: the players see this scene now."""
    state, held = _held(me, scene_id)
    view = with_status(players_view(held), statuses(state))
    return {**view, "shown": state.board.shown == scene_id}


@router.get(PLAYERS + "/image")
def players_image(
    scene_id: str,
    request: Request,
    me: Me,
    max_side: MaxSide = pictures.DISPLAY_MAX,
    _version: FogVersion = None,
) -> Any:
    """The map masked by the fog as a player gets it (GM only)."""
    _, held = _held(me, scene_id)
    return map_response(request, me, held, True, max_side)
