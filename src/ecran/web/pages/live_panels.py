"""The table page's panels that follow the table live (#30 item 1): the Encounters card (its
links, a banner for a fight the member takes part in, the turn cue on their turn) and the chat
box's whisper menu (its "to" choices follow members joining, renamed or removed). `table.js`
reloads each when an event of its kinds arrives (`data-live-refresh`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ecran.play import Member, TableState
from ecran.play import encounter as play_encounter
from ecran.play.rights import is_turn_of
from ecran.play.tracker import Encounter
from ecran.typography import ordinal
from ecran.web.deps import Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.pages.common import page

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


@dataclass(frozen=True)
class EncounterItem:
    """One encounter of the card as a member sees it: where they act in its order (None: no
    character of theirs in it) and whether it is their turn."""

    encounter: Encounter
    place: int | None
    my_turn: bool

    @property
    def running(self) -> bool:
        return self.encounter.started and not self.encounter.ended


def _place(state: TableState, me: Member, enc: Encounter) -> int | None:
    """The rank in the acting order of the first participant `me` plays (players only)."""
    if me.is_gm:
        return None
    for rank, pid in enumerate(enc.order, start=1):
        if play_encounter.owner_of(state, enc.participants[pid]) == me.id:
            return rank
    return None


def encounter_items(here: Seat) -> list[EncounterItem]:
    items = []
    for es in here.state.encounters.values():
        enc = es.encounter
        acting = enc.participants.get(enc.current or "")
        owner = None if acting is None else play_encounter.owner_of(here.state, acting)
        place = _place(here.state, here.member, enc)
        items.append(EncounterItem(enc, place, is_turn_of(here.member, enc, owner)))
    return items


def encounters_context(here: Seat) -> dict[str, Any]:
    items = encounter_items(here)
    return {
        "encounter_items": items,
        "my_turn_item": next((i for i in items if i.my_turn), None),
        "ordinal": lambda place: ordinal(place, here.lang),
    }


@router.get("/tables/{table_id}/encounters-card")
def encounters_card(request: Request, here: Here) -> Response:
    """The Encounters card's content (reloaded live on every encounter event)."""
    return page(request, here, "table/_encounters.html", encounters_context(here))


@router.get("/tables/{table_id}/chat-to")
def chat_to(request: Request, here: Here, to: str = "") -> Response:
    """The whisper menu's choices (reloaded live when members join, are renamed or removed),
    the one chosen kept while its member is still at the table."""
    chosen = to if to in here.state.members and to != here.member.id else ""
    return page(request, here, "table/_chat_to.html", {"chosen_to": chosen})
