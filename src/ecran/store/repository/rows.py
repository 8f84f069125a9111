"""Rows as the repository reads and writes them: members, events, the row a token opens (by its
hash), and the backstop refusing what the database cannot store."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from ecran.play import Event, Member, StoredCharacter
from ecran.play.errors import NotFound
from ecran.play.export import ExportedMember
from ecran.rules import EcranError, Text
from ecran.rules.clean_text import UNSTORABLE, dotted, first_unsafe, refusal
from ecran.store.models import CharacterRow, EventRow, MemberRow, TableRow
from ecran.store.tokens import token_hash


def payload_bytes(value: Any) -> int:
    """The room an event's payload takes, as a table's quota counts it: its JSON's UTF-8 bytes
    (checked storable first: `refuse_unstorable`)."""
    return refuse_unstorable(value)


def refuse_unstorable(value: Any) -> int:
    """The backstop under every write of the log: an event is stored only if it can be read
    back. PostgreSQL cannot store a NUL in text or jsonb (SQLite can), and a lone surrogate
    (valid JSON, `"\\ud800"`) is stored by SQLite but cannot be sent to anyone (no UTF-8 for
    it): either is refused, the same way on both, before anything is written, as is anything
    JSON cannot write (NaN, an object). The web refuses these at its edge (`ecran.web.text`);
    this catches the rest. Its JSON's UTF-8 bytes, when storable."""
    found = first_unsafe(value, refused=UNSTORABLE)
    if found is not None:
        where, code = found
        why, at = refusal(code), f" ({dotted(where)})" if where else ""
        raise EcranError(
            Text(
                fr=f"valeur non enregistrable{at} : {why.fr}",
                en=f"value that cannot be stored{at}: {why.en}",
            )
        )
    try:
        return len(json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8"))
    except (TypeError, ValueError) as exc:  # UnicodeEncodeError is a ValueError
        raise EcranError(
            Text(
                fr=f"valeur non enregistrable : {type(exc).__name__}",
                en=f"value that cannot be stored: {type(exc).__name__}",
            )
        ) from None


def now() -> datetime:
    return datetime.now(UTC)


def bad_token() -> NotFound:
    return NotFound(Text(fr="lien invalide ou expiré", en="invalid or expired link"))


_Hashed = TypeVar("_Hashed", TableRow, MemberRow)


#: The column holding the hash of the token that opens a row of each table.
_TOKEN_HASH = {TableRow: TableRow.invite_hash, MemberRow: MemberRow.token_hash}


def by_token(s: Session, model: type[_Hashed], token: str, lock: bool = False) -> _Hashed:
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
        raise bad_token()
    return row


def as_member(row: MemberRow) -> Member:
    return Member(id=row.id, role=row.role, display_name=row.display_name)


def as_character(row: CharacterRow) -> StoredCharacter:
    """A character's row read back: the record's fields are the row's columns, by name."""
    return StoredCharacter.model_validate(row, from_attributes=True)


def member_row(
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


def event_row(table_id: str, event: Event, at: datetime) -> EventRow:
    """An event's row of the log (`as_event` reads it back), if it can be read back."""
    refuse_unstorable(event.payload)
    return EventRow(
        table_id=table_id,
        seq=event.seq,
        kind=event.kind,
        actor_id=event.actor_id,
        visibility=event.visibility,
        payload=event.payload,
        at=at,
    )


def as_event(row: EventRow) -> Event:
    return Event(
        table_id=row.table_id,
        seq=row.seq,
        kind=row.kind,
        actor_id=row.actor_id,
        visibility=row.visibility,
        payload=row.payload,
        at=row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC),  # SQLite drops the zone
    )


def utc(at: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=UTC)  # SQLite drops the zone
