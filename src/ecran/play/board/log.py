"""The board in the table's log: one event kind, `board`, whose payload is one board event
(`events.dump`), and what a member sees of it.

- `viewer(state, member)`: the member as the board sees them (a GM, the characters they own).
- `draft(actor, change)`: the log's event for one board change.
- `turn(state)`: the encounter's clock as movement reads it (the running encounter's current
  participant), for a player's move on their turn only.
- `event_view(event, before, after, viewer, member)`: a `board` event as one member sees it,
  from the board before and after it: the changes they may see (`visibility.changes`), under
  `payload["changes"]` (the GM also gets the whole change, `payload["event"]`), and a move's
  `payload["warning"]` (`{"fr", "en"}`) when longer than the game allows and the member sees
  the token; a measure (`measured`) as `[{"op": "measure", ..., "by"}]` to those who see both
  its ends; `payload["encounter"]` when it hid or revealed an encounter's participant (the
  players' encounter loses or gains it: `play.visibility`); a player for whom nothing
  visible changed gets the same stub as for any hidden event, unless that.
"""

from __future__ import annotations

from typing import Any

from ecran.play.board.events import BoardEvent, Measured, dump, parse
from ecran.play.board.model import Board
from ecran.play.board.movement import Turn
from ecran.play.board.visibility import Viewer, changes, hidden_participants, measure_change
from ecran.play.events import Event, EventDraft, EventView
from ecran.play.model import Member
from ecran.play.state import TableState


def viewer(state: TableState, member: Member) -> Viewer:
    owned = frozenset(
        c.id for c in state.characters.values() if c.owner_id == member.id and not c.deleted
    )
    return Viewer(member_id=member.id, is_gm=member.is_gm, characters=owned)


def draft(actor: Member, change: BoardEvent) -> EventDraft:
    return EventDraft(kind="board", actor_id=actor.id, payload=dump(change))


def turn(state: TableState) -> Turn:
    """The first running encounter's turn (started, not ended, someone's turn), with the GM's
    free-movement switch; none: no turn holds a player's move back."""
    free = state.board.free_movement
    for held in state.encounters.values():
        enc = held.encounter
        if enc.started and not enc.ended and enc.current in enc.participants:
            current = enc.participants[enc.current]
            return Turn(
                running=True,
                participant_id=current.id,
                character_id=current.character_id,
                encounter_id=enc.id,
                free_movement=free,
                key=f"{enc.id}/{enc.round}/{current.id}",
            )
    return Turn(free_movement=free)


def event_view(
    event: Event, before: Board, after: Board, seen_by: Viewer, member: Member
) -> EventView:
    shown = changes(before, after, seen_by)
    if event.payload.get("op") == "measured":
        measured = parse(event.payload)
        assert isinstance(measured, Measured)
        shown = [{**c, "by": event.actor_id} for c in measure_change(after, measured, seen_by)]
    # hidden or revealed, an NPC leaves or joins the players' encounter: its panels read again
    recast = hidden_participants(before) != hidden_participants(after)
    if not member.is_gm and not shown and not recast:
        return _stub(event)
    payload: dict[str, Any] = {"changes": shown}
    if recast:
        payload["encounter"] = True
    if member.is_gm:
        payload["event"] = event.payload
    warning = event.payload.get("warning")
    moved = event.payload.get("token_id")
    if warning and any(c["op"] == "token" and c["token"]["id"] == moved for c in shown):
        payload["warning"] = warning  # a move longer than the game allows: the GM decides
    return EventView(
        table_id=event.table_id,
        seq=event.seq,
        at=event.at,
        kind="board",
        actor_id=event.actor_id,
        visibility=event.visibility,
        payload=payload,
        redacted=not member.is_gm,
    )


def _stub(event: Event) -> EventView:
    return EventView(
        table_id=event.table_id,
        seq=event.seq,
        at=event.at,
        kind="hidden",
        actor_id=None,
        visibility=event.visibility,
        payload={},
        redacted=True,
    )
