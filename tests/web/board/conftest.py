"""The board's API tests play at web/conftest.py's `table` (toy system, a GM, Alice and Bob)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _toy_registered(toy_system: object) -> None:
    """Every test here plays with the `toy` system."""
