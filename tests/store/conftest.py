from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ecran.store import Store, open_store
from toy import registered


@pytest.fixture(autouse=True)
def toy_system() -> Iterator[None]:
    with registered():
        yield


#: Set to a PostgreSQL URL (e.g. postgresql+psycopg://ecran@/ecran_test?host=/tmp&port=55432)
#: to run every repository test on PostgreSQL too; the tables of each test are its own.
POSTGRES_ENV = "ECRAN_TEST_POSTGRES_URL"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ecran.sqlite3'}"
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"PostgreSQL: set {POSTGRES_ENV} to run")
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = open_store(db_url)
    yield opened
    opened.engine.dispose()
