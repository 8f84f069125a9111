"""Persistence: SQLAlchemy models and Alembic migrations (SQLite default, PostgreSQL by URL).

`open_store()` opens (and migrates) the database and returns the `Store` the web calls
(`open_engine()` the same without the repository, for a start that needs only the schema);
`claim_serving()` holds the database for one serving process (or for workers sharing Redis).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ecran.store.db import ENV_URL, default_url, existing, make_engine, migrate, resolve_url
from ecran.store.serving import AlreadyServed, Claim, shareable, unreachable, where
from ecran.store.serving import claim as claim_serving

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from ecran.store.repository import Access, CreatedTable, LogPage, Store

#: The repository's names, loaded on first use (PEP 562): `ecran serve` migrates, claims the
#: database and answers its first page before the ORM and the play layer are imported.
_REPOSITORY = frozenset({"Access", "CreatedTable", "LogPage", "Store"})


def __getattr__(name: str) -> Any:
    if name not in _REPOSITORY:
        raise AttributeError(f"module 'ecran.store' has no attribute {name!r}")
    value = getattr(import_module("ecran.store.repository"), name)
    globals()[name] = value  # asked once: the next read is a plain attribute
    return value


def open_engine(url: str | None = None, *, create: bool = True) -> Engine:
    """The engine of the database at `url` (as `open_store`), its schema brought up to date
    first: SQLAlchemy's core alone, no ORM and no repository."""
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
    "make_engine",
    "migrate",
    "open_engine",
    "open_store",
    "resolve_url",
    "shareable",
    "unreachable",
    "where",
]
