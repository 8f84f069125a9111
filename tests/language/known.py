"""Cases of the language test that still fail on today's output, each a strict xfail with the
reason (`known.toml`): a case that starts passing fails until its entry is deleted, so the list
only shrinks. An entry written as a table with `strict = false` waits on work in progress
elsewhere (the sheets' own words): it may start passing when that work is merged, and should
then be deleted."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

KNOWN: dict[str, Any] = tomllib.loads((Path(__file__).parent / "known.toml").read_text("utf-8"))


def expect(request: pytest.FixtureRequest, case: str) -> None:
    """Mark the running test as a known failure if `case` is listed (strict unless it says not)."""
    entry = KNOWN.get(case)
    if entry is None:
        return
    if isinstance(entry, str):
        entry = {"reason": entry}
    strict = bool(entry.get("strict", True))
    request.applymarker(pytest.mark.xfail(strict=strict, reason=str(entry["reason"])))
