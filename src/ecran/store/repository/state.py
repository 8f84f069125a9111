"""The table's state: read whole from the database, or the one the process kept (the log is
append-only, so the state at seq N never changes) advanced by the events after it."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from threading import Lock
from typing import ClassVar

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from ecran.play import TableInfo, TableState, apply, rebuild
from ecran.play.board import events as board_events
from ecran.play.board.model import Board
from ecran.play.dice_key import DiceKey, DiceKeyChanged, in_force
from ecran.play.errors import not_found
from ecran.play.tracker import EncounterState
from ecran.rules import Text
from ecran.settings import get_settings
from ecran.store.models import CharacterRow, EncounterRow, EventRow, MemberRow, TableRow
from ecran.store.repository.rows import as_character, as_event, as_member

FOLDED_TABLES = 128
"""Tables whose state a process keeps folded (least recently used dropped first)."""


FOLD_MAX = 200
"""Events a kept state is advanced by, at most: further behind, the state is read whole."""

BOARDS_KEPT = 512
"""Boards kept in memory by (table, seq) for the `board` events' views (`repository.board`)."""


@dataclass(frozen=True)
class Folded:
    """A table's state as its event `state.last_seq` left it, kept by the process. `mark` is
    the table row's invite hash when it was kept: a table deleted and imported again under
    the same id has a new invite, so a state kept of the old one never passes for it."""

    mark: str
    state: TableState


class StoreState:
    """The repository's engine and sessions, and each table's last state kept in memory
    (`_folded`), keyed by the sequence number it is at (`Store` says how a write uses it)."""

    #: Tests set it: every kept or folded state is compared with the one read whole.
    check_folded: ClassVar[bool] = False

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: Events one table may hold (`ECRAN_TABLE_EVENTS_MAX`): a write past it is refused.
        settings = get_settings()
        self.events_max = settings.table_events_max
        #: Room their payloads may take (`ECRAN_TABLE_EVENTS_MB`, in bytes): the same.
        self.events_bytes_max = int(settings.table_events_mb * 1024 * 1024)
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self._folded: OrderedDict[str, Folded] = OrderedDict()
        self._folded_lock = Lock()
        self._boards: OrderedDict[tuple[str, str, int], Board] = OrderedDict()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with self.sessions.begin() as session:
            yield session
        # committed: the states the transaction's events folded are the table's now
        for row, state in session.info.pop("folded", []):
            self._keep(row.id, row.invite_hash, state)
            self._keep_board((row.id, row.invite_hash), state.last_seq, state.board)
        for table_key, seq, board in session.info.pop("boards", []):
            self._keep_board(table_key, seq, board)

    def _keep_board(self, table_key: tuple[str, str], seq: int, board: Board) -> None:
        """Keep the board after the table's event `seq` (the log is append-only: it never
        changes). `table_key`: the table's id and mark (its invite hash, as `Folded`'s), so a
        table deleted and imported again under its id never reads the old one's boards."""
        with self._folded_lock:
            self._boards[(*table_key, seq)] = board
            self._boards.move_to_end((*table_key, seq))
            while len(self._boards) > BOARDS_KEPT:
                self._boards.popitem(last=False)

    def _kept_board(self, table_key: tuple[str, str], seq: int) -> Board | None:
        with self._folded_lock:
            return self._boards.get((*table_key, seq))

    def _keep(self, table_id: str, mark: str, state: TableState) -> None:
        """Keep a state the committed log reached (never one behind the state already kept:
        two writers' threads may finish in either order)."""
        with self._folded_lock:
            kept = self._folded.get(table_id)
            if kept is not None and kept.mark == mark and kept.state.last_seq > state.last_seq:
                return
            self._folded[table_id] = Folded(mark, state)
            self._folded.move_to_end(table_id)
            while len(self._folded) > FOLDED_TABLES:
                self._folded.popitem(last=False)

    def _forget(self, table_id: str) -> None:
        with self._folded_lock:
            self._folded.pop(table_id, None)
            for key in [k for k in self._boards if k[0] == table_id]:
                del self._boards[key]

    def _table_row(self, s: Session, table_id: str, lock: bool = False) -> TableRow:
        row = s.get(TableRow, table_id, with_for_update=lock)
        if row is None:
            raise not_found(Text(fr="table", en="table"), table_id)
        return row

    @staticmethod
    def _info(row: TableRow) -> TableInfo:
        return TableInfo(id=row.id, name=row.name, system_id=row.system_id, options=row.options)

    @staticmethod
    def _seats(s: Session, table_id: str) -> tuple[set[str], bool]:
        """What the log says of seats and archiving: the members removed, and whether the
        table is archived now (the fold reads the same events)."""
        removed: set[str] = set()
        archived = False
        rows = s.execute(
            select(EventRow.kind, EventRow.payload)
            .where(
                EventRow.table_id == table_id,
                EventRow.kind.in_(("member_removed", "table_archived")),
            )
            .order_by(EventRow.seq)
        )
        for kind, payload in rows:
            if kind == "member_removed":
                removed.add(str(payload["member_id"]))
            else:
                archived = bool(payload.get("archived", True))
        return removed, archived

    def _load(self, s: Session, row: TableRow) -> TableState:
        removed, archived = self._seats(s, row.id)
        members = [
            m
            for m in s.scalars(select(MemberRow).where(MemberRow.table_id == row.id))
            if m.id not in removed
        ]
        characters = s.scalars(select(CharacterRow).where(CharacterRow.table_id == row.id))
        encounters = s.scalars(select(EncounterRow).where(EncounterRow.table_id == row.id))
        return TableState(
            table=self._info(row),
            members={m.id: as_member(m) for m in members},
            characters={c.id: as_character(c) for c in characters},
            encounters={e.id: EncounterState.model_validate(e.state) for e in encounters},
            last_seq=row.last_seq,
            archived=archived,
            dice_key=self._dice_key(s, row.id),
            board=self._board_at(s, row, row.last_seq),
        )

    def _board_at(self, s: Session, row: TableRow, seq: int) -> Board:
        """The board after the table's event `seq`: kept, or folded from the log's `board`
        events."""
        table_id, table_key = row.id, (row.id, row.invite_hash)
        kept = self._kept_board(table_key, seq)
        if kept is not None:
            return kept
        board = Board()
        payloads = s.scalars(
            select(EventRow.payload)
            .where(EventRow.table_id == table_id, EventRow.kind == "board", EventRow.seq <= seq)
            .order_by(EventRow.seq)
        )
        for payload in payloads:
            board = board_events.fold(board, board_events.parse(payload))
        self._keep_board(table_key, seq, board)
        return board

    def _current(self, s: Session, row: TableRow, locked: bool) -> TableState:
        """The table's state at `row.last_seq`: the kept one when it is at that seq, or kept
        a few events before (those are folded onto it: the log is append-only and every
        event up to `last_seq` is committed); else read whole, and kept only when read under
        the table's lock (unlocked, PostgreSQL's statements may see different commits)."""
        with self._folded_lock:
            kept = self._folded.get(row.id)
        usable = kept is not None and kept.mark == row.invite_hash
        folded = self._advanced(s, row, kept.state) if kept is not None and usable else None
        state = folded if folded is not None else self._load(s, row)
        if locked or (folded is not None and kept is not None and folded is not kept.state):
            self._keep(row.id, row.invite_hash, state)
        if self.check_folded:
            whole = self._load(s, row)
            assert state == whole, f"kept state differs from the database's at {row.last_seq}"
        return state

    @staticmethod
    def _advanced(s: Session, row: TableRow, kept: TableState) -> TableState | None:
        """`kept` brought to `row.last_seq` by folding the events after it (None: too far
        behind, or ahead, which only a table deleted and imported again could be)."""
        if kept.last_seq == row.last_seq:
            return kept
        if not kept.last_seq < row.last_seq <= kept.last_seq + FOLD_MAX:
            return None
        state = kept
        rows = s.scalars(
            select(EventRow)
            .where(
                EventRow.table_id == row.id,
                EventRow.seq > kept.last_seq,
                EventRow.seq <= row.last_seq,
            )
            .order_by(EventRow.seq)
        )
        for found in rows:
            state = apply(state, as_event(found))
        return state if state.last_seq == row.last_seq else None

    @staticmethod
    def _last_key_change(s: Session, table_id: str) -> tuple[int, DiceKeyChanged] | None:
        """The last key event of the log (a table's creation starts the first key), with its
        sequence number; None for a table that never had one."""
        last = s.execute(
            select(EventRow.seq, EventRow.kind, EventRow.payload)
            .where(
                EventRow.table_id == table_id,
                EventRow.kind.in_(("table_created", "dice_key")),
            )
            .order_by(EventRow.seq.desc())
            .limit(1)
        ).first()
        if last is None:
            return None
        seq, kind, payload = last
        found = payload.get("dice") if kind == "table_created" else payload
        return None if found is None else (seq, DiceKeyChanged.model_validate(found))

    @classmethod
    def _dice_key(cls, s: Session, table_id: str) -> DiceKey | None:
        """The dice key in force: the one the last key event started (the log holds it, as
        the fold reads it)."""
        last = cls._last_key_change(s, table_id)
        return None if last is None else in_force(last[1], last[0])

    def state(self, table_id: str) -> TableState:
        """The current state, whole (a GM's view: pass it through `view_state` for a member)."""
        with self.transaction() as s:
            return self._current(s, self._table_row(s, table_id), locked=False)

    def rebuild(self, table_id: str) -> TableState:
        """The state folded from the log alone (equal to `state` unless something is broken)."""
        with self.transaction() as s:
            self._table_row(s, table_id)
            rows = s.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
            )
            return rebuild(as_event(r) for r in rows)
