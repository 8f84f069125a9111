"""Persistence: SQLAlchemy models and Alembic migrations (SQLite default, PostgreSQL by URL).

`open_store()` opens (and migrates) the database and returns the `Store` the web calls
(`open_engine()` the same without the repository, for a start that needs only the schema);
`claim_serving()` holds the database for one serving process (or for workers sharing Redis).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.lazy import lazy_names

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from ecran.store.db import ENV_URL, default_url, existing, make_engine, migrate, resolve_url
    from ecran.store.repository import Access, CreatedTable, LogPage, Store
    from ecran.store.serving import AlreadyServed, Claim, shareable, unreachable, where
    from ecran.store.serving import claim as claim_serving

#: Each public name -> its module (`module:name` where named otherwise), loaded on first use:
#: `ecran serve` checks and holds a migrated SQLite file (`ecran.store.head`, the standard
#: library alone) and answers its first page before SQLAlchemy, the ORM and the play layer load.
_HOME = {
    "ENV_URL": "db",
    "default_url": "head",
    "existing": "db",
    "make_engine": "db",
    "migrate": "db",
    "resolve_url": "head",
    "Access": "repository",
    "CreatedTable": "repository",
    "LogPage": "repository",
    "Store": "repository",
    "AlreadyServed": "serving",
    "Claim": "serving",
    "claim_serving": "serving:claim",
    "shareable": "serving",
    "unreachable": "serving",
    "where": "serving",
}


__getattr__ = lazy_names(__name__, _HOME)


def open_engine(url: str | None = None, *, create: bool = True) -> Engine:
    """The engine of the database at `url` (as `open_store`), its schema brought up to date
    first: SQLAlchemy's core alone, no ORM and no repository."""
    from ecran.store.db import existing, make_engine, migrate, resolve_url

    url = resolve_url(url)
    if not create:
        existing(url)
    engine = make_engine(url)
    migrate(engine)
    return engine


def open_store(url: str | None = None, *, create: bool = True) -> Store:
    """The store at `url`, else `ECRAN_DATABASE_URL`, else SQLite in the platform data
    directory; its schema is brought up to date first. A SQLite file that is not there is
    created, unless `create` is False (a command that only reads it): then it is refused."""
    from ecran.store.repository import Store

    return Store(open_engine(url, create=create))


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
    "existing",
    "make_engine",
    "migrate",
    "open_engine",
    "open_store",
    "resolve_url",
    "shareable",
    "unreachable",
    "where",
]
