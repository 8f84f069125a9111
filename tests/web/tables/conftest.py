"""Fixtures of the table API tests: the real app on a throw-away SQLite file, the `toy` system
(with sheet actions, so prefilled checks have hand-computable odds), and a table with a GM and
two players."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.rules import Action, CharacterSheet, all_systems, tr
from ecran.store import open_store
from ecran.web.app import create_app
from play.toy import Toy, ToySheet
from web.tables.tables_support import Table, new_table


class ToyWithActions(Toy):
    """`toy` whose sheet offers one action: the test with `might` as the skill."""

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        assert isinstance(sheet, ToySheet)
        return [Action(tr("Force", "Might"), "test", {"skill": sheet.might})]


@pytest.fixture(autouse=True)
def toy_system() -> Iterator[None]:
    systems = all_systems()
    systems["toy"] = ToyWithActions()
    try:
        yield
    finally:
        systems.pop("toy", None)


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database at the newest schema, migrated once and copied for each test."""
    path = tmp_path_factory.mktemp("template") / "ecran.sqlite3"
    open_store(f"sqlite:///{path}").engine.dispose()
    return path


@pytest.fixture
def app(tmp_path: Path, migrated_db: Path) -> FastAPI:
    made = create_app()
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    made.state.database_url = f"sqlite:///{database}"
    return made


@pytest.fixture
def api(app: FastAPI) -> Iterator[TestClient]:
    """One client for the whole test: HTTP calls and WebSockets share the app's event loop."""
    with TestClient(app) as test_client:
        yield test_client
    store = getattr(app.state, "store", None)
    if store is not None:
        store.engine.dispose()


@pytest.fixture
def table(api: TestClient) -> Table:
    return new_table(api, easy=True)
