"""`board` events as each member may see them.

A member's view of a `board` event depends on the board before and after it (a token moved
into the fog disappears for a player; a token leaving it appears): the boards come from
`StoreState._board_at` (kept by the writes that folded them, else folded from the log). The
tokens it shows carry their marks as the table is now (`play.board.marks`: status, conditions).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from ecran.play import Event, EventView, Member, view_for
from ecran.play.board import events as board_events
from ecran.play.board.log import event_view
from ecran.play.board.marks import Marks, marked_changes, marks
from ecran.play.board.visibility import Unseen, Viewer
from ecran.play.encounter.seen import unseen_in
from ecran.store.models import CharacterRow
from ecran.store.repository.state import StoreState


class BoardViews(StoreState):
    """Events viewed with the boards around them."""

    @staticmethod
    def _board_viewer(s: Session, table_id: str, member: Member) -> Viewer:
        owned = s.scalars(
            select(CharacterRow.id).where(
                CharacterRow.table_id == table_id,
                CharacterRow.owner_id == member.id,
                CharacterRow.deleted.is_(False),
            )
        )
        return Viewer(member_id=member.id, is_gm=member.is_gm, characters=frozenset(owned))

    def _views(
        self, s: Session, table_id: str, events: Iterable[Event], member: Member
    ) -> list[EventView]:
        """Each event (consecutive, in order) as `member` may see it; `board` events from the
        boards around them, a player's as the changes they may see."""
        listed = list(events)
        unseen = Unseen()
        if not member.is_gm and any(e.kind == "encounter" for e in listed):
            # an NPC hidden on the board now: no step of the log names it to a player
            unseen = unseen_in(self._current(s, self._table_row(s, table_id), locked=False))
        boarded = [e.seq for e in listed if e.kind == "board"]
        if not boarded:
            return [view_for(e, member, unseen) for e in listed]
        seen_by = self._board_viewer(s, table_id, member)
        row = self._table_row(s, table_id)
        board = self._board_at(s, row, boarded[0] - 1)
        found = marks(self._current(s, row, locked=False))
        views = []
        for event in listed:
            if event.kind != "board" or event.seq < boarded[0]:
                views.append(view_for(event, member, unseen))
                continue
            after = board_events.fold(board, board_events.parse(event.payload))
            views.append(_marked(event_view(event, board, after, seen_by, member), found))
            board = after
        return views


def _marked(view: EventView, found: Marks) -> EventView:
    """A member's view of a `board` event with the marks (status, conditions) of the tokens
    its changes show, as the table is now."""
    changes = view.payload.get("changes")
    if not changes:
        return view
    return view.model_copy(
        update={"payload": {**view.payload, "changes": marked_changes(changes, found)}}
    )
