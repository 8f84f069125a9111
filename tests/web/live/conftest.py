"""A failing live test's report ends with its workers' logs: a worker answering 500 says why
only there (a 500 on a WebSocket, seen once under load, could not be traced without it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from web.live.workers_support import STARTED

TAIL = 4_000


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when != "call" or not report.failed:
        return
    for worker in STARTED:
        if worker.log.exists():
            text = worker.log.read_text(errors="replace")[-TAIL:]
            report.sections.append((f"worker {worker.name} ({worker.log.name})", text))
