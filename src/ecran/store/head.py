"""The database's address, and whether a SQLite file's schema is already at the migrations'
head, with the standard library alone (no SQLAlchemy, ~0.15 s of imports, #32): `ecran serve`
checks and holds a migrated SQLite file this way and answers its first page before SQLAlchemy
loads; any other database, or a file to migrate, takes `ecran.store.db`'s way."""

from __future__ import annotations

import ast
import re
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ecran.settings import get_settings

MIGRATIONS = Path(__file__).parent / "migrations"
#: A SQLite file's address in its plain form: `sqlite:///relative` or `sqlite:////absolute`,
#: no query, no escape (SQLAlchemy reads those, and anything else, in `ecran.store.db`).
_PLAIN_SQLITE = re.compile(r"sqlite(?:\+pysqlite)?:///(?P<path>[^?#%]+)")


def default_url() -> str:
    import platformdirs

    folder = Path(platformdirs.user_data_dir("ecran"))
    return f"sqlite:///{folder / 'ecran.sqlite3'}"


def resolve_url(url: str | None = None) -> str:
    """The given URL, else `ECRAN_DATABASE_URL`, else SQLite in the platform data directory."""
    return url or get_settings().database_url or default_url()


def plain_sqlite_file(url: str) -> Path | None:
    """The file of a SQLite address in its plain form (the module's `_PLAIN_SQLITE`), as
    SQLAlchemy reads it; None for any other address (an in-memory one included)."""
    found = _PLAIN_SQLITE.fullmatch(url)
    if found is None or found["path"] == ":memory:":
        return None
    return Path(found["path"]).expanduser()


def at_head(file: Path) -> bool:
    """Whether this SQLite file exists and its schema is at the migrations' head (one small
    query; the file is never created). Anything unreadable is False: the caller then takes
    SQLAlchemy's way, which migrates or says what is wrong in one line."""
    try:
        connection = sqlite3.connect(f"file:{quote(str(file))}?mode=rw", uri=True, timeout=30)
    except sqlite3.Error:
        return False
    try:
        listed = connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
        ).fetchone()
        if listed is None:
            return False
        rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        return frozenset(row[0] for row in rows) == heads()
    except sqlite3.Error:
        return False
    finally:
        connection.close()


@cache
def heads() -> frozenset[str]:
    """The newest revisions of `migrations/versions`, read from the files' `revision` and
    `down_revision` assignments without importing Alembic (whose import alone costs ~0.25 s of
    every start): a revision no other one follows."""
    revisions: set[str] = set()
    followed: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        found = _assignments(path)
        revisions.add(found["revision"])
        down = found.get("down_revision")
        followed.update([down] if isinstance(down, str) else (down or ()))
    return frozenset(revisions - followed)


def _assignments(path: Path) -> dict[str, Any]:
    """The literal `revision` and `down_revision` of one migration file."""
    found: dict[str, Any] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target: ast.expr | None = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id in ("revision", "down_revision") and value:
            found[target.id] = ast.literal_eval(value)
    return found
