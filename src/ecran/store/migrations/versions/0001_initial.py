"""The first schema: tables, members, characters, encounters, the event log.

Revision ID: 0001
Revises:
Create Date: 2026-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("system_id", sa.String(40), nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("invite_token", sa.String(64), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_game_tables"),
        sa.UniqueConstraint("invite_token", name="uq_game_tables_invite_token"),
    )
    op.create_table(
        "members",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("role", sa.String(10), nullable=False),
        sa.Column("display_name", sa.String(60), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("joined_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_members_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_members"),
        sa.UniqueConstraint("token", name="uq_members_token"),
    )
    op.create_index("ix_members_table_id", "members", ["table_id"])
    op.create_table(
        "characters",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("owner_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("secret", sa.Boolean(), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("sheet", JSON, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_characters_table_id_game_tables"
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["members.id"], name="fk_characters_owner_id_members"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_characters"),
    )
    op.create_index("ix_characters_table_id", "characters", ["table_id"])
    op.create_table(
        "encounters",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_encounters_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_encounters"),
    )
    op.create_index("ix_encounters_table_id", "encounters", ["table_id"])
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("actor_id", sa.String(32), nullable=True),
        sa.Column("visibility", sa.String(10), nullable=False),
        sa.Column("payload", JSON, nullable=False),
        sa.Column("at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_events_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_events"),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_id_seq"),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_index("ix_encounters_table_id", table_name="encounters")
    op.drop_table("encounters")
    op.drop_index("ix_characters_table_id", table_name="characters")
    op.drop_table("characters")
    op.drop_index("ix_members_table_id", table_name="members")
    op.drop_table("members")
    op.drop_table("game_tables")
