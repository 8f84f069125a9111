"""Reading the log, each event as the member asking may see it (`ecran.play.view_for`), and a
stored character."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ecran.play import Event, EventView, Member, StoredCharacter
from ecran.play.errors import not_found
from ecran.rules import Text
from ecran.store.models import CharacterRow, EventRow, MemberRow
from ecran.store.repository.board import BoardViews
from ecran.store.repository.records import Access, LogPage
from ecran.store.repository.rows import as_character, as_event, as_member, bad_token

PAGE_MAX = 500


def page_limit(limit: int) -> int:
    return max(1, min(limit, PAGE_MAX))


class LogReads(BoardViews):
    """The log's events and a character, read for a member."""

    def character(self, access: Access, character_id: str) -> StoredCharacter:
        with self.transaction() as s:
            row = s.get(CharacterRow, character_id)
            hidden = row is not None and row.secret and not access.member.is_gm
            if row is None or row.table_id != access.table_id or row.deleted or hidden:
                raise not_found(Text(fr="personnage", en="character"), character_id)
            return as_character(row)

    def _viewer(self, s: Session, access: Access) -> Member:
        row = s.get(MemberRow, access.member.id)
        if row is None or row.table_id != access.table_id:
            raise bad_token()
        return as_member(row)

    def events_after(
        self, access: Access, after_seq: int, limit: int = PAGE_MAX
    ) -> list[EventView]:
        """What a (re)connecting client missed: the events after `after_seq`, in order, each as
        this member may see it. Ask again from the last seq until the list is empty."""
        with self.transaction() as s:
            viewer = self._viewer(s, access)
            rows = s.scalars(
                select(EventRow)
                .where(EventRow.table_id == access.table_id, EventRow.seq > after_seq)
                .order_by(EventRow.seq)
                .limit(page_limit(limit))
            )
            return self._views(s, access.table_id, (as_event(r) for r in rows), viewer)

    def events_since(self, table_id: str, after_seq: int, limit: int = PAGE_MAX) -> list[Event]:
        """The table's events after `after_seq`, in order and whole: for the live hub of a worker
        that heard of them from another, which sends each connection only `view_for` its member.
        Never hand these to a client as they are."""
        with self.transaction() as s:
            rows = s.scalars(
                select(EventRow)
                .where(EventRow.table_id == table_id, EventRow.seq > after_seq)
                .order_by(EventRow.seq)
                .limit(page_limit(limit))
            )
            return [as_event(r) for r in rows]

    def ping(self) -> None:
        """Raise unless the database answers (the health check). On the driver's connection:
        no transaction, so it never queues behind a writer's."""
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute("SELECT 1")
            cursor.close()
        finally:
            raw.close()

    def page(self, access: Access, before_seq: int | None = None, limit: int = 50) -> LogPage:
        """The log backwards: the `limit` events before `before_seq` (None: the newest)."""
        with self.transaction() as s:
            viewer = self._viewer(s, access)
            query = select(EventRow).where(EventRow.table_id == access.table_id)
            if before_seq is not None:
                query = query.where(EventRow.seq < before_seq)
            rows = list(s.scalars(query.order_by(EventRow.seq.desc()).limit(page_limit(limit))))
            rows.reverse()
            first = rows[0].seq if rows else None
            return LogPage(
                self._views(s, access.table_id, (as_event(r) for r in rows), viewer),
                first if first is not None and first > 1 else None,
            )

    def event(self, access: Access, seq: int) -> EventView:
        """One event (a roll to open and replay), as this member may see it."""
        with self.transaction() as s:
            viewer = self._viewer(s, access)
            row = s.scalar(
                select(EventRow).where(EventRow.table_id == access.table_id, EventRow.seq == seq)
            )
            if row is None:
                raise not_found(Text(fr="événement", en="event"), str(seq))
            return self._views(s, access.table_id, [as_event(row)], viewer)[0]
