"""Link tokens stored hashed: `members.token` -> `token_hash`, `game_tables.invite_token` ->
`invite_hash` + `invite_sealed` (the invite sealed under the GM's token, see
`ecran.store.tokens`). Existing rows are converted in place: every link keeps working.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ecran.store.tokens import HASH_LENGTH, SEALED_LENGTH, seal, token_hash

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_members = sa.table(
    "members",
    sa.column("id", sa.String),
    sa.column("table_id", sa.String),
    sa.column("role", sa.String),
    sa.column("joined_at", sa.DateTime),
    sa.column("token", sa.String),
    sa.column("token_hash", sa.String),
)
_tables = sa.table(
    "game_tables",
    sa.column("id", sa.String),
    sa.column("invite_token", sa.String),
    sa.column("invite_hash", sa.String),
    sa.column("invite_sealed", sa.String),
)


def _gm_tokens(bind: sa.Connection) -> dict[str, str]:
    """Each table's GM token (the first GM to join: the one the table's creation made)."""
    rows = bind.execute(
        sa.select(_members.c.table_id, _members.c.token)
        .where(_members.c.role == "gm")
        .order_by(_members.c.joined_at)
    )
    found: dict[str, str] = {}
    for table_id, token in rows:
        found.setdefault(table_id, token)
    return found


def upgrade() -> None:
    bind = op.get_bind()
    with op.batch_alter_table("members") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(HASH_LENGTH), nullable=True))
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(HASH_LENGTH), nullable=True))
        batch.add_column(sa.Column("invite_sealed", sa.String(SEALED_LENGTH), nullable=True))

    for member_id, token in bind.execute(sa.select(_members.c.id, _members.c.token)).all():
        bind.execute(
            _members.update().where(_members.c.id == member_id).values(token_hash=token_hash(token))
        )
    gm_tokens = _gm_tokens(bind)
    for table_id, invite in bind.execute(sa.select(_tables.c.id, _tables.c.invite_token)).all():
        gm = gm_tokens.get(table_id)
        bind.execute(
            _tables.update()
            .where(_tables.c.id == table_id)
            .values(invite_hash=token_hash(invite), invite_sealed=seal(invite, gm) if gm else None)
        )

    with op.batch_alter_table("members") as batch:
        batch.drop_constraint("uq_members_token", type_="unique")
        batch.drop_column("token")
        batch.alter_column("token_hash", existing_type=sa.String(HASH_LENGTH), nullable=False)
        batch.create_unique_constraint("uq_members_token_hash", ["token_hash"])
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_constraint("uq_game_tables_invite_token", type_="unique")
        batch.drop_column("invite_token")
        batch.alter_column("invite_hash", existing_type=sa.String(HASH_LENGTH), nullable=False)
        batch.create_unique_constraint("uq_game_tables_invite_hash", ["invite_hash"])


def downgrade() -> None:
    """A hash cannot be turned back into its token: going down would lock every member out."""
    raise NotImplementedError("tokens are stored hashed; there is no way back to plain tokens")
