"""The scene board's images: a scene's map and a handout's picture, re-encoded, stored with
their table (so every worker serves them and they travel in the table's export).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "images",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("media_type", sa.String(32), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_images_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("table_id", "id", name="pk_images"),
    )


def downgrade() -> None:
    op.drop_table("images")
