"""Alembic environment: run by `ecran.store.db.migrate` with an open connection (no alembic.ini)."""

from __future__ import annotations

from alembic import context

from ecran.store.db import make_engine, resolve_url
from ecran.store.models import Base

connection = context.config.attributes.get("connection")


def _run(conn: object) -> None:
    context.configure(
        connection=conn,  # type: ignore[arg-type]
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    _run(connection)
else:  # `alembic -x ...` from a shell: open the configured database ourselves
    with make_engine(resolve_url()).begin() as own:
        _run(own)
