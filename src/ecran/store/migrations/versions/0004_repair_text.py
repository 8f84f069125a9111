"""Repair text that cannot be read back: a lone surrogate (valid JSON, `"\\ud800"`, stored by
SQLite but unsendable as UTF-8), a NUL, a control or bidi-override character, in any event,
character, encounter, table or member stored before the web and the store refused them (#28).
Each is replaced by U+FFFD (`ecran.rules.clean_text.repaired`); the rest of the text is kept,
so a poisoned table's log, pages and export are readable again. Nothing else changes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from ecran.rules.clean_text import UNSAFE, first_unsafe, repaired

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: (table, key column, JSON columns, text columns) holding what clients wrote.
_HOLDERS = (
    ("events", "id", ("payload",), ()),
    ("characters", "id", ("sheet",), ()),
    ("encounters", "id", ("state",), ()),
    ("game_tables", "id", ("options",), ("name",)),
    ("members", "id", (), ("display_name",)),
)


def _read(raw: Any) -> Any:
    """A JSON column as stored: text on SQLite (escapes kept as written), parsed on PostgreSQL."""
    return json.loads(raw) if isinstance(raw, str | bytes) else raw


def _repair_table(
    bind: sa.Connection, name: str, key: str, docs: tuple[str, ...], texts: tuple[str, ...]
) -> int:
    columns = [key, *docs, *texts]
    rows = bind.execute(sa.text(f"SELECT {', '.join(columns)} FROM {name}"))
    fixed = 0
    for row in rows.mappings().all():
        changes: dict[str, Any] = {}
        for column in docs:
            value = _read(row[column])
            if first_unsafe(value) is not None:
                changes[column] = json.dumps(repaired(value))
        for column in texts:
            value = row[column]
            if isinstance(value, str) and UNSAFE.search(value):
                changes[column] = repaired(value)
        if changes:
            _write(bind, name, key, row[key], changes, docs)
            fixed += 1
    return fixed


def _write(
    bind: sa.Connection,
    name: str,
    key: str,
    id_: Any,
    changes: dict[str, Any],
    docs: tuple[str, ...],
) -> None:
    cast = "CAST(:{0} AS JSONB)" if bind.dialect.name == "postgresql" else ":{0}"
    sets = ", ".join(f"{c} = {cast.format(c) if c in docs else ':' + c}" for c in changes)
    bind.execute(sa.text(f"UPDATE {name} SET {sets} WHERE {key} = :_key"), {**changes, "_key": id_})


def upgrade() -> None:
    bind = op.get_bind()
    for name, key, docs, texts in _HOLDERS:
        _repair_table(bind, name, key, docs, texts)


def downgrade() -> None:
    """Nothing to undo: the replaced characters were never readable."""
