"""`ecran.store.head` (#32): a SQLite file's schema read at the migrations' head with the
standard library alone, as `ecran serve` does before SQLAlchemy loads; its plain addresses read
as SQLAlchemy reads them, any other left to SQLAlchemy."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from ecran.store import open_engine
from ecran.store.head import at_head, heads, plain_sqlite_file


def test_a_file_is_at_head_only_once_migrated_to_the_newest_revision(tmp_path: Path) -> None:
    file = tmp_path / "ecran.sqlite3"
    assert not at_head(file)
    assert not file.exists()  # asking never makes the file
    sqlite3.connect(file).close()  # an empty database: no version table
    assert not at_head(file)
    open_engine(f"sqlite:///{file}").dispose()
    assert at_head(file)
    with sqlite3.connect(file) as connection:  # as if a newer ecran had migrated it further
        connection.execute("UPDATE alembic_version SET version_num = 'elsewhere'")
    assert not at_head(file)
    with sqlite3.connect(file) as connection:
        connection.execute("UPDATE alembic_version SET version_num = ?", (min(heads()),))
    assert at_head(file)


def test_a_file_that_is_no_database_is_not_at_head(tmp_path: Path) -> None:
    file = tmp_path / "notes.sqlite3"
    file.write_text("not a database\n" * 100)
    assert not at_head(file)


@pytest.mark.parametrize(
    "url",
    ["sqlite:///ecran.sqlite3", "sqlite:////tmp/a b/ecran.sqlite3", "sqlite+pysqlite:///x/y.db"],
)
def test_a_plain_sqlite_address_is_read_as_sqlalchemy_reads_it(url: str) -> None:
    assert plain_sqlite_file(url) == Path(str(make_url(url).database))


@pytest.mark.parametrize(
    "url",
    [
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite:///file.db?mode=ro&uri=true",
        "sqlite:///caf%C3%A9.db",
        "postgresql+psycopg://u@h/db",
        "sqlite+aiosqlite:///x.db",
    ],
)
def test_any_other_address_is_left_to_sqlalchemy(url: str) -> None:
    assert plain_sqlite_file(url) is None
