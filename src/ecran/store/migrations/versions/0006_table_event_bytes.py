"""`game_tables.events_bytes`: the room a table's stored events take (the UTF-8 bytes of each
event's JSON payload, as `ecran.store.repository.rows.payload_bytes` counts them), kept beside
the log so a write can be refused over the table's quota (`ECRAN_TABLE_EVENTS_MB`) without
reading the log. Filled for the tables already stored.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _size(raw: Any) -> int:
    """A payload's bytes as `payload_bytes` counts them (stored as text on SQLite, parsed on
    PostgreSQL)."""
    value = json.loads(raw) if isinstance(raw, str | bytes) else raw
    return len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(
            sa.Column("events_bytes", sa.BigInteger(), nullable=False, server_default="0")
        )
    conn = op.get_bind()
    sizes: dict[str, int] = {}
    rows = conn.execute(sa.text("SELECT table_id, payload FROM events")).yield_per(1000)
    for table_id, payload in rows:
        sizes[table_id] = sizes.get(table_id, 0) + _size(payload)
    for table_id, size in sizes.items():
        conn.execute(
            sa.text("UPDATE game_tables SET events_bytes = :size WHERE id = :id"),
            {"size": size, "id": table_id},
        )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("events_bytes")
