"""Tables and members: creating and deleting a table, joining through the invite link, members'
links (issued, renewed, revoked), the sealed invite."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ecran.play import Event, Member, TableInfo
from ecran.play import table as play_table
from ecran.play.errors import NotFound, forbidden, not_found
from ecran.play.model import new_token
from ecran.play.rights import require_gm
from ecran.rules import Text
from ecran.store.models import Base, MemberRow, TableRow
from ecran.store.repository.records import Access, CreatedTable
from ecran.store.repository.rows import as_member, bad_token, by_token, member_row, now
from ecran.store.repository.writing import Writing
from ecran.store.tokens import seal, token_hash, unseal

#: The tables holding a game table's rows, children before parents (a character names its
#: owner member), from the schema itself so a table added later is deleted with the rest.
_OWNED_BY_TABLE = [t for t in reversed(Base.metadata.sorted_tables) if "table_id" in t.c]


class Members(Writing):
    """Tables and their members' links."""

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
                created_at=now(),
            )
            s.add(row)
            s.flush()
            self._add_member(s, row.id, created.gm, created.gm_token)
            self._append(s, row, None, created.event)
        return CreatedTable(created.table, created.gm, created.gm_token, created.invite_token)

    def _add_member(self, s: Session, table_id: str, member: Member, token: str) -> None:
        s.add(member_row(table_id, member, token, now()))
        s.flush()

    def table_for_invite(self, invite_token: str) -> TableInfo:
        with self.transaction() as s:
            return self._info(by_token(s, TableRow, invite_token))

    def join(self, invite_token: str, display_name: str) -> tuple[Access, str]:
        """A player joins through the invite link; returns their access and their own token."""
        with self.transaction() as s:
            row = by_token(s, TableRow, invite_token, lock=True)
            state = self._current(s, row, locked=True)
            joined = play_table.join(state, display_name)
            self._add_member(s, row.id, joined.member, joined.token)
            self._append(s, row, state, joined.event)
        return Access(row.id, joined.member, joined.token), joined.token

    def authenticate(self, token: str) -> Access:
        """The member whose link carries `token`, looked up by its hash (`by_token`)."""
        with self.transaction() as s:
            row = by_token(s, MemberRow, token)
            return Access(row.table_id, as_member(row), token)

    def members(self, table_id: str) -> list[Member]:
        with self.transaction() as s:
            rows = s.scalars(
                select(MemberRow)
                .where(MemberRow.table_id == table_id)
                .order_by(MemberRow.joined_at)
            )
            return [as_member(r) for r in rows]

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
            raise bad_token()
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
