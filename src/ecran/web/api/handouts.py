"""`/api/tables/{table_id}/handouts/…`: documents the GM shares (a text in Markdown, an image,
or both) with everyone or chosen members, live, like rolls: a handout for Ana never reaches
Bruno (not in a list, a frame, or an image).

- `POST …/handouts` (GM; JSON `{"title", "text", "to": "all" | [member ids]}`, or a multipart
  form with the same fields, `to` as JSON, and an `image`) → 201 `{"handout": {...}}`.
- `GET …/handouts` → `{"handouts": [...]}`: what the caller may see, each with `html` (its
  Markdown rendered safely: no raw HTML).
- `GET …/handouts/{hid}`, `GET …/handouts/{hid}/image`: one the caller may see (else 404).
- `POST …/handouts/{hid}/reveal` (GM) `{"to": "all" | [member ids]}`: shown to more members
  (an audience only grows).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field, field_validator

from ecran.play.board import commands as board
from ecran.play.board import image as pictures
from ecran.play.board import log as board_log
from ecran.play.board.model import TEXT_MAX, Handout, Id, Name
from ecran.play.board.visibility import Viewer, handout_view, sees_handout
from ecran.play.errors import not_found
from ecran.play.model import new_id
from ecran.play.rights import require_gm
from ecran.rules import Text
from ecran.rules.option import param
from ecran.settings import get_settings
from ecran.web import commands
from ecran.web.api.board import Body, body_doc, change, checked, read_body, seen
from ecran.web.api.images import image_response, refuse_unsupported
from ecran.web.deps import Me, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.markdown import to_html

router = APIRouter(prefix="/api/tables", tags=["board"], route_class=CheckedRoute)
HANDOUTS = "/{table_id}/handouts"
HANDOUT = HANDOUTS + "/{handout_id}"

To = Annotated[list[Id], Field(max_length=100)]


def _audience(value: Any) -> Any:
    """`"all"`, a list of member ids, or (from a form) that list as JSON or comma-separated."""
    if isinstance(value, str) and value != "all":
        text = value.strip()
        if text.startswith("["):
            return json.loads(text)
        return [part.strip() for part in text.split(",") if part.strip()]
    return value


RECIPIENTS = Text(fr="Destinataires", en="Recipients")


class NewHandout(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Name = param(Text(fr="Titre", en="Title"))
    text: Annotated[str, Field(max_length=TEXT_MAX)] = param(
        Text(fr="Texte", en="Text"), default=""
    )
    to: Annotated[str, Field(pattern="^all$")] | To = param(RECIPIENTS, default="all")

    _to = field_validator("to", mode="before")(_audience)


class Reveal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to: Annotated[str, Field(pattern="^all$")] | To = param(RECIPIENTS)

    _to = field_validator("to", mode="before")(_audience)


def shown(handout: Handout, viewer: Viewer) -> dict[str, Any]:
    return {**handout_view(handout, viewer), "html": to_html(handout.text)}


def _visible(me: Seat, handout_id: str) -> tuple[Handout, Viewer]:
    state, viewer = seen(me)
    handout = state.board.handouts.get(handout_id)
    if handout is None or not sees_handout(handout, viewer):
        raise not_found(board.HANDOUT, handout_id)
    return handout, viewer


def _to(value: str | list[str]) -> Any:
    return "all" if value == "all" else tuple(value)


#: A form's `to`: "all", or member ids separated by commas (none: shown to the GM alone).
FORM_TO = {"type": "string", "maxLength": 4096, "description": "all, or member ids, with commas"}


@router.post(
    HANDOUTS, status_code=201, openapi_extra=body_doc(NewHandout, form_fields={"to": FORM_TO})
)
async def share(table_id: str, request: Request, me: Me) -> dict[str, Any]:
    """Share a text, an image or both (GM)."""
    require_gm(me.member, Text(fr="partager un document", en="share a handout"))
    body = await read_body(request, get_settings().max_upload)
    return await run_in_threadpool(_share, request, me, body)


def _share(request: Request, me: Seat, body: Body) -> dict[str, Any]:
    asked = checked(NewHandout, body)
    handout_id = new_id()

    def handout(image_id: str | None) -> Handout:
        return checked(
            Handout,
            Body(
                {
                    "id": handout_id,
                    "title": asked.title,
                    "text": asked.text,
                    "image_id": image_id,
                    "to": _to(asked.to),
                }
            ),
        )

    if body.image is None:
        made = handout(None)
        change(request, me, lambda b, v, s: board.share_handout(b, v, made, list(s.members)))
    else:
        refuse_unsupported(body.image)
        stored = pictures.accept(body.image)

        def with_image(state: Any, actor: Any, image_id: str) -> Any:
            viewer = board_log.viewer(state, actor)
            made = board.share_handout(state.board, viewer, handout(image_id), list(state.members))
            return board_log.draft(actor, made)

        commands.execute_with_image(request.app, me.access, stored, with_image)
    found, viewer = _visible(me, handout_id)
    return {"handout": shown(found, viewer)}


@router.get(HANDOUTS)
def handouts(me: Me) -> dict[str, Any]:
    """The handouts the caller may see, in the order they were shared."""
    state, viewer = seen(me)
    return {
        "handouts": [
            shown(h, viewer) for h in state.board.handouts.values() if sees_handout(h, viewer)
        ]
    }


@router.get(HANDOUT)
def one_handout(handout_id: str, me: Me) -> dict[str, Any]:
    found, viewer = _visible(me, handout_id)
    return {"handout": shown(found, viewer)}


@router.post(HANDOUT + "/reveal")
def reveal(handout_id: str, body: Reveal, request: Request, me: Me) -> dict[str, Any]:
    """Show a handout to more members (GM)."""
    to = _to(body.to)
    change(
        request,
        me,
        lambda b, v, s: board.reveal_handout(b, v, handout_id, to, list(s.members)),
    )
    found, viewer = _visible(me, handout_id)
    return {"handout": shown(found, viewer)}


@router.get(HANDOUT + "/image")
def handout_image(handout_id: str, request: Request, me: Me) -> Any:
    found, _ = _visible(me, handout_id)
    if found.image_id is None:
        raise not_found(board.HANDOUT, handout_id)
    return image_response(request, me, found.image_id)
