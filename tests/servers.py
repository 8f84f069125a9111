"""Throwaway servers for the tests, each in a temporary directory on a free port of its own,
started for the test session and removed after it: a PostgreSQL cluster (listening on a Unix
socket) and a `redis-server` (loopback, nothing saved to disk).

`make test` installs Debian's `postgresql` and `redis-server` when they are missing; here nothing
is installed. A test that needs a server and cannot start one fails with the reason (a skipped
test is a test not run). `ECRAN_TEST_POSTGRES_URL` and `ECRAN_TEST_REDIS_URL` point the tests at
existing servers instead.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from glob import glob
from pathlib import Path

POSTGRES_ENV = "ECRAN_TEST_POSTGRES_URL"
REDIS_ENV = "ECRAN_TEST_REDIS_URL"
#: How long a fresh redis-server may take to answer (it usually needs a few milliseconds).
REDIS_START_S = 20.0


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


@contextlib.contextmanager
def redis() -> Iterator[str]:
    """A fresh redis-server for the session (no snapshot, no append-only file); yields its URL."""
    given = os.environ.get(REDIS_ENV)
    if given:
        yield given
        return
    program = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )
    if program is None:
        raise ServerMissing("redis-server is not installed: `make test` installs Debian's")
    home = Path(tempfile.mkdtemp(prefix="ecran-redis-"))
    port = free_port()
    argv = [program, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(home)]
    argv += ["--save", "", "--appendonly", "no", "--logfile", str(home / "redis.log")]
    server = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for_port(port, server, home / "redis.log")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(home, ignore_errors=True)


def _wait_for_port(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + REDIS_START_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            said = log.read_text(errors="replace") if log.exists() else ""
            raise ServerMissing(f"redis-server exited at start: {said.strip()[-300:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.02)
    raise ServerMissing(f"redis-server did not listen on port {port} within {REDIS_START_S} s")
