"""Folding the log: `apply(state, event)` is the only way a table's state changes, live or when
rebuilt from the stored events, so the two cannot disagree."""

from __future__ import annotations

from collections.abc import Iterable

from ecran.play.board import events as board_events
from ecran.play.dice_key import DiceKeyChanged, in_force
from ecran.play.events import Event
from ecran.play.payloads import (
    CharacterDeleted,
    CharacterSaved,
    EncounterChanged,
    MemberJoined,
    MemberRemoved,
    MemberRenamed,
    OptionsChanged,
    TableArchived,
    TableCreated,
)
from ecran.play.state import TableState
from ecran.play.tracker import EncounterState, UndoEntry

#: How many steps of one encounter can be undone in a row (older ones are forgotten).
UNDO_DEPTH = 20


class BrokenLog(RuntimeError):
    """The log is not a gap-free sequence starting with the table's creation (a bug, not input)."""


def apply(state: TableState | None, event: Event) -> TableState:
    if state is None:
        if event.kind != "table_created" or event.seq != 1:
            raise BrokenLog(f"a log starts with table_created at seq 1, not {event.kind}")
        created = TableCreated.model_validate(event.payload)
        dice = None if created.dice is None else in_force(created.dice, 1)
        return TableState(
            table=created.table, members={created.gm.id: created.gm}, last_seq=1, dice_key=dice
        )
    if event.seq != state.last_seq + 1 or event.table_id != state.table.id:
        raise BrokenLog(f"event {event.table_id}#{event.seq} after #{state.last_seq}")
    state = state.model_copy(update={"last_seq": event.seq})
    if event.kind == "member_joined":
        member = MemberJoined.model_validate(event.payload).member
        return state.model_copy(update={"members": {**state.members, member.id: member}})
    if event.kind == "member_removed":
        removed = MemberRemoved.model_validate(event.payload)
        members = {k: m for k, m in state.members.items() if k != removed.member_id}
        characters = {**state.characters, **{c.id: c for c in removed.characters}}
        return state.model_copy(update={"members": members, "characters": characters})
    if event.kind == "member_renamed":
        renamed = MemberRenamed.model_validate(event.payload)
        member = state.members[renamed.member_id]
        member = member.model_copy(update={"display_name": renamed.display_name})
        return state.model_copy(update={"members": {**state.members, member.id: member}})
    if event.kind == "table_archived":
        archived = TableArchived.model_validate(event.payload).archived
        return state.model_copy(update={"archived": archived})
    if event.kind == "options_changed":
        options = OptionsChanged.model_validate(event.payload).options
        table = state.table.model_copy(update={"options": options})
        return state.model_copy(update={"table": table})
    if event.kind == "character_saved":
        character = CharacterSaved.model_validate(event.payload).character
        return state.model_copy(
            update={"characters": {**state.characters, character.id: character}}
        )
    if event.kind == "character_deleted":
        gone = CharacterDeleted.model_validate(event.payload)
        old = state.characters[gone.character_id]
        deleted = old.model_copy(update={"deleted": True, "version": gone.version})
        return state.model_copy(update={"characters": {**state.characters, old.id: deleted}})
    if event.kind == "encounter":
        return _encounter(state, event.seq, EncounterChanged.model_validate(event.payload))
    if event.kind in ("roll", "message", "invite_renewed", "link_renewed"):
        return state  # rolls, chat and links change nothing but the log (tokens: the store's)
    if event.kind == "board":
        board = board_events.fold(state.board, board_events.parse(event.payload))
        return state.model_copy(update={"board": board})
    if event.kind == "dice_key":
        change = DiceKeyChanged.model_validate(event.payload)
        return state.model_copy(update={"dice_key": in_force(change, event.seq)})
    raise BrokenLog(f"unknown event kind {event.kind}")


def _encounter(state: TableState, seq: int, change: EncounterChanged) -> TableState:
    before = state.encounters.get(change.encounter_id)
    undo: tuple[UndoEntry, ...] = ()
    if before is not None and change.step == "undo":
        if not before.undo or before.undo[-1].seq != change.undoes:
            raise BrokenLog(f"undo of #{change.undoes} is not the last step")
        undo = before.undo[:-1]
    elif before is not None:
        entry = UndoEntry(
            seq=seq,
            summary=change.summary,
            encounter=before.encounter,
            characters=tuple(state.characters[c.id] for c in change.characters),
            after_versions={c.id: c.version for c in change.characters},
        )
        undo = (*before.undo, entry)[-UNDO_DEPTH:]
    encounters = {
        **state.encounters,
        change.encounter_id: EncounterState(encounter=change.encounter, undo=undo),
    }
    characters = {**state.characters, **{c.id: c for c in change.characters}}
    return state.model_copy(update={"encounters": encounters, "characters": characters})


def rebuild(events: Iterable[Event]) -> TableState:
    state: TableState | None = None
    for event in events:
        state = apply(state, event)
    if state is None:
        raise BrokenLog("an empty log has no table")
    return state
