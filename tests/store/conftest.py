from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ecran.store import Store, open_store


@pytest.fixture(autouse=True)
def _toy_registered(toy_system: object) -> None:
    """Every test here plays with `toy` (the root conftest's `toy_system`)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ecran.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = open_store(db_url)
    yield opened
    opened.engine.dispose()


@pytest.fixture(autouse=True)
def check_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state the store keeps or folds is compared with the one read whole."""
    monkeypatch.setattr(Store, "check_folded", True)
