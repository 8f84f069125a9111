"""Fixtures shared by every test package."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import settings

import servers
from ecran.cli.app import main

# The write limits (#28) lifted for the suite: tests write far faster than people; the tests of
# the limits set their own (tests/web/test_write_limits.py). Servers the tests start inherit it.
for _name in ("ECRAN_WRITE_LIMITS", "ECRAN_ADDRESS_WRITE_LIMITS", "ECRAN_CREATE_LIMITS"):
    os.environ.setdefault(_name, "1000000/second")

# Property tests: no per-example deadline (CI shares two cores with browsers) and the same
# examples on every run, so that a failure seen once is seen again.
settings.register_profile("ecran", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ecran")


@dataclass
class CliResult:
    code: int
    out: str
    #: stderr with the no-break spaces French typography puts before : ; ! ? and inside « »
    #: read as spaces (the refusals' words are what the tests check; `raw_err` is the line as
    #: printed, for its typography)
    err: str
    raw_err: str = ""

    def json(self) -> Any:
        return json.loads(self.out)


def _spaced(text: str) -> str:
    return re.sub("\u202f(?=[:;!?»])|(?<=«)\u202f", " ", text)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run `ecran ARGS...` in-process; returns exit code, stdout and stderr."""

    def run(*args: str) -> CliResult:
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return CliResult(code, captured.out, _spaced(captured.err), captured.err)

    return run


@pytest.fixture
def toy_variant() -> Any:
    """The `toy` that `toy_system` registers; a package or module overrides it for a variant
    (e.g. `ToyWithActions`)."""
    from toy import Toy  # imported here: a run of the dice tests alone needs no store

    return Toy()


@pytest.fixture
def toy_system(toy_variant: Any) -> Iterator[Any]:
    """Registers `toy` (tests/toy.py) for one test (the registry's cached dict), then removes
    it and yields the registered system. A package whose every test plays with it asks for it
    from an autouse fixture."""
    from ecran.engine import all_systems
    from toy import registered

    with registered(toy_variant):
        yield all_systems()["toy"]


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL for the session (or ECRAN_TEST_POSTGRES_URL's server); the store and
    live tests run on it as well as on SQLite, the rows of each test its own."""
    with servers.postgres() as url:
        yield url


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A throwaway redis-server for the session (or ECRAN_TEST_REDIS_URL's server)."""
    with servers.redis() as url:
        yield url
