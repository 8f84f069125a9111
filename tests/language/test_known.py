"""The language test's list of known failures holds strict xfails only (`known.py`)."""

from __future__ import annotations

from language.known import KNOWN


def test_every_known_failure_is_a_reason_so_a_strict_xfail() -> None:
    lenient = {case: entry for case, entry in KNOWN.items() if not isinstance(entry, str)}
    assert not lenient, f"entries that are not one reason string: {sorted(lenient)}"
    assert all(entry.strip() for entry in KNOWN.values()), "an entry without a reason"
