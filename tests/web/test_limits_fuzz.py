"""A fuzz run of the OpenAPI document: every operation gets a bounded number of generated
requests (schemathesis over Hypothesis, derandomized), and every answer passes schemathesis's
checks: no 5xx, every status documented, every body (a refusal's too) of its documented shape and
type, a schema-violating request refused, a missing or wrong token refused with 401, a 405's
`Allow` listing the address's methods.

Every check runs, `positive_data_acceptance` (a request the schema allows is accepted) with the
rules' refusals among its accepted answers (`ACCEPTED`): a schema cannot say every rule the API
applies (a check name the system does not know, a sheet without its required fields, a table not
archived yet are refused with 422 or 409 though the schema allows the strings and objects they
are made of). Any other refusal of a schema-valid request (400, 405, 413, 415...) fails.

The requests carry a real GM's token and, where a path names a table, that table's id, so the
table routes are fuzzed past authentication (their integers, bodies and versions included).

Collection only lists the operations (from the app's OpenAPI document, ids `[METHOD /path]` as
schemathesis names them); each test loads the schema and builds its Hypothesis test when it runs
(schemathesis's own `parametrize` builds all seventy, coverage cases included, at collection).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from ecran.web.app import create_app
from toy import registered

EXAMPLES = 5
"""Generated requests per operation: the whole run stays within a minute on a loaded machine."""

SEED = int(os.environ.get("ECRAN_FUZZ_SEED", "20261206"))
"""The fuzz's seed (see `fuzzed_schema`); `ECRAN_FUZZ_SEED` explores another, reproducibly."""

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
"""OpenAPI's order of the methods in a path item."""


@cache
def fuzzed_app() -> FastAPI:
    # A small work budget (a fuzzed odds request never holds a worker long) and no rate limit in
    # the way of a few hundred requests from one client.
    with mock.patch.dict(os.environ, {"ECRAN_WORK_BUDGET": "0.05", "ECRAN_RATE_BURST": "1000000"}):
        return create_app()


#: What a request the schema allows may get (`positive_data_acceptance`): an answer, a refusal
#: of who asks (401, 403), of what does not exist (404), and the rules' own refusals, which a
#: schema cannot state (409: a version moved on; 422: a check name the system does not know, a
#: sheet without its fields) and the rate limit (429). Anything else for such a request (400,
#: 405, 413, 415...) fails the run.
ACCEPTED = ["2xx", "401", "403", "404", "409", "422", "429"]


@cache
def fuzzed_schema() -> Any:
    import schemathesis
    from schemathesis.config import SchemathesisConfig

    # schemathesis draws a new seed each run unless given one (the profile's derandomize does not
    # reach it): two fresh clones fuzzed different requests, and one found what the other did
    # not. A fixed seed makes the run the same everywhere; change it on purpose to explore.
    config = SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
        }
    )
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", fuzzed_app(), config=config)
    schema.hooks.hook(filter_query)
    return schema


def filter_query(_: Any, query: dict[str, Any] | None) -> bool:
    """A query whose every parameter reaches the address. schemathesis may make a negative
    case's extra parameter an empty list, which no address can carry: the request it sends
    is the valid one, and "a schema-violating request accepted" would be its own mistake."""
    return not query or all(value != [] for value in query.values())


def operations() -> list[str]:
    """The documented operations' labels, in the document's order (the app keeps the document)."""
    paths = fuzzed_app().openapi()["paths"]
    return [f"{m.upper()} {path}" for path, item in paths.items() for m in METHODS if m in item]


@pytest.fixture(scope="module")
def fuzz_table(
    tmp_path_factory: pytest.TempPathFactory, migrated_db: Path
) -> Iterator[dict[str, Any]]:
    """A toy table on a throw-away database, made through the API itself."""
    app = fuzzed_app()
    database = tmp_path_factory.mktemp("fuzz") / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    app.state.database_url = f"sqlite:///{database}"
    with registered(), TestClient(app) as client:
        made = client.post("/api/tables", json={"name": "Fuzz", "system": "toy"})
        assert made.status_code == 201, made.text
        yield made.json()
    store = getattr(app.state, "store", None)
    if store is not None:
        store.engine.dispose()


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def documented_answer(case: Any, fuzz_table: dict[str, Any]) -> None:
    if case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = fuzz_table["table"]["id"]
    # the GM's token is the caller's own (not generated): schemathesis's auth checks send the
    # request again without it and with a wrong one
    case.call_and_validate(headers={"Authorization": f"Bearer {fuzz_table['gm_token']}"})


def operation_test(label: str) -> Any:
    """The Hypothesis test schemathesis's `parametrize` would build for the operation `label`."""
    from schemathesis.checks import load_all_checks
    from schemathesis.generation.feedback import FeedbackSources
    from schemathesis.pytest._test_builder import build_operation_test
    from schemathesis.python._constants.orchestrator import make_constants_value_source

    load_all_checks()
    schema = fuzzed_schema()
    method, path = label.split(" ", 1)
    return build_operation_test(
        config=schema.config,
        operation=schema[path][method],
        test_func=documented_answer,
        given_kwargs={},
        feedback=FeedbackSources(constants_value_source=make_constants_value_source(schema)),
    )


@pytest.mark.parametrize("operation", [pytest.param(op, id=op) for op in operations()])
def test_generated_requests_get_documented_answers(
    operation: str, fuzz_table: dict[str, Any]
) -> None:
    from schemathesis.core.control import SkipTest
    from schemathesis.core.failures import FailureGroup, as_reported_failure

    try:
        operation_test(operation)(fuzz_table=fuzz_table)
    except FailureGroup as exc:
        raise as_reported_failure(exc) from None
    except SkipTest as exc:
        pytest.skip(str(exc))
