"""Fixtures of the web tests: an app client, and a throw-away system with every parameter kind."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.rules import System, all_systems
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
def fake_system(fake_module: Any) -> Iterator[System]:
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
