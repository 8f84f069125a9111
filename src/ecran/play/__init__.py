"""Live play without I/O: tables, members, characters, encounters, the event log.

Every command takes the current `TableState` and the acting `Member`, checks rights and input
(raising `EcranError`s: `Forbidden`, `NotFound`, `Conflict`, `SheetRefused`...) and returns an
`EventDraft`; nothing changes until the draft is numbered and folded (`fold.apply`), which the
store does in one transaction. What a member may see comes from `visibility.view_for` /
`view_state` only.

Each name loads its module on first use (PEP 562): `ecran serve` answers its first page before
the play layer is imported (the web's error handlers name `play.errors`' classes, which would
otherwise import every module here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.lazy import lazy_names

if TYPE_CHECKING:
    from ecran.play import characters, encounter, rolls, table
    from ecran.play.errors import Conflict, Forbidden, NotFound, SheetRefused
    from ecran.play.events import Event, EventDraft, EventView
    from ecran.play.fold import apply, rebuild
    from ecran.play.model import Member, StoredCharacter, TableInfo, Visibility
    from ecran.play.state import TableState
    from ecran.play.tracker import Condition, Encounter, EncounterState, Participant
    from ecran.play.visibility import view_for, view_state

#: Each public name -> the module that defines it (None: the name is a submodule).
_HOME: dict[str, str | None] = {
    "characters": None,
    "encounter": None,
    "rolls": None,
    "table": None,
    "Conflict": "errors",
    "Forbidden": "errors",
    "NotFound": "errors",
    "SheetRefused": "errors",
    "Event": "events",
    "EventDraft": "events",
    "EventView": "events",
    "apply": "fold",
    "rebuild": "fold",
    "Member": "model",
    "StoredCharacter": "model",
    "TableInfo": "model",
    "Visibility": "model",
    "TableState": "state",
    "Condition": "tracker",
    "Encounter": "tracker",
    "EncounterState": "tracker",
    "Participant": "tracker",
    "view_for": "visibility",
    "view_state": "visibility",
}


__getattr__ = lazy_names(__name__, _HOME)


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
