"""Opening the database: which URL, SQLite's settings, and the migrations run at start-up."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url

ENV_URL = "ECRAN_DATABASE_URL"
MIGRATIONS = Path(__file__).parent / "migrations"
#: How long a writer waits for another's transaction before giving up (milliseconds).
BUSY_TIMEOUT_MS = 30_000
#: PostgreSQL advisory lock key held while migrating (any constant of ours; "ecran" in ASCII).
MIGRATION_LOCK = 0x6563_7261_6E


def default_url() -> str:
    folder = Path(platformdirs.user_data_dir("ecran"))
    return f"sqlite:///{folder / 'ecran.sqlite3'}"


def resolve_url(url: str | None = None) -> str:
    """The given URL, else `ECRAN_DATABASE_URL`, else SQLite in the platform data directory."""
    return url or os.environ.get(ENV_URL) or default_url()


def _sqlite_settings(engine: Engine) -> None:
    """WAL (readers never wait for the writer), foreign keys enforced, and every transaction
    taking the write lock at BEGIN, so two writers queue instead of failing half-way."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    _sqlite_settings(engine)
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (idempotent), in one transaction.

    SQLite alters a table by copying it and dropping the old copy, which enforced foreign keys
    refuse while other rows point at it; so, as SQLite's documentation prescribes, they are off
    during the migration (a pragma that only works outside a transaction) and every reference
    is checked before the commit."""
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
