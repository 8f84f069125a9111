"""Fixtures of the table API tests: the real app on a throw-away SQLite file, the `toy` system
(with sheet actions, so prefilled checks have hand-computable odds), and a table with a GM and
two players."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.rules import Action, CharacterSheet, all_systems, tr
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


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    made = create_app()
    made.state.database_url = f"sqlite:///{tmp_path / 'ecran.sqlite3'}"
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
