"""Fixtures of the table API tests: the real app on a throw-away SQLite file, the `toy` system
(with sheet actions, so prefilled checks have hand-computable odds); the table with a GM and
two players is web/conftest.py's `table`."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ecran.rules import tr
from toy import ToyWithActions


@pytest.fixture
def toy_variant() -> ToyWithActions:
    return ToyWithActions(tr("Force", "Might"))


@pytest.fixture(autouse=True)
def _toy_registered(toy_system: object) -> None:
    """Every test here plays with that `toy` (the root conftest's `toy_system`)."""


@pytest.fixture
def api(app_client: TestClient) -> TestClient:
    """One client for the whole test: HTTP calls and WebSockets share the app's event loop."""
    return app_client
