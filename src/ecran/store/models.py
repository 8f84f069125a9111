"""The tables of the store. The event log is the truth; characters and encounters are kept up to
date beside it (in the same transaction) so a command need not fold the whole log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from ecran.store.tokens import HASH_LENGTH, SEALED_LENGTH

#: Portable JSON: JSONB on PostgreSQL, JSON text elsewhere.
Json = JSON().with_variant(JSONB(), "postgresql")

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID = 32


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    system_id: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    #: SHA-256 of the invite link's token (`ecran.store.tokens`): the token itself is not kept.
    invite_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    #: The invite token sealed under the GM's token, so the GM's page can show the link again.
    invite_sealed: Mapped[str | None] = mapped_column(String(SEALED_LENGTH))
    #: The last sequence number given to an event of this table (the counter of the log).
    last_seq: Mapped[int] = mapped_column(Integer)
    #: The UTF-8 bytes of its events' JSON payloads (`rows.payload_bytes`): its quota's count.
    events_bytes: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MemberRow(Base):
    __tablename__ = "members"

    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    role: Mapped[str] = mapped_column(String(10))
    display_name: Mapped[str] = mapped_column(String(60))
    #: SHA-256 of the member's link token; the token itself is shown once, never stored.
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CharacterRow(Base):
    __tablename__ = "characters"

    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    owner_id: Mapped[str] = mapped_column(ForeignKey("members.id"))
    version: Mapped[int] = mapped_column(Integer)
    secret: Mapped[bool]
    deleted: Mapped[bool]
    sheet: Mapped[dict[str, Any]] = mapped_column(Json)


class EncounterRow(Base):
    __tablename__ = "encounters"

    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    #: `ecran.play.EncounterState` as JSON (the encounter and its undo history).
    state: Mapped[dict[str, Any]] = mapped_column(Json)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_events_table_id_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    actor_id: Mapped[str | None] = mapped_column(String(ID))
    visibility: Mapped[str] = mapped_column(String(10))
    payload: Mapped[dict[str, Any]] = mapped_column(Json)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ImageRow(Base):
    """An image of a table (a scene's map, a handout), re-encoded without metadata
    (`ecran.play.board.image.accept`): stored in the database so every worker serves it."""

    __tablename__ = "images"

    #: Its table first: an imported table keeps its images' ids (its events name them).
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    media_type: Mapped[str] = mapped_column(String(32))
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
    #: len(data), summed for the table's quota without reading the images.
    size: Mapped[int] = mapped_column(Integer)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class IdempotencyRow(Base):
    """The first answer to a write sent with an `Idempotency-Key` (`ecran.web.idempotency`):
    per table (empty for a write that makes one) and key hash; sealed under the key, so the
    database alone cannot read it (an answer may carry a link's token)."""

    __tablename__ = "idempotency_keys"

    table_id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    #: SHA-256 of the table, the key and the member's token: a key is the member's own.
    key_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The first event the request stored (in the event's own transaction), or None.
    seq: Mapped[int | None] = mapped_column(Integer)
    #: The answer's status and sealed headers and body, once answered.
    status: Mapped[int | None] = mapped_column(Integer)
    answer: Mapped[str | None] = mapped_column(Text)
