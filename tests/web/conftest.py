"""Fixtures of the web tests: an app client, and the toy system (tests/toy.py) whose `mixed` check
has every parameter kind."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.store import Store, open_store
from ecran.web.app import create_app
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
