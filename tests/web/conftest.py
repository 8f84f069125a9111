"""Fixtures of the web tests: an app client, and a throw-away system with every parameter kind."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.rules import System
from ecran.store import open_store
from ecran.web.app import create_app

_FAKE = "ecran_web_tests_fake_system"


def _load_fake() -> Any:
    if _FAKE not in sys.modules:
        path = Path(__file__).with_name("fake_system.py")
        spec = importlib.util.spec_from_file_location(_FAKE, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[_FAKE] = module
        spec.loader.exec_module(module)
    return sys.modules[_FAKE]


@pytest.fixture
def fake_module() -> Any:
    return _load_fake()


@pytest.fixture
def fake_system(fake_module: Any) -> Iterator[System[Any]]:
    """Registers `webtest` for one test (the registry's cached dict), then removes it."""
    systems = all_systems()
    systems["webtest"] = fake_module.SYSTEM
    try:
        yield fake_module.SYSTEM
    finally:
        systems.pop("webtest", None)


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
def app_client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client
    store = getattr(app.state, "store", None)
    if store is not None:
        store.engine.dispose()
