"""Cases of the language test that still fail on today's output, each a strict xfail with the
reason (`known.toml`, one string per case): a case that starts passing fails until its entry is
deleted, so the list only shrinks. There is no lenient entry: a case that may start passing
without anyone noticing is a case nobody has to delete."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

KNOWN: dict[str, Any] = tomllib.loads((Path(__file__).parent / "known.toml").read_text("utf-8"))


def expect(request: pytest.FixtureRequest, case: str) -> None:
    """Mark the running test as a known failure, strictly, if `case` is listed."""
    reason = KNOWN.get(case)
    if reason is None:
        return
    if not isinstance(reason, str) or not reason.strip():
        pytest.fail(f"known.toml: {case} must be its reason, one non-empty string (strict only)")
    request.applymarker(pytest.mark.xfail(strict=True, reason=reason))
