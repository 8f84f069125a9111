"""Opening the database: which URL, SQLite's settings, and the migrations run at start-up.

The address and the migrations' head are read in `ecran.store.head` (the standard library
alone); they are named here too."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from ecran.rules import EcranError, Text
from ecran.settings import env_name
from ecran.store.head import MIGRATIONS, default_url, heads, resolve_url

ENV_URL = env_name("database_url")
#: How long a writer waits for another's transaction before giving up (milliseconds).
BUSY_TIMEOUT_MS = 30_000
#: PostgreSQL advisory lock key held while migrating (any constant of ours; "ecran" in ASCII).
MIGRATION_LOCK = 0x6563_7261_6E


def parse_url(url: str) -> URL:
    """The database URL, refused in one line when SQLAlchemy cannot read it (`a`) or knows no
    such database (`bogus://x`), rather than failing with SQLAlchemy's error."""
    parsed: URL | None = None
    try:
        parsed = make_url(url)
        parsed.get_dialect()  # an unknown backend or driver is refused here
    except ArgumentError:  # NoSuchModuleError (unknown backend) is one too
        shown = url if parsed is None else parsed.render_as_string(hide_password=True)
        raise EcranError(
            Text(
                fr=f"adresse de base de données invalide : {shown}",
                en=f"invalid database URL: {shown}",
            )
        ) from None
    return parsed


def sqlite_file(parsed: URL) -> Path | None:
    """The file of a SQLite database (None for another database, or an in-memory one)."""
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).expanduser()


def existing(url: str) -> None:
    """Refuse, in one line, a SQLite file that is not there: a command that only reads the
    database must not create an empty one (the server creates it on its first start)."""
    file = sqlite_file(parse_url(url))
    if file is not None and not file.is_file():
        raise EcranError(
            Text(fr=f"base de données introuvable : {file}", en=f"database not found: {file}")
        )


def _sqlite_settings(engine: Engine) -> None:
    """WAL (readers never wait for the writer), foreign keys enforced, and every transaction
    taking the write lock at BEGIN, so two writers queue instead of failing half-way."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        _wal(cursor)
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _wal(cursor: Any) -> None:
    """Switch the file to WAL (kept in the file: a no-op once done). On a new file, two
    processes opening it at once (`ecran serve` workers, two servers) race for the switch, and
    SQLite answers the loser "database is locked" at once, without its busy timeout: the switch
    is tried again until that timeout has passed, as any other write would wait."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def make_engine(url: str) -> Engine:
    parsed = parse_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    file = sqlite_file(parsed)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    _sqlite_settings(engine)
    return engine


def is_current(engine: Engine) -> bool:
    """Whether the database is already at the migrations' head (one small query)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return False
        rows = connection.execute(text("SELECT version_num FROM alembic_version")).scalars()
        return frozenset(rows) == heads()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (idempotent), in one transaction.

    A database already at the head is left as it is without loading Alembic (`is_current`):
    that is every start but the first after an upgrade.

    SQLite alters a table by copying it and dropping the old copy, which enforced foreign keys
    refuse while other rows point at it; so, as SQLite's documentation prescribes, they are off
    during the migration (a pragma that only works outside a transaction) and every reference
    is checked before the commit."""
    if is_current(engine):
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            _foreign_keys(connection, on=False)
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    # Two processes started at once on a fresh database would both create the
                    # tables (one fails on a duplicate type): the second waits here, then finds
                    # them made.
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise RuntimeError("the migration left a broken reference; nothing changed")
        finally:
            if sqlite:
                _foreign_keys(connection, on=True)


def _foreign_keys(connection: Connection, on: bool) -> None:
    """Switch SQLite's foreign keys on the driver's connection (outside any transaction: the
    connection's `begin` listener would otherwise open one first)."""
    driver = connection.connection.driver_connection
    assert driver is not None
    driver.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


__all__ = [
    "BUSY_TIMEOUT_MS",
    "ENV_URL",
    "MIGRATIONS",
    "MIGRATION_LOCK",
    "default_url",
    "existing",
    "heads",
    "is_current",
    "make_engine",
    "migrate",
    "parse_url",
    "resolve_url",
    "sqlite_file",
]
