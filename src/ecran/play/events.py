"""The append-only event log of a table.

A command of play (roll, save a sheet, next turn...) checks its rights and inputs against the
current state and returns an `EventDraft`; the store gives it the table's next sequence number,
making it an `Event`, and folds it into the state (`ecran.play.state.apply`). Every change of state
goes through an event, so the log alone rebuilds the table.

An `Event` is the whole truth and must never be sent to a client as is: clients get the
`EventView` that `ecran.play.visibility.view_for` makes for their member.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ecran.play.model import Count, Visibility

EventKind = Literal[
    "table_created",
    "member_joined",
    "options_changed",
    "character_saved",
    "character_deleted",
    "roll",
    "encounter",
    "message",
    "dice_key",
    "invite_renewed",
    "link_renewed",
    "member_removed",
    "table_archived",
    "member_renamed",
    "board",
]


class EventDraft(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: EventKind
    actor_id: str | None
    visibility: Visibility = "public"
    payload: dict[str, Any]


class Event(EventDraft):
    table_id: str
    seq: Count
    at: datetime | None = None


class EventView(BaseModel):
    """What one member may see of an event. A hidden event keeps its place in the sequence
    (`kind="hidden"`, no actor, empty payload) so a client can tell it missed nothing."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    table_id: str
    seq: Count
    at: datetime | None
    kind: EventKind | Literal["hidden"]
    actor_id: str | None
    visibility: Visibility
    payload: dict[str, Any]
    redacted: bool = False
