"""A fuzz run of the OpenAPI document: every operation gets a bounded number of generated
requests (schemathesis over Hypothesis, derandomized) and never answers a 5xx.

The requests carry a real GM's token and, where a path names a table, that table's id, so the
table routes are fuzzed past authentication (their integers, bodies and versions included).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from ecran.web.app import create_app
from toy import registered

EXAMPLES = 5
"""Generated requests per operation: the whole run stays within a minute on a loaded machine."""

# A small work budget (a fuzzed odds request never holds a worker long) and no rate limit in the
# way of a few hundred requests from one client.
with mock.patch.dict(os.environ, {"ECRAN_WORK_BUDGET": "0.05", "ECRAN_RATE_BURST": "1000000"}):
    APP = create_app()

schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, migrated_db: Path) -> Iterator[dict[str, Any]]:
    """A toy table on a throw-away database, made through the API itself."""
    database = tmp_path_factory.mktemp("fuzz") / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    APP.state.database_url = f"sqlite:///{database}"
    with registered(), TestClient(APP) as client:
        made = client.post("/api/tables", json={"name": "Fuzz", "system": "toy"})
        assert made.status_code == 201, made.text
        yield made.json()
    store = getattr(APP.state, "store", None)
    if store is not None:
        store.engine.dispose()


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_generated_request_gets_a_5xx(case: Any, table: dict[str, Any]) -> None:
    if case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = table["table"]["id"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {table['gm_token']}"}
    answer = case.call()
    assert answer.status_code < 500, f"{case.method} {case.formatted_path}: {answer.text[:300]}"
