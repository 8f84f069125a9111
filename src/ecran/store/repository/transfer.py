"""A whole table out and in (backup, move): its export as a member sees it, and an export stored
as a new table with new links."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from ecran.play import view_for, view_state
from ecran.play.board.exported import exported
from ecran.play.encounter.seen import unseen_in
from ecran.play.errors import TooLarge, not_found
from ecran.play.export import ExportedMember, ImportedTable, TableExport, export_table
from ecran.play.model import new_token
from ecran.rules import EcranError, Text
from ecran.store.images import StoredImage, images_of, put_images, quota
from ecran.store.models import CharacterRow, EncounterRow, EventRow, MemberRow, TableRow
from ecran.store.repository.records import ImportedSeats
from ecran.store.repository.rows import (
    as_event,
    as_member,
    event_row,
    member_row,
    now,
    payload_bytes,
    utc,
)
from ecran.store.repository.writing import Writing, table_too_large
from ecran.store.tokens import seal, token_hash


class Transfer(Writing):
    """Export and import of whole tables."""

    def export(self, table_id: str, member_id: str | None = None) -> TableExport:
        """The table as `member_id` sees it (None: its GM), whole: members (no token), the
        characters and encounters as they see them, and every event's view, in order."""
        with self.transaction() as s:
            row = self._table_row(s, table_id)
            rows = list(
                s.scalars(
                    select(MemberRow)
                    .where(MemberRow.table_id == table_id)
                    .order_by(MemberRow.joined_at)
                )
            )
            state = self._load(s, row)
            wanted = [m for m in rows if m.id == member_id or (not member_id and m.role == "gm")]
            viewer = as_member(wanted[0]) if wanted else None
            if viewer is None:
                raise not_found(Text(fr="membre", en="member"), member_id or "MJ")
            events = s.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
            )
            unseen = unseen_in(state)  # no step names an NPC hidden on the board now
            views = [view_for(as_event(r), viewer, unseen) for r in events]
            members = [
                ExportedMember(
                    id=m.id,
                    role=m.role,
                    display_name=m.display_name,
                    joined_at=utc(m.joined_at),
                    removed=m.id not in state.members,
                )
                for m in rows
            ]
            images = [
                exported(i.id, i.media_type, i.width, i.height, i.data)
                for i in (images_of(s, table_id) if viewer.is_gm else ())
            ]  # a player's export has none: their map is the fog's, not the whole picture
            return export_table(
                state.table,
                viewer.id,
                views,
                now(),
                members=members,
                state=view_state(state, viewer),
                images=images,
            )

    def import_table(self, imported: ImportedTable) -> ImportedSeats:
        """Store a checked export (`ecran.play.export.read_export`) as a new table, in one
        transaction: its log as it was, characters and encounters as the log folds them, every
        member with a new link (a removed one's given to no one), a new invite link. Refused
        in one line, storing nothing, when this server already holds any of its ids."""
        state, table = imported.state, imported.state.table
        tokens = {m.id: new_token() for m in imported.members}
        invite = new_token()
        size = sum(payload_bytes(e.payload) for e in imported.events)
        if size > self.events_bytes_max:
            raise table_too_large(self.events_bytes_max)
        try:
            with self.transaction() as s:
                self._refuse_taken(s, imported)
                first = imported.events[0].at or now()
                row = TableRow(
                    id=table.id,
                    name=table.name,
                    system_id=table.system_id,
                    options=table.options,
                    invite_hash=token_hash(invite),
                    invite_sealed=seal(invite, tokens[imported.gm_id]),
                    last_seq=state.last_seq,
                    events_bytes=size,
                    created_at=first,
                )
                s.add(row)
                s.flush()
                for m in imported.members:
                    s.add(member_row(table.id, m, tokens[m.id], m.joined_at or first))
                s.flush()
                for e in imported.events:
                    s.add(event_row(table.id, e, e.at or first))
                self._project(s, row, None, state)
                put_images(s, table.id, _within_quota(_stored_images(imported)))
                s.flush()
        except DBAPIError:
            raise EcranError(
                Text(
                    fr="export invalide : la base de données refuse une de ses valeurs",
                    en="invalid export: the database refuses one of its values",
                )
            ) from None
        seated = {m.id for m in imported.members if not m.removed}
        return ImportedSeats(
            table=table,
            gm=state.member(imported.gm_id),
            gm_token=tokens[imported.gm_id],
            invite_token=invite,
            tokens={k: t for k, t in tokens.items() if k in seated},
        )

    @staticmethod
    def _refuse_taken(s: Session, imported: ImportedTable) -> None:
        state = imported.state
        taken = [
            s.get(TableRow, state.table.id),
            *(s.get(MemberRow, m.id) for m in imported.members),
            *(s.get(CharacterRow, c) for c in state.characters),
            *(s.get(EncounterRow, e) for e in state.encounters),
        ]
        if any(found is not None for found in taken):
            raise EcranError(
                Text(
                    fr="cette table (ou l'un de ses membres, personnages, rencontres) existe "
                    "déjà sur ce serveur : supprimez-la avant de la réimporter",
                    en="this table (or one of its members, characters, encounters) already "
                    "exists on this server: delete it before importing it again",
                )
            )

    def next_dice_index(self, table_id: str) -> int:
        """The number the table's next dice key takes: one more than the last its log
        published (1 if none), so an imported table's new key never reuses a number."""
        with self.transaction() as s:
            last = self._last_key_change(s, table_id)
        return 1 if last is None else last[1].next.index + 1


def _stored_images(imported: ImportedTable) -> list[StoredImage]:
    return [
        StoredImage(image.id, image.media_type, image.width, image.height, raw)
        for image, raw in imported.images
    ]


def _within_quota(images: list[StoredImage]) -> list[StoredImage]:
    """An imported table's images, refused whole over this server's quota per table."""
    if sum(len(i.data) for i in images) > quota():
        raise TooLarge(
            Text(
                fr="export trop gros : ses images dépassent la place d'une table sur ce serveur",
                en="export too large: its images exceed a table's room on this server",
            )
        )
    return images
