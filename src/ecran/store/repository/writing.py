"""Writing: a play command run in one transaction that takes the table's next sequence number,
appends the event and updates characters and encounters beside it (an error anywhere stores
nothing)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from ecran.play import Event, EventDraft, TableState, apply
from ecran.play.errors import Forbidden, TooLarge
from ecran.play.rights import require_open
from ecran.play.visibility import sealed
from ecran.rules import Text
from ecran.rules.numerals import number
from ecran.store.models import CharacterRow, EncounterRow, MemberRow, TableRow
from ecran.store.repository.idempotency import record_event
from ecran.store.repository.records import Access, Command
from ecran.store.repository.rows import event_row, now, payload_bytes
from ecran.store.repository.state import StoreState


def full_table(events_max: int) -> Forbidden:
    """A table at its quota of events: nothing more is written (its log stays readable)."""
    count = number(events_max)
    return Forbidden(
        Text(
            fr=f"table pleine : elle a atteint son quota de {count.fr} événements ; "
            "exportez-la et importez-la sur un autre serveur, ou demandez à l'administrateur",
            en=f"table full: it has reached its quota of {count.en} events; export it and "
            "import it elsewhere, or ask the server's administrator",
        )
    )


def table_too_large(bytes_max: int) -> TooLarge:
    """A write that would take a table's events over their room: refused, nothing stored."""
    mib = number(max(1, round(bytes_max / MIB)))
    return TooLarge(
        Text(
            fr=f"table pleine : ses événements prendraient plus que les {mib.fr} Mio permis ; "
            "exportez-la et importez-la sur un autre serveur, ou demandez à l'administrateur",
            en=f"table full: its events would take more than the {mib.en} MiB allowed; export "
            "it and import it elsewhere, or ask the server's administrator",
        )
    )


#: Bytes in a mebibyte (`ECRAN_TABLE_EVENTS_MB` counts in them).
MIB = 1024 * 1024


class Writing(StoreState):
    """Appending events and projecting what they changed beside the log."""

    def _append(
        self, s: Session, row: TableRow, state: TableState | None, draft: EventDraft
    ) -> Event:
        if state is not None:
            require_open(state.archived, draft.kind)
            draft = sealed(state, draft)  # an encounter step: who players did not see then
        if row.last_seq >= self.events_max:
            raise full_table(self.events_max)
        at = now()
        event = Event(**draft.model_dump(), table_id=row.id, seq=row.last_seq + 1, at=at)
        size = payload_bytes(event.payload)
        if (row.events_bytes or 0) + size > self.events_bytes_max:
            raise table_too_large(self.events_bytes_max)
        after = apply(state, event)
        s.add(event_row(row.id, event, at))
        row.events_bytes = (row.events_bytes or 0) + size
        record_event(s, event.seq)
        row.last_seq = event.seq
        self._project(s, row, state, after)
        s.flush()
        s.info.setdefault("folded", []).append((row, after))
        if state is not None and draft.kind == "board":
            kept = ((row.id, row.invite_hash), state.last_seq, state.board)
            s.info.setdefault("boards", []).append(kept)
        return event

    def _project(
        self, s: Session, row: TableRow, before: TableState | None, after: TableState
    ) -> None:
        """Write what the event changed beside the log (the fold shares unchanged records, so
        identity tells what changed)."""
        old_characters = before.characters if before else {}
        old_encounters = before.encounters if before else {}
        if before is None or after.table.options != before.table.options:
            row.options = after.table.options
        for mid, member in after.members.items():
            old = before.members.get(mid) if before else None
            if old is not None and old is not member:  # renamed
                found = s.get(MemberRow, mid)
                if found is not None:
                    found.display_name = member.display_name
        for cid, character in after.characters.items():
            if old_characters.get(cid) is not character:
                s.merge(
                    CharacterRow(
                        id=cid,
                        table_id=row.id,
                        owner_id=character.owner_id,
                        version=character.version,
                        secret=character.secret,
                        deleted=character.deleted,
                        sheet=character.sheet,
                    )
                )
        for eid, encounter in after.encounters.items():
            if old_encounters.get(eid) is not encounter:
                state = encounter.model_dump(mode="json")
                s.merge(EncounterRow(id=eid, table_id=row.id, state=state))

    def execute(self, access: Access, command: Command) -> Event:
        """Run a play command for a member, atomically: the command sees the current state (the
        table is locked meanwhile), its event is numbered, stored and folded, or nothing is.

        The returned `Event` is whole: send each member `view_for(event, member)` only."""
        with self.transaction() as s:
            row = self._table_row(s, access.table_id, lock=True)
            state = self._current(s, row, locked=True)
            actor = state.member(access.member.id)
            return self._append(s, row, state, command(state, actor))
