"""Live play without I/O: tables, members, characters, encounters, the event log.

Every command takes the current `TableState` and the acting `Member`, checks rights and input
(raising `EcranError`s: `Forbidden`, `NotFound`, `Conflict`, `SheetRefused`...) and returns an
`EventDraft`; nothing changes until the draft is numbered and folded (`fold.apply`), which the
store does in one transaction. What a member may see comes from `visibility.view_for` /
`view_state` only.
"""

from ecran.play import characters, encounter, rolls, table
from ecran.play.errors import Conflict, Forbidden, NotFound, SheetRefused
from ecran.play.events import Event, EventDraft, EventView
from ecran.play.fold import apply, rebuild
from ecran.play.model import Member, StoredCharacter, TableInfo, Visibility
from ecran.play.state import TableState
from ecran.play.tracker import Condition, Encounter, EncounterState, Participant
from ecran.play.visibility import view_for, view_state

__all__ = [
    "Condition",
    "Conflict",
    "Encounter",
    "EncounterState",
    "Event",
    "EventDraft",
    "EventView",
    "Forbidden",
    "Member",
    "NotFound",
    "Participant",
    "SheetRefused",
    "StoredCharacter",
    "TableInfo",
    "TableState",
    "Visibility",
    "apply",
    "characters",
    "encounter",
    "rebuild",
    "rolls",
    "table",
    "view_for",
    "view_state",
]
