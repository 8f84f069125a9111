"""Who serves a database: one process alone, or any number of workers sharing live events
through Redis, never both.

A process serving without Redis fans its live events out in memory: a second process on the same
database would never hear of them, and its players would miss rolls until their next write. So a
process alone takes an exclusive hold on the database (`claim(url, shared=False)`), and workers
that publish their events on Redis take a shared hold (`shared=True`): any number of them, but
no process alone beside them, and no worker beside a process alone.

The hold is an advisory lock the operating system or the server releases when the process dies,
even by `kill -9`, so a crash never leaves a stale lock behind: on SQLite an `flock` on a file
beside the database (`<database>.serving`; never on the database file itself, whose POSIX locks
SQLite owns), on PostgreSQL a session advisory lock on a connection kept open. An in-memory SQLite
database cannot be shared by two processes: nothing to hold.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ecran.rules import EcranError, Text
from ecran.store.head import plain_sqlite_file

if TYPE_CHECKING:
    from sqlalchemy import Connection

#: The advisory lock's key on PostgreSQL (a 64-bit integer of our own, per database).
PG_KEY = int.from_bytes(hashlib.sha256(b"ecran:serving").digest()[:8], "big", signed=True)


class AlreadyServed(EcranError):
    """Another process serves this database in a way that cannot live beside this one."""


def shareable(url: str) -> bool:
    """Whether other processes can open this database (an in-memory SQLite one they cannot)."""
    if plain_sqlite_file(url) is not None:
        return True
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return True
    return parsed.database not in (None, "", ":memory:") and "mode=memory" not in str(url)


def where(url: str) -> str:
    """The database for a message: its file, or its URL without the password."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return str(parsed.database or ":memory:")
    return parsed.render_as_string(hide_password=True)


def unreachable(url: str, exc: Exception) -> EcranError:
    """A database that did not open (a server that does not answer, a file out of reach), in
    one line: where, and the driver's first line of why."""
    reason = (str(getattr(exc, "orig", None) or exc).splitlines() or [type(exc).__name__])[0]
    return EcranError(
        Text(
            fr=f"base de données injoignable ({where(url)}) : {reason}",
            en=f"database unreachable ({where(url)}): {reason}",
        )
    )


@dataclass
class Claim:
    """A hold on a database, kept until `release()` or the process's end."""

    url: str
    shared: bool
    _file: int | None = None
    _connection: Connection | None = None
    #: The lock file, removed on release by the process holding it alone (`_claim_file`).
    _path: Path | None = None

    def release(self) -> None:
        if self._file is not None:
            if self._path is not None and not self.shared:
                with contextlib.suppress(OSError):  # held exclusively: no one else uses it
                    self._path.unlink()
            os.close(self._file)  # closing the descriptor drops its flock
            self._file = None
        if self._connection is not None:
            from sqlalchemy import text

            with contextlib.suppress(Exception):
                # unlocked before closing: the server drops a closed session's locks once its
                # backend has ended, a moment after the close returns, and a claim made at once
                # was refused (a worker restarted right after another stopped; a flaky test)
                function = "pg_advisory_unlock_shared" if self.shared else "pg_advisory_unlock"
                self._connection.scalar(text(f"SELECT {function}(:key)"), {"key": PG_KEY})
                self._connection.close()
                self._connection.engine.dispose()
            self._connection = None

    def __enter__(self) -> Claim:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


def claim(url: str, shared: bool) -> Claim:
    """Hold the database for this process (`shared`: a worker that publishes on Redis); raises
    `AlreadyServed` with one line saying what to do when another process holds it otherwise."""
    if not shareable(url):
        return Claim(url, shared)
    file = plain_sqlite_file(url)
    if file is not None:  # read without SQLAlchemy (`ecran.store.head`)
        return _claim_file(url, file, shared)
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _claim_file(url, Path(str(parsed.database)).expanduser(), shared)
    return _claim_postgres(url, shared)


def _claim_file(url: str, database: Path, shared: bool) -> Claim:
    database.parent.mkdir(parents=True, exist_ok=True)
    lock = database.with_name(database.name + ".serving")
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise _refused(url, shared) from None
        if _same_file(fd, lock):
            return Claim(url, shared, _file=fd, _path=lock)
        os.close(fd)  # locked a file its holder removed meanwhile: lock the one there now


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.fstat(fd).st_ino == path.stat().st_ino
    except FileNotFoundError:
        return False


def _claim_postgres(url: str, shared: bool) -> Claim:
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool)
    # Autocommit: a session lock outlives transactions, and an idle open transaction could be
    # ended by the server's idle timeout, taking the lock with it.
    connection = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
    function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
    try:
        held = bool(connection.scalar(text(f"SELECT {function}(:key)"), {"key": PG_KEY}))
    except Exception:
        connection.close()
        engine.dispose()
        raise
    if not held:
        connection.close()
        engine.dispose()
        raise _refused(url, shared)
    return Claim(url, shared, _connection=connection)


def _refused(url: str, shared: bool) -> AlreadyServed:
    db = where(url)
    if shared:
        return AlreadyServed(
            Text(
                fr=f"la base {db} est déjà servie par un processus ecran sans Redis : "
                "arrêtez-le, ou relancez-le lui aussi avec ECRAN_REDIS_URL",
                en=f"database {db} is already served by an ecran process without Redis: "
                "stop it, or restart it with ECRAN_REDIS_URL too",
            )
        )
    return AlreadyServed(
        Text(
            fr=f"la base {db} est déjà servie par un autre processus ecran : plusieurs "
            "processus sur une même base doivent tous partager ECRAN_REDIS_URL",
            en=f"database {db} is already served by another ecran process: several "
            "processes on one database must all share ECRAN_REDIS_URL",
        )
    )
