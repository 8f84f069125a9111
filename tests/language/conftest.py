"""The web app on a throw-away SQLite file, as the web tests have it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from web.conftest import app, app_client, migrated_db  # noqa: F401 (fixtures, used by name)


@pytest.fixture
def web(app_client: TestClient) -> TestClient:  # noqa: F811
    return app_client
