from __future__ import annotations

from collections.abc import Iterator

import pytest

from toy import registered


@pytest.fixture(autouse=True)
def toy_system() -> Iterator[None]:
    with registered():
        yield
