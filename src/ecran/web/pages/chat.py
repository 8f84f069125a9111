"""The table's chat on its pages: the chat box under the log (on every page that shows the log)
and what the log shows of a message, as the member asking may see it.

Sending goes through the one write path (`commands.execute`); the message then reaches every
member's log live, each seeing their own view (a whisper only its addressees and the GM). An
htmx post is answered with nothing but the `ecran:sent` trigger (the page fetches the new events
at once, without waiting for the socket); a plain form post goes back to the page it came from.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ecran.play import EventDraft, EventView, Member, TableState
from ecran.play import chat as play_chat
from ecran.play.chat import InlineRoll, MessageSent
from ecran.rules import EcranError, System
from ecran.web import commands
from ecran.web.deps import Form, Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.errors import is_htmx
from ecran.web.pages.common import redirect
from ecran.web.pages.dice import marked_work

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

#: Where a plain form post may send the member back: a page of this table, never elsewhere.
BACK_TO = re.compile(r"/(encounters|characters)/[0-9A-Za-z_-]{1,64}")


def _field(form: Any, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def send_text(text: str, character_id: str | None, to: str | None) -> commands.Command:
    """The play command of a message typed in the chat box."""

    def command(state: TableState, actor: Member, _: System[Any]) -> EventDraft:
        return play_chat.send(state, actor, text, character_id=character_id, to=to)

    return command


@router.post("/tables/{table_id}/chat")
def send(request: Request, here: Here, form: Form) -> Response:
    """A message from the chat box (text, the voice, the addressee)."""
    text = _field(form, "text")[: play_chat.MESSAGE_MAX * 2]  # the command says the real bound
    command = send_text(text, _field(form, "character") or None, _field(form, "to") or None)
    commands.execute(request.app, here.access, command)
    if is_htmx(request):
        return Response(status_code=200, headers={"HX-Trigger": "ecran:sent"})
    return redirect(request, _back(here, _field(form, "back")))


def _back(here: Seat, path: str) -> str:
    return here.url(path) if BACK_TO.fullmatch(path) else here.url()


def message_entry(here: Seat, view: EventView) -> dict[str, Any]:
    """What the log shows of a message: its style, voice, addressees and text cut around its
    rolls (each shown in place)."""
    message = MessageSent.model_validate(view.payload)
    members = here.state.members
    to = [members[m] for m in message.to if m in members]
    pieces = [
        (text, None if rolled is None else shown_roll(here, rolled))
        for text, rolled in play_chat.pieces(message)
    ]
    command = message.rolls[0] if message.style == "roll" and message.rolls else None
    return {
        "message": message,
        "style": message.style,
        "speaker": message.speaker,
        "to_names": [m.display_name for m in to],
        "to_gm": bool(to) and all(m.is_gm for m in to),
        "to_me": here.member.id in message.to,
        "pieces": pieces,
        "command_roll": None if command is None else shown_roll(here, command),
    }


def shown_roll(here: Seat, rolled: InlineRoll) -> dict[str, Any]:
    """A roll of a message as a reader sees it: dice notation's rolled work, or an action's
    name, outcome and total."""
    if rolled.check is None:
        return {"total": rolled.total, "work": marked_work(rolled.text), "dice": rolled.dice}
    label = rolled.label(here.lang) if rolled.label is not None else rolled.expression
    try:
        outcome = here.system.check(rolled.check.check).outcome(rolled.check.outcome).label
        said = outcome(here.lang)
    except EcranError:
        said = rolled.check.outcome
    return {
        "total": rolled.total,
        "work": f"{label} : {said}" if here.lang == "fr" else f"{label}: {said}",
        "dice": rolled.dice,
        "outcome": rolled.check.outcome,
    }
