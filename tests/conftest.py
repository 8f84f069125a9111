"""Fixtures shared by every test package."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import settings

from ecran.cli.app import main

# Property tests: no per-example deadline (CI shares two cores with browsers) and the same
# examples on every run, so that a failure seen once is seen again.
settings.register_profile("ecran", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ecran")


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run `ecran ARGS...` in-process; returns exit code, stdout and stderr."""

    def run(*args: str) -> CliResult:
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run
