"""What the repository takes and hands back: a member's access, a play command, a created or
imported table with its links, a page of the log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ecran.play import EventDraft, EventView, Member, TableInfo, TableState

Command = Callable[[TableState, Member], EventDraft]


@dataclass(frozen=True)
class Access:
    """A member at a table, as their link's token says (`token`: the one presented, kept out of
    reprs; the GM's opens the sealed invite link)."""

    table_id: str
    member: Member
    token: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True)
class CreatedTable:
    table: TableInfo
    gm: Member
    gm_token: str
    invite_token: str


@dataclass(frozen=True)
class ImportedSeats:
    """A table imported from an export: the GM's new link (the importer's), the new invite
    link, and each seated member's new link (`tokens`, by member id) for the GM to hand out."""

    table: TableInfo
    gm: Member
    gm_token: str
    invite_token: str
    tokens: dict[str, str]


@dataclass(frozen=True)
class LogPage:
    """Events in ascending order; `before` is the `before_seq` of the next (older) page, None at
    the start of the log."""

    events: list[EventView]
    before: int | None
