"""Fixtures of the web tests: an app client, and the toy system (tests/toy.py) whose `mixed` check
has every parameter kind; a second server for imports (`other`); a live server on its own SQLite
file and Debian's Chromium for the browser tests (`server`, `browser`; ECRAN_SCREENSHOTS=DIR saves
their screenshots there, not committed)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.store import Store, open_store
from ecran.web.app import create_app
from web.browser_support import chromium, serving
from web.tables.tables_support import Table, new_table


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database at the newest schema, migrated once and copied for each test."""
    path = tmp_path_factory.mktemp("template") / "ecran.sqlite3"
    open_store(f"sqlite:///{path}").engine.dispose()
    return path


@pytest.fixture
def app(tmp_path: Path, migrated_db: Path) -> FastAPI:
    """The real app on its own SQLite file."""
    made = create_app()
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    made.state.database_url = f"sqlite:///{database}"
    return made


@pytest.fixture
def other(tmp_path: Path, migrated_db: Path) -> Iterator[TestClient]:
    """A second server, on a fresh database of its own (where an export is imported)."""
    made = create_app()
    database = tmp_path / "other.sqlite3"
    shutil.copyfile(migrated_db, database)
    made.state.database_url = f"sqlite:///{database}"
    with TestClient(made) as client:
        yield client
    made.state.store.engine.dispose()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server (uvicorn in a thread) on its own SQLite file, for a browser test module."""
    app = create_app()
    app.state.database_url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'ecran.sqlite3'}"
    with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as opened:
        yield opened


@pytest.fixture
def table(app_client: TestClient, toy_system: object) -> Table:
    """A `toy` table (option `easy` on) with a GM and two players, Alice and Bob."""
    return new_table(app_client, easy=True)


@pytest.fixture
def app_client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client
    store = getattr(app.state, "store", None)
    if store is not None:
        store.engine.dispose()


@pytest.fixture(autouse=True)
def check_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state the store keeps or folds is compared with the one read whole."""
    monkeypatch.setattr(Store, "check_folded", True)
