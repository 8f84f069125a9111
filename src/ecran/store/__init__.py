"""Persistence: SQLAlchemy models and Alembic migrations (SQLite default, PostgreSQL by URL).

`open_store()` opens (and migrates) the database and returns the `Store` the web calls;
`claim_serving()` holds the database for one serving process (or for workers sharing Redis).
"""

from __future__ import annotations

from ecran.store.db import ENV_URL, default_url, existing, make_engine, migrate, resolve_url
from ecran.store.repository import Access, CreatedTable, LogPage, Store
from ecran.store.serving import AlreadyServed, Claim, shareable, unreachable, where
from ecran.store.serving import claim as claim_serving


def open_store(url: str | None = None, *, create: bool = True) -> Store:
    """The store at `url`, else `ECRAN_DATABASE_URL`, else SQLite in the platform data
    directory; its schema is brought up to date first. A SQLite file that is not there is
    created, unless `create` is False (a command that only reads it): then it is refused."""
    url = resolve_url(url)
    if not create:
        existing(url)
    engine = make_engine(url)
    migrate(engine)
    return Store(engine)


__all__ = [
    "ENV_URL",
    "Access",
    "AlreadyServed",
    "Claim",
    "CreatedTable",
    "LogPage",
    "Store",
    "claim_serving",
    "default_url",
    "make_engine",
    "migrate",
    "open_store",
    "resolve_url",
    "shareable",
    "unreachable",
    "where",
]
