"""Outcomes of a check, always listed from worst to best."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ecran.rules.text import Text


@dataclass(frozen=True)
class Outcome:
    name: str
    label: Text
    help: Text | None = None


@dataclass(frozen=True)
class Resolution:
    """What one resolution of a check came to. `details` shows the work (kept dice, margin...)."""

    outcome: str
    total: int | None = None
    details: dict[str, Any] = field(default_factory=dict)
