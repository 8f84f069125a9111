"""Fixtures of the table API tests: the real app on a throw-away SQLite file, the `toy` system
(with sheet actions, so prefilled checks have hand-computable odds), and a table with a GM and
two players."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from ecran.rules import tr
from toy import ToyWithActions, registered
from web.tables.tables_support import Table, new_table


@pytest.fixture(autouse=True)
def toy_system() -> Iterator[None]:
    with registered(ToyWithActions(tr("Force", "Might"))):
        yield


@pytest.fixture
def api(app_client: TestClient) -> TestClient:
    """One client for the whole test: HTTP calls and WebSockets share the app's event loop."""
    return app_client


@pytest.fixture
def table(api: TestClient) -> Table:
    return new_table(api, easy=True)
