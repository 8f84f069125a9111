"""The repository the web calls: tables and members, `execute` (a play command run in one
transaction that takes the table's next sequence number, appends the event, and updates
characters and encounters beside it; an error anywhere stores nothing), and reads. No application
command lives here: the commands are `ecran.play`'s, run through the web's `commands.execute`.

A member is identified by the token of their link (`authenticate`) and every read of the log goes
through `ecran.play.view_for` for that member. Tokens are stored hashed (`ecran.store.tokens`):
a token is returned only when it is issued (a table's creation, a join, a renewal).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from threading import Lock
from typing import Any, ClassVar, TypeVar

from sqlalchemy import Engine, delete, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from ecran.play import (
    Event,
    EventDraft,
    EventView,
    Member,
    StoredCharacter,
    TableInfo,
    TableState,
    apply,
    rebuild,
    view_for,
    view_state,
)
from ecran.play import table as play_table
from ecran.play.dice_key import DiceKey, DiceKeyChanged, in_force
from ecran.play.errors import NotFound, forbidden, not_found
from ecran.play.export import ExportedMember, ImportedTable, TableExport, export_table
from ecran.play.model import new_token
from ecran.play.rights import require_gm, require_open
from ecran.play.tracker import EncounterState
from ecran.rules import EcranError, Text
from ecran.store.models import Base, CharacterRow, EncounterRow, EventRow, MemberRow, TableRow
from ecran.store.tokens import seal, token_hash, unseal

Command = Callable[[TableState, Member], EventDraft]

PAGE_MAX = 500

FOLDED_TABLES = 128
"""Tables whose state a process keeps folded (least recently used dropped first)."""

FOLD_MAX = 200
"""Events a kept state is advanced by, at most: further behind, the state is read whole."""


def _refuse_nul(value: Any) -> None:
    """A backstop under every command: PostgreSQL cannot store a NUL in text or jsonb (SQLite
    can), so an event that carries one is refused on both, the same way, before anything is
    written. The commands refuse control characters in what people type; this catches the rest."""
    if isinstance(value, str):
        if "\x00" in value:
            raise EcranError(
                Text(
                    fr="caractère de contrôle non permis (U+0000)",
                    en="control character not allowed (U+0000)",
                )
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            _refuse_nul(key)
            _refuse_nul(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _refuse_nul(item)


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


def _now() -> datetime:
    return datetime.now(UTC)


def _bad_token() -> NotFound:
    return NotFound(Text(fr="lien invalide ou expiré", en="invalid or expired link"))


_Hashed = TypeVar("_Hashed", TableRow, MemberRow)

#: The column holding the hash of the token that opens a row of each table.
_TOKEN_HASH = {TableRow: TableRow.invite_hash, MemberRow: MemberRow.token_hash}


def _by_token(s: Session, model: type[_Hashed], token: str, lock: bool = False) -> _Hashed:
    """The row `token` opens (an invite: its table; a member's link: the member), or the one
    refusal a bad link gets.

    One indexed equality on the hash, and nothing compared after it: the database matched the
    hash already, and a comparison's timing could only tell an attacker how much of a *hash*
    they guessed, which brings them no closer to a 256-bit token (SHA-256 has no known
    preimage). Constant-time comparison stays where a secret is compared in Python
    (`ecran.store.tokens.unseal`)."""
    query = select(model).where(_TOKEN_HASH[model] == token_hash(token))
    row = s.scalar(query.with_for_update() if lock else query)
    if row is None:
        raise _bad_token()
    return row


#: The tables holding a game table's rows, children before parents (a character names its
#: owner member), from the schema itself so a table added later is deleted with the rest.
_OWNED_BY_TABLE = [t for t in reversed(Base.metadata.sorted_tables) if "table_id" in t.c]


def _member(row: MemberRow) -> Member:
    return Member(id=row.id, role=row.role, display_name=row.display_name)


def _member_row(
    table_id: str, member: Member | ExportedMember, token: str, joined_at: datetime
) -> MemberRow:
    """A member's row: their link's token kept only as its hash (`ecran.store.tokens`)."""
    return MemberRow(
        id=member.id,
        table_id=table_id,
        role=member.role,
        display_name=member.display_name,
        token_hash=token_hash(token),
        joined_at=joined_at,
    )


def _event_row(table_id: str, event: Event, at: datetime) -> EventRow:
    """An event's row of the log (`_event` reads it back)."""
    return EventRow(
        table_id=table_id,
        seq=event.seq,
        kind=event.kind,
        actor_id=event.actor_id,
        visibility=event.visibility,
        payload=event.payload,
        at=at,
    )


def _event(row: EventRow) -> Event:
    return Event(
        table_id=row.table_id,
        seq=row.seq,
        kind=row.kind,
        actor_id=row.actor_id,
        visibility=row.visibility,
        payload=row.payload,
        at=row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC),  # SQLite drops the zone
    )


def _utc(at: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=UTC)  # SQLite drops the zone


def _limit(limit: int) -> int:
    return max(1, min(limit, PAGE_MAX))


@dataclass(frozen=True)
class _Folded:
    """A table's state as its event `state.last_seq` left it, kept by the process. `mark` is
    the table row's invite hash when it was kept: a table deleted and imported again under
    the same id has a new invite, so a state kept of the old one never passes for it."""

    mark: str
    state: TableState


class Store:
    """The repository. It keeps each table's last state in memory (`_folded`), keyed by the
    sequence number it is at: the log is append-only, so the state at seq N never changes. A
    write reads the table's committed `last_seq` under the table's lock and uses the kept
    state only when it is at that seq (advanced by folding the events after it when another
    process wrote them); any doubt reads the state whole from the database."""

    #: Tests set it: every kept or folded state is compared with the one read whole.
    check_folded: ClassVar[bool] = False

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self._folded: OrderedDict[str, _Folded] = OrderedDict()
        self._folded_lock = Lock()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with self.sessions.begin() as session:
            yield session
        # committed: the states the transaction's events folded are the table's now
        for row, state in session.info.pop("folded", []):
            self._keep(row.id, row.invite_hash, state)

    def _keep(self, table_id: str, mark: str, state: TableState) -> None:
        """Keep a state the committed log reached (never one behind the state already kept:
        two writers' threads may finish in either order)."""
        with self._folded_lock:
            kept = self._folded.get(table_id)
            if kept is not None and kept.mark == mark and kept.state.last_seq > state.last_seq:
                return
            self._folded[table_id] = _Folded(mark, state)
            self._folded.move_to_end(table_id)
            while len(self._folded) > FOLDED_TABLES:
                self._folded.popitem(last=False)

    def _forget(self, table_id: str) -> None:
        with self._folded_lock:
            self._folded.pop(table_id, None)

    # -- tables and members -------------------------------------------------------------------

    def create_table(
        self, name: str, system_id: str, options: dict[str, Any] | None = None, gm_name: str = "MJ"
    ) -> CreatedTable:
        created = play_table.new_table(name, system_id, options, gm_name)
        with self.transaction() as s:
            row = TableRow(
                id=created.table.id,
                name=created.table.name,
                system_id=created.table.system_id,
                options=created.table.options,
                invite_hash=token_hash(created.invite_token),
                invite_sealed=seal(created.invite_token, created.gm_token),
                last_seq=0,
                created_at=_now(),
            )
            s.add(row)
            s.flush()
            self._add_member(s, row.id, created.gm, created.gm_token)
            self._append(s, row, None, created.event)
        return CreatedTable(created.table, created.gm, created.gm_token, created.invite_token)

    def _add_member(self, s: Session, table_id: str, member: Member, token: str) -> None:
        s.add(_member_row(table_id, member, token, _now()))
        s.flush()

    def table_for_invite(self, invite_token: str) -> TableInfo:
        with self.transaction() as s:
            return self._info(_by_token(s, TableRow, invite_token))

    def join(self, invite_token: str, display_name: str) -> tuple[Access, str]:
        """A player joins through the invite link; returns their access and their own token."""
        with self.transaction() as s:
            row = _by_token(s, TableRow, invite_token, lock=True)
            state = self._current(s, row, locked=True)
            joined = play_table.join(state, display_name)
            self._add_member(s, row.id, joined.member, joined.token)
            self._append(s, row, state, joined.event)
        return Access(row.id, joined.member, joined.token), joined.token

    def authenticate(self, token: str) -> Access:
        """The member whose link carries `token`, looked up by its hash (`_by_token`)."""
        with self.transaction() as s:
            row = _by_token(s, MemberRow, token)
            return Access(row.table_id, _member(row), token)

    def members(self, table_id: str) -> list[Member]:
        with self.transaction() as s:
            rows = s.scalars(
                select(MemberRow)
                .where(MemberRow.table_id == table_id)
                .order_by(MemberRow.joined_at)
            )
            return [_member(r) for r in rows]

    def invite_token(self, access: Access) -> str:
        """The player invite link's token, for the GM to share: unsealed with the GM's own token
        (the store alone cannot read it)."""
        require_gm(access.member, Text(fr="voir le lien d'invitation", en="see the invite link"))
        with self.transaction() as s:
            row = self._table_row(s, access.table_id)
            sealed = row.invite_sealed
            invite = unseal(sealed, row.invite_hash, access.token) if sealed else None
            if invite is None:
                raise NotFound(
                    Text(
                        fr="lien d'invitation illisible : renouvelez-le",
                        en="invite link unreadable: renew it",
                    )
                )
            return invite

    def renew_invite(self, access: Access) -> tuple[Event, str]:
        """The GM's new invite link (its event, its token): the old one stops working."""
        with self.transaction() as s:
            row = self._table_row(s, access.table_id, lock=True)
            state = self._current(s, row, locked=True)
            draft = play_table.renew_invite(state, state.member(access.member.id))
            gm_token = self._current_token(s, row, access)
            invite = new_token()
            row.invite_hash = token_hash(invite)
            row.invite_sealed = seal(invite, gm_token)
            return self._append(s, row, state, draft), invite

    def renew_link(self, access: Access, member_id: str, revoke: bool) -> tuple[Event, str | None]:
        """A member's new link (its event and token; None when revoked: the member's token is
        replaced by one no one is given). The old token stops working at the commit."""
        with self.transaction() as s:
            row = self._table_row(s, access.table_id, lock=True)
            state = self._current(s, row, locked=True)
            draft = play_table.renew_link(state, state.member(access.member.id), member_id, revoke)
            member = self._seat(s, row, member_id)
            token = new_token()
            if member.id == access.member.id:  # the GM's own: the invite is sealed anew
                self._reseal_invite(row, self._current_token(s, row, access), token)
            member.token_hash = token_hash(token)
            event = self._append(s, row, state, draft)
            return event, None if revoke else token

    @staticmethod
    def _reseal_invite(row: TableRow, old_gm_token: str, new_gm_token: str) -> None:
        """The invite sealed under the GM's new token. An invite no token opens (a table
        stored before invites were sealed) stays unsealed: its page asks to renew it."""
        sealed = row.invite_sealed
        invite = unseal(sealed, row.invite_hash, old_gm_token) if sealed else None
        if invite is not None:
            row.invite_sealed = seal(invite, new_gm_token)

    @staticmethod
    def _current_token(s: Session, row: TableRow, access: Access) -> str:
        """The token `access` came with, if it is still its member's link now that the table is
        locked. A request that authenticated with a link renewed meanwhile (another tab) would
        seal the invite under a token no one holds, leaving the GM's page an invite it cannot
        show: it is refused as the stale link it is."""
        member = s.get(MemberRow, access.member.id)
        if (
            member is None
            or member.table_id != row.id
            or member.token_hash != token_hash(access.token)
        ):
            raise _bad_token()
        return access.token

    @staticmethod
    def _seat(s: Session, row: TableRow, member_id: str) -> MemberRow:
        """A member's row at this table. The play command found them in the log already; a row
        that disagrees is refused like any unknown member (never an assertion, which `python
        -O` strips and which would answer 500)."""
        member = s.get(MemberRow, member_id)
        if member is None or member.table_id != row.id:
            raise not_found(Text(fr="membre", en="member"), member_id)
        return member

    def remove_member(self, access: Access, member_id: str) -> Event:
        """The GM removes a member: the event (their characters pass to the GM) and their link
        revoked, in one transaction. The row stays (the log names them as actor)."""
        with self.transaction() as s:
            row = self._table_row(s, access.table_id, lock=True)
            state = self._current(s, row, locked=True)
            draft = play_table.remove_member(state, state.member(access.member.id), member_id)
            member = self._seat(s, row, member_id)
            member.token_hash = token_hash(new_token())  # a token no one is given
            return self._append(s, row, state, draft)

    def delete_table(self, access: Access, confirm: str) -> None:
        """The GM deletes the table and everything of it, for good; `confirm` must repeat the
        table's name (a deletion is never a slip)."""
        require_gm(access.member, Text(fr="supprimer la table", en="delete the table"))
        with self.transaction() as s:
            row = self._table_row(s, access.table_id, lock=True)
            if " ".join(confirm.split()).casefold() != row.name.casefold():
                raise forbidden(
                    f"pour supprimer la table, recopiez son nom : « {row.name} »",
                    f"to delete the table, type its name: '{row.name}'",
                )
            for owned in _OWNED_BY_TABLE:
                s.execute(delete(owned).where(owned.c.table_id == row.id))
            s.delete(row)
        self._forget(access.table_id)

    # -- state --------------------------------------------------------------------------------

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
            members={m.id: _member(m) for m in members},
            characters={
                c.id: StoredCharacter(
                    id=c.id,
                    owner_id=c.owner_id,
                    sheet=c.sheet,
                    version=c.version,
                    secret=c.secret,
                    deleted=c.deleted,
                )
                for c in characters
            },
            encounters={e.id: EncounterState.model_validate(e.state) for e in encounters},
            last_seq=row.last_seq,
            archived=archived,
            dice_key=self._dice_key(s, row.id),
        )

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
            state = apply(state, _event(found))
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
            return rebuild(_event(r) for r in rows)

    # -- writing ------------------------------------------------------------------------------

    def _append(
        self, s: Session, row: TableRow, state: TableState | None, draft: EventDraft
    ) -> Event:
        if state is not None:
            require_open(state.archived, draft.kind)
        _refuse_nul(draft.payload)
        at = _now()
        event = Event(**draft.model_dump(), table_id=row.id, seq=row.last_seq + 1, at=at)
        after = apply(state, event)
        s.add(_event_row(row.id, event, at))
        row.last_seq = event.seq
        self._project(s, row, state, after)
        s.flush()
        s.info.setdefault("folded", []).append((row, after))
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

    def character(self, access: Access, character_id: str) -> StoredCharacter:
        with self.transaction() as s:
            row = s.get(CharacterRow, character_id)
            hidden = row is not None and row.secret and not access.member.is_gm
            if row is None or row.table_id != access.table_id or row.deleted or hidden:
                raise not_found(Text(fr="personnage", en="character"), character_id)
            return StoredCharacter(
                id=row.id,
                owner_id=row.owner_id,
                sheet=row.sheet,
                version=row.version,
                secret=row.secret,
            )

    # -- reading the log ----------------------------------------------------------------------

    def _viewer(self, s: Session, access: Access) -> Member:
        row = s.get(MemberRow, access.member.id)
        if row is None or row.table_id != access.table_id:
            raise _bad_token()
        return _member(row)

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
                .limit(_limit(limit))
            )
            return [view_for(_event(r), viewer) for r in rows]

    def events_since(self, table_id: str, after_seq: int, limit: int = PAGE_MAX) -> list[Event]:
        """The table's events after `after_seq`, in order and whole: for the live hub of a worker
        that heard of them from another, which sends each connection only `view_for` its member.
        Never hand these to a client as they are."""
        with self.transaction() as s:
            rows = s.scalars(
                select(EventRow)
                .where(EventRow.table_id == table_id, EventRow.seq > after_seq)
                .order_by(EventRow.seq)
                .limit(_limit(limit))
            )
            return [_event(r) for r in rows]

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
            rows = list(s.scalars(query.order_by(EventRow.seq.desc()).limit(_limit(limit))))
            rows.reverse()
            first = rows[0].seq if rows else None
            return LogPage(
                [view_for(_event(r), viewer) for r in rows],
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
            return view_for(_event(row), viewer)

    # -- a whole table out and in (backup, move) ----------------------------------------------

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
            viewer = _member(wanted[0]) if wanted else None
            if viewer is None:
                raise not_found(Text(fr="membre", en="member"), member_id or "MJ")
            events = s.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
            )
            views = [view_for(_event(r), viewer) for r in events]
            members = [
                ExportedMember(
                    id=m.id,
                    role=m.role,
                    display_name=m.display_name,
                    joined_at=_utc(m.joined_at),
                    removed=m.id not in state.members,
                )
                for m in rows
            ]
            return export_table(
                state.table,
                viewer.id,
                views,
                _now(),
                members=members,
                state=view_state(state, viewer),
            )

    def import_table(self, imported: ImportedTable) -> ImportedSeats:
        """Store a checked export (`ecran.play.export.read_export`) as a new table, in one
        transaction: its log as it was, characters and encounters as the log folds them, every
        member with a new link (a removed one's given to no one), a new invite link. Refused
        in one line, storing nothing, when this server already holds any of its ids."""
        state, table = imported.state, imported.state.table
        tokens = {m.id: new_token() for m in imported.members}
        invite = new_token()
        try:
            with self.transaction() as s:
                self._refuse_taken(s, imported)
                first = imported.events[0].at or _now()
                row = TableRow(
                    id=table.id,
                    name=table.name,
                    system_id=table.system_id,
                    options=table.options,
                    invite_hash=token_hash(invite),
                    invite_sealed=seal(invite, tokens[imported.gm_id]),
                    last_seq=state.last_seq,
                    created_at=first,
                )
                s.add(row)
                s.flush()
                for m in imported.members:
                    s.add(_member_row(table.id, m, tokens[m.id], m.joined_at or first))
                s.flush()
                for e in imported.events:
                    s.add(_event_row(table.id, e, e.at or first))
                self._project(s, row, None, state)
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
