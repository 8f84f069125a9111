"""Throwaway servers for the tests: a PostgreSQL cluster in a temporary directory, listening on a
Unix socket and a free port of its own, started for the test session and removed after it.

`make test` installs Debian's `postgresql` when it is missing; here nothing is installed. A test
that needs a server and cannot start one fails with the reason (a skipped test is a test not run).
`ECRAN_TEST_POSTGRES_URL` points the tests at an existing server instead.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from glob import glob
from pathlib import Path

POSTGRES_ENV = "ECRAN_TEST_POSTGRES_URL"


class ServerMissing(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _postgres_bin(program: str) -> str:
    found = shutil.which(program) or next(
        iter(sorted(glob(f"/usr/lib/postgresql/*/bin/{program}"), reverse=True)), None
    )
    if found is None:
        raise ServerMissing(
            f"PostgreSQL's {program} is not installed: `make test` installs Debian's postgresql"
        )
    return found


def _as_server_user(argv: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the `postgres` account Debian creates."""
    if os.geteuid() != 0:
        return argv
    return ["runuser", "-u", "postgres", "--", *argv]


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A fresh cluster for the session; yields its SQLAlchemy URL."""
    given = os.environ.get(POSTGRES_ENV)
    if given:
        yield given
        return
    initdb, pg_ctl = _postgres_bin("initdb"), _postgres_bin("pg_ctl")
    home = Path(tempfile.mkdtemp(prefix="ecran-pg-"))
    data, sockets = home / "data", home / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        account = pwd.getpwnam("postgres")
        for path in (home, sockets):
            os.chown(path, account.pw_uid, account.pw_gid)
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    try:
        subprocess.run(
            _as_server_user([initdb, "-D", str(data), "-A", "trust", "-U", "ecran"]), **quiet
        )
        options = f"-p {port} -k {sockets} -c listen_addresses='' -c fsync=off"
        subprocess.run(
            _as_server_user([pg_ctl, "-D", str(data), "-o", options, "-w", "start"]), **quiet
        )
        yield f"postgresql+psycopg://ecran@/postgres?host={sockets}&port={port}"
    finally:
        if (data / "postmaster.pid").exists():
            stop = [pg_ctl, "-D", str(data), "-m", "immediate", "stop"]
            subprocess.run(_as_server_user(stop), capture_output=True, check=False)
        shutil.rmtree(home, ignore_errors=True)
