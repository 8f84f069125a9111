"""One database, one serving process, unless all share Redis: a second process alone is refused at
start in one line, and a hold never outlives its process (not even a `kill -9`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from ecran.store import AlreadyServed, claim_serving, shareable
from ecran.store.serving import Claim


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of this test's own. The hold is per database, and the session's PostgreSQL
    database is also served by other tests' processes: a process they stopped keeps its hold
    until its server session has noticed it is gone, which may be just after the test ends."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ecran.sqlite3'}"
        return
    server = make_url(request.getfixturevalue("postgres_url"))
    name = f"serving_{uuid.uuid4().hex}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


#: How long the server may take to notice a killed client and drop its lock (a bound, not a
#: measured figure: the test passes as soon as the lock is free).
RELEASE_WAIT_S = 30.0


def test_a_second_process_alone_is_refused_in_one_line(db_url: str) -> None:
    with claim_serving(db_url, shared=False):
        with pytest.raises(AlreadyServed) as refused:
            claim_serving(db_url, shared=False)
        message = refused.value.message("fr")
        assert "\n" not in message and "ECRAN_REDIS_URL" in message
        assert "déjà servie" in message
        assert "already served" in refused.value.message("en")


def test_redis_workers_share_a_database_but_never_with_a_process_alone(db_url: str) -> None:
    with (
        claim_serving(db_url, shared=True),
        claim_serving(db_url, shared=True),
        pytest.raises(AlreadyServed),
    ):
        claim_serving(db_url, shared=False)
    with claim_serving(db_url, shared=False):
        with pytest.raises(AlreadyServed) as refused:
            claim_serving(db_url, shared=True)
        assert "sans Redis" in refused.value.message("fr")


def test_a_released_hold_lets_the_next_process_serve(db_url: str) -> None:
    first = claim_serving(db_url, shared=False)
    first.release()
    first.release()  # twice is harmless
    with claim_serving(db_url, shared=False):
        pass


def test_a_killed_process_leaves_no_hold_behind(db_url: str) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, db_url],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")},
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(AlreadyServed):
            claim_serving(db_url, shared=False)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    _eventually(lambda: claim_serving(db_url, shared=False)).release()


_HOLD = """
import sys, time
from ecran.store import claim_serving
held = claim_serving(sys.argv[1], shared=False)
print("held", flush=True)
time.sleep(600)
"""


def _eventually(attempt: Callable[[], Claim]) -> Claim:
    deadline = time.monotonic() + RELEASE_WAIT_S
    while True:
        try:
            return attempt()
        except AlreadyServed:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_an_in_memory_database_is_nobody_elses() -> None:
    assert not shareable("sqlite://")
    assert not shareable("sqlite:///:memory:")
    assert shareable("sqlite:////tmp/ecran.sqlite3")
    assert shareable("postgresql+psycopg://ecran@db/ecran")
    with claim_serving("sqlite://", shared=False), claim_serving("sqlite://", shared=False):
        pass  # two in-memory databases are two databases


def test_serve_refuses_a_second_process_on_the_same_database(
    db_url: str, cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ECRAN_DATABASE_URL", db_url)
    monkeypatch.delenv("ECRAN_REDIS_URL", raising=False)
    with claim_serving(db_url, shared=False):
        result = cli("serve", "--port", "1")
    assert result.code == 2
    [line] = result.err.splitlines()
    assert line.startswith("ecran: la base ") and "déjà servie" in line


@pytest.mark.parametrize(
    ("database", "redis", "says"),
    [
        ("sqlite:///{tmp}/ecran.sqlite3", None, "demande ECRAN_REDIS_URL"),
        ("sqlite://", "redis://127.0.0.1:1/0", "pas une base en mémoire"),
        ("sqlite:///{tmp}/ecran.sqlite3", "redis://127.0.0.1:1/0", "Redis injoignable"),
    ],
)
def test_serve_refuses_workers_that_could_not_share_their_events(
    tmp_path: Path,
    cli: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    database: str,
    redis: str | None,
    says: str,
) -> None:
    monkeypatch.setenv("ECRAN_DATABASE_URL", database.format(tmp=tmp_path))
    if redis is None:
        monkeypatch.delenv("ECRAN_REDIS_URL", raising=False)
    else:
        monkeypatch.setenv("ECRAN_REDIS_URL", redis)
    result = cli("serve", "--workers", "2", "--port", "1")
    assert result.code == 2
    [line] = result.err.splitlines()
    assert says in line
