"""Fixtures of the table API tests: the real app on a throw-away SQLite file, the `toy` system
(with sheet actions, so prefilled checks have hand-computable odds), and a table with a GM and
two players."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.rules import Action, tr
from toy import Toy, ToySheet
from web.tables.tables_support import Table, new_table


class ToyWithActions(Toy):
    """`toy` whose sheet offers one action: the test with `might` as the skill."""

    def actions(self, sheet: ToySheet) -> list[Action]:
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
def api(app_client: TestClient) -> TestClient:
    """One client for the whole test: HTTP calls and WebSockets share the app's event loop."""
    return app_client


@pytest.fixture
def table(api: TestClient) -> Table:
    return new_table(api, easy=True)
