"""`/api/tables/{table_id}/scenes/{scene_id}/tokens/…`: the board's tokens.

- `POST …/tokens` (GM) `{"character_id" | "participant_id" (with "encounter_id"), "x", "y",
  "hidden", "name", "side", "facing", "flags": {"on_ground", "higher_ground"}}` → 201
  `{"token": {...}}`. Participants are numbered per encounter ("p2" in two encounters):
  `encounter_id` says whose; without it, the one encounter under way that has such a
  participant (two: refused, 422). A token of an encounter's participant that plays a
  character is that character's too (its player moves it); a secret character's or
  participant's token starts hidden unless `hidden` says.
- `PATCH …/tokens/{tid}` `{"x", "y", "facing"}`: a move (the GM any token; a player their own
  character's, during an encounter on its turn only: else 403), snapped to the grid, answered
  `{"token", "distance", "warning", "held"}` (`warning`: longer than the game allows per turn,
  the GM decides; `held`: a drag's move logged a moment later, `web.api.drags`); `"facing"`
  alone turns it where it stands; the GM also sets `"hidden"` (a secret NPC revealed or hidden
  again) and `"flags"` (`on_ground`, `higher_ground`).
- `DELETE …/tokens/{tid}` (GM) → 204.
"""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, model_validator

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import TableState
from ecran.play.board import commands as board
from ecran.play.board import events as ev
from ecran.play.board.log import turn
from ecran.play.board.model import Board, Id, Name, Px, Token, TokenFlags
from ecran.play.board.movement import Move, Step
from ecran.play.board.positions import allowance, positions_of
from ecran.play.board.visibility import Viewer, token_view
from ecran.play.characters import parse_sheet
from ecran.play.errors import not_found
from ecran.play.model import new_id
from ecran.play.tracker import Participant
from ecran.rules import EcranError, Text
from ecran.rules.option import param
from ecran.web.api.board import Change, change, seen
from ecran.web.api.drags import drags
from ecran.web.api.token_status import token_sheet
from ecran.web.deps import Me, Seat
from ecran.web.edge import CheckedRoute

router = APIRouter(prefix="/api/tables", tags=["board"], route_class=CheckedRoute)
TOKENS = "/{table_id}/scenes/{scene_id}/tokens"
TOKEN = TOKENS + "/{token_id}"

Facing = Annotated[float, Field(ge=0, lt=360, allow_inf_nan=False)]


#: A token's fields in words: what a refused value's place is named by (`rules.places`).
WORDS = {
    "character_id": Text(fr="Personnage", en="Character"),
    "participant_id": Text(fr="Participant", en="Participant"),
    "encounter_id": Text(fr="Rencontre", en="Encounter"),
    "name": Text(fr="Nom", en="Name"),
    "x": Text(fr="Position horizontale", en="Horizontal position"),
    "y": Text(fr="Position verticale", en="Vertical position"),
    "hidden": Text(fr="Caché", en="Hidden"),
    "side": Text(fr="Camp", en="Side"),
    "facing": Text(fr="Orientation", en="Facing"),
    "flags": Text(fr="Position", en="Stance"),
    "drag": Text(fr="Glissement", en="Drag"),
}


class NewToken(BaseModel):
    model_config = ConfigDict(extra="forbid")

    character_id: Id | None = param(WORDS["character_id"], default=None)
    participant_id: Id | None = param(WORDS["participant_id"], default=None)
    encounter_id: Id | None = param(WORDS["encounter_id"], default=None)
    name: Name | None = param(WORDS["name"], default=None)
    x: Px = param(WORDS["x"])
    y: Px = param(WORDS["y"])
    hidden: bool | None = param(WORDS["hidden"], default=None)
    side: Annotated[str, Field(max_length=32)] = param(WORDS["side"], default="")
    facing: Facing | None = param(WORDS["facing"], default=None)
    flags: TokenFlags = param(WORDS["flags"], default=TokenFlags())


class TokenChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    x: Px | None = param(WORDS["x"], default=None)
    y: Px | None = param(WORDS["y"], default=None)
    facing: Facing | None = param(WORDS["facing"], default=None)
    hidden: bool | None = param(WORDS["hidden"], default=None)
    flags: TokenFlags | None = param(WORDS["flags"], default=None)
    #: Names the drag this move belongs to: with no encounter, its length is measured from
    #: where the drag began (else from the last drop).
    drag: Id | None = param(WORDS["drag"], default=None)

    @model_validator(mode="after")
    def _something(self) -> TokenChange:
        # a drag's name alone moves nothing: a change asks for a place, a facing or a state
        if (self.x, self.y, self.facing, self.hidden, self.flags) == (None,) * 5:
            raise ValueError(
                "donnez une position, une orientation, « caché » ou une posture"
                " / give a position, a facing, hidden or a stance"
            )
        return self


def _token_answer(me: Seat, scene_id: str, token_id: str) -> dict[str, Any]:
    state, viewer = seen(me)
    return token_view(board.token_for(state.board, viewer, scene_id, token_id), viewer)


def _linked(state: TableState, body: NewToken) -> dict[str, Any]:
    """The token's name, character and secrecy from what it stands for."""
    linked: dict[str, Any] = {"character_id": body.character_id, "name": body.name}
    secret = False
    if body.participant_id is not None:
        linked["encounter_id"], found = _participant(state, body.encounter_id, body.participant_id)
        linked["character_id"] = linked["character_id"] or found.character_id
        linked["name"] = linked["name"] or found.name
        secret = found.secret
    if linked["character_id"] is not None:
        character = state.character(linked["character_id"])
        linked["name"] = linked["name"] or character.name or "?"
        secret = secret or character.secret
    if linked["name"] is None:
        raise EcranError(
            Text(
                fr="un pion sans personnage ni participant a un nom (name)",
                en="a token with no character or participant has a name",
            )
        )
    linked["hidden"] = secret if body.hidden is None else body.hidden
    return linked


def _participant(
    state: TableState, encounter_id: str | None, participant_id: str
) -> tuple[str, Participant]:
    """The encounter and participant a token stands for: `participant_id` of `encounter_id`,
    else of the one encounter under way that has it (else of the one ended that has it):
    participants are numbered per encounter, so a "p2" of two of them is refused, never taken
    for either."""
    missing = not_found(Text(fr="participant", en="participant"), participant_id)
    if encounter_id is not None:
        found = state.encounter(encounter_id).encounter.participants.get(participant_id)
        if found is None:
            raise missing
        return encounter_id, found
    holders = [k for k, e in state.encounters.items() if participant_id in e.encounter.participants]
    under_way = [k for k in holders if not state.encounters[k].encounter.ended]
    among = under_way or holders
    if not among:
        raise missing
    if len(among) > 1:
        names = ", ".join(state.encounters[k].encounter.name for k in among)
        raise EcranError(
            Text(
                fr=f"plusieurs rencontres ont un participant {participant_id} ({names}) : "
                "précisez la rencontre (encounter_id)",
                en=f"several encounters have a participant {participant_id} ({names}): "
                "say which encounter (encounter_id)",
            )
        )
    return among[0], state.encounters[among[0]].encounter.participants[participant_id]


@router.post(TOKENS, status_code=201)
def place_token(scene_id: str, body: NewToken, request: Request, me: Me) -> dict[str, Any]:
    """Place a token (GM)."""
    token_id = new_id()

    def make(b: Board, v: Viewer, state: TableState) -> ev.BoardEvent:
        board.scene_for(b, v, scene_id)  # an unknown scene is 404, before a token names it
        linked = _linked(state, body)
        token = Token(
            id=token_id,
            scene_id=scene_id,
            participant_id=body.participant_id,
            x=body.x,
            y=body.y,
            side=body.side,
            facing=body.facing,
            flags=body.flags,
            **linked,
        )
        return board.place_token(b, v, token)

    change(request, me, make)
    return {"token": _token_answer(me, scene_id, token_id)}


@router.patch(TOKEN)
def change_token(
    scene_id: str, token_id: str, body: TokenChange, request: Request, me: Me
) -> dict[str, Any]:
    """Move a token (its player on their turn, or the GM), or hide, reveal or flag it (GM)."""
    if (body.x is None) != (body.y is None):
        raise EcranError(Text(fr="x et y vont ensemble", en="x and y go together"))
    if body.hidden is not None:
        op = "token_hidden" if body.hidden else "token_revealed"
        _unless_unchanged(
            request, me, lambda b, v, _: board.token_change(b, v, scene_id, token_id, op)
        )
    if body.flags is not None:
        flags = body.flags
        _unless_unchanged(
            request,
            me,
            lambda b, v, _: board.token_change(
                b, v, scene_id, token_id, "token_flags", flags=flags.model_dump()
            ),
        )
    if body.x is not None and body.y is not None:
        at = (float(body.x), float(body.y))
        return _move(request, me, scene_id, token_id, at, body.facing, body.drag)
    if body.facing is not None:  # turned where it stands
        state, viewer = seen(me)
        here = board.token_for(state.board, viewer, scene_id, token_id)
        return _move(request, me, scene_id, token_id, (here.x, here.y), body.facing)
    return {"token": _token_answer(me, scene_id, token_id)}


def _unless_unchanged(request: Request, me: Seat, make: Change) -> None:
    """A token change logged, unless it leaves the token as it is (`commands.Unchanged`: a
    second « Cacher » logs nothing and tells the players nothing)."""
    with contextlib.suppress(board.Unchanged):
        change(request, me, make)


def _move(
    request: Request,
    me: Seat,
    scene_id: str,
    token_id: str,
    at: tuple[float, float],
    facing: float | None,
    drag: str | None = None,
) -> dict[str, Any]:
    """A move checked now, logged now or held a moment (`drags`): answered with where the
    token lands, how far it went and the game's warning."""

    def make(b: Board, v: Viewer, state: TableState) -> ev.BoardEvent:
        token = board.token_for(b, v, scene_id, token_id)
        limit = allowance(state.table.system_id, _initiative(state, token))
        moved, how = board.move_token(b, v, scene_id, token_id, Step(*at, turn(state), limit, drag))
        measured.append(how)
        return moved.model_copy(update={"facing": facing, "warning": how.warning})

    measured: list[Move] = []
    state, viewer = seen(me)
    make(state.board, viewer, state)  # refused now (403, 404) rather than when logged
    checked, landed = measured[0], board.token_for(state.board, viewer, scene_id, token_id)
    logged = drags(request.app).submit((me.table_id, token_id), lambda: change(request, me, make))
    if logged:
        shown = _token_answer(me, scene_id, token_id)
    else:
        update: dict[str, Any] = {"x": checked.x, "y": checked.y}
        if facing is not None:
            update["facing"] = facing
        shown = token_view(landed.model_copy(update=update), viewer)
    warning = None if checked.warning is None else checked.warning(me.lang)
    return {
        "token": shown,
        "distance": round(checked.distance, 2),
        "warning": warning,
        "held": not logged,
    }


def _initiative(state: TableState, token: Token) -> dict[str, Any] | None:
    """The initiative's details of the running encounter's participant the token stands for;
    with none, those its sheet would give (a game whose movement the initiative's details
    carry, as Fluid's INI less the gear, reads them without dice: L975-983)."""
    rolled = _rolled(state, token)
    if rolled is not None or positions_of(state.table.system_id).movement is None:
        return rolled
    sheet = token_sheet(state, token)
    if sheet is None:
        return None
    system = get_system(state.table.system_id)
    try:
        details = system.initiative(parse_sheet(system, sheet), Roller(0)).details
    except (EcranError, ValueError):
        return None
    return details if isinstance(details, dict) else None


def _rolled(state: TableState, token: Token) -> dict[str, Any] | None:
    """The initiative's details of the running encounter's participant the token stands for."""
    for enc_id, held in state.encounters.items():
        enc = held.encounter
        if not enc.started or enc.ended:
            continue
        for p in enc.participants.values():
            mine = token.bears(enc_id, p.id) or (
                token.character_id is not None and p.character_id == token.character_id
            )
            if mine and p.initiative_roll:
                details = p.initiative_roll.get("details")
                return details if isinstance(details, dict) else None
    return None


@router.delete(TOKEN, status_code=204)
def remove_token(scene_id: str, token_id: str, request: Request, me: Me) -> None:
    """Remove a token (GM)."""
    change(
        request, me, lambda b, v, _: board.token_change(b, v, scene_id, token_id, "token_removed")
    )
