"""Cases of the language test that still fail on today's output, each a strict xfail with the
reason (`known.toml`): a case that starts passing fails until its entry is deleted, so the list
only shrinks."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

KNOWN: dict[str, str] = tomllib.loads((Path(__file__).parent / "known.toml").read_text("utf-8"))


def expect(request: pytest.FixtureRequest, case: str) -> None:
    """Mark the running test as a known failure (strict) if `case` is listed."""
    if case in KNOWN:
        request.applymarker(pytest.mark.xfail(strict=True, reason=KNOWN[case]))
