"""`/api/tables/{id}/messages`: the table's chat in JSON.

A message is typed as in the chat box (`text`, with its commands: `/r 2d6+3`, `/w Name …`,
`/gm …`, `/em …`, `/ooc …`, `/desc …`, `[[1d20]]` inline), optionally in a character's voice
(`character_id`) and to one member (`to`). It is stored as an event through the one write path,
sent live to each member as they may see it (a whisper only to its addressees and the GM), and
answered as its author sees it. Reading the chat is reading the log (`…/events`, `…/log`): a
message is an event of kind `message`.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from ecran.play import EventView, view_for
from ecran.play import chat as play_chat
from ecran.play.chat import MESSAGE_MAX
from ecran.web import commands
from ecran.web.deps import Me
from ecran.web.edge import CheckedRoute
from ecran.web.text import ClientText, Name

router = APIRouter(route_class=CheckedRoute, prefix="/api/tables", tags=["chat"])


class SendMessage(BaseModel):
    """A message as typed; `text` is bounded by the chat's own rule (`MESSAGE_MAX`, said in one
    line); the body's own bound keeps a huge body from being read at all."""

    model_config = ConfigDict(extra="forbid")

    text: ClientText = Field(max_length=MESSAGE_MAX * 4)
    character_id: Name | None = Field(None, max_length=64)
    to: Name | None = Field(None, max_length=64, description="a member id: whisper to them")


@router.post("/{table_id}/messages", response_model=EventView, status_code=201)
def send_message(body: SendMessage, me: Me, request: Request) -> EventView:
    """Say something at the table (stored, sent live; answered as the author sees it)."""
    event = commands.execute(
        request.app,
        me.access,
        lambda s, a, _: play_chat.send(s, a, body.text, character_id=body.character_id, to=body.to),
    )
    return view_for(event, me.member)
