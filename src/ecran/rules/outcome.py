"""Outcomes of a check, always listed from worst to best."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ecran.dice import DiceSource
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


@dataclass(frozen=True)
class Tail:
    """Results a `ResultLaw` does not list one by one (the far end of an open explosion): their
    exact probability together, and a procedure that draws one of them on fresh dice, exact in
    law given that the result is one of them (an explosion's chain has no memory: past its
    first k rerolls, the rest is a new chain)."""

    weight: Fraction
    draw: Callable[[DiceSource], Resolution]


@dataclass(frozen=True)
class ResultLaw:
    """The exact law of a check's whole result, its dice work left out (`Check.work_details`):
    each distinct result (outcome, total and the details that say what it does) with its
    probability, then the tails. Probabilities and tail weights add up to 1."""

    results: Sequence[tuple[Resolution, Fraction]]
    tails: Sequence[Tail] = ()
