from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _toy_registered(toy_system: object) -> None:
    """Every test here plays with `toy` (the root conftest's `toy_system`)."""
