"""A live server (uvicorn in a thread, its own SQLite file) and Debian's Chromium for the board's
browser tests. Set ECRAN_SCREENSHOTS=DIR to save screenshots there (not committed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ecran.web.app import create_app
from web.browser_support import chromium, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    app = create_app()
    app.state.database_url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'ecran.sqlite3'}"
    with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as opened:
        yield opened
