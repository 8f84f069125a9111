"""Outcomes of a check, always listed from worst to best."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import field
from fractions import Fraction
from typing import Any

from ecran.dice import DiceSource
from ecran.record import record
from ecran.rules.text import Text


@record
class Outcome:
    name: str
    label: Text
    help: Text | None = None


@record
class Resolution:
    """What one resolution of a check came to. `details` shows the work (kept dice, margin...)."""

    outcome: str
    total: int | None = None
    details: dict[str, Any] = field(default_factory=dict)


@record
class Tail:
    """Results a `ResultLaw` does not list one by one (the far end of an open explosion): their
    exact probability together, and a procedure that draws one of them on fresh dice, exact in
    law given that the result is one of them (an explosion's chain has no memory: past its
    first k rerolls, the rest is a new chain)."""

    weight: Fraction
    draw: Callable[[DiceSource], Resolution]


@record
class ResultLaw:
    """The exact law of a check's whole result, its dice work left out (`Check.work_details`):
    each distinct result (outcome, total and the details that say what it does) with its
    probability, then the tails. Probabilities and tail weights add up to 1."""

    results: Sequence[tuple[Resolution, Fraction]]
    tails: Sequence[Tail] = ()


@record
class DiceLaw:
    """The exact law of the number a check's dice make (`Staged`): `values` with their integer
    `weights` over one `denominator`, then `tail`, the weight of the values not listed (drawn
    by `Staged.tail`). Weights and tail add up to the denominator."""

    values: Sequence[int]
    weights: Sequence[int]
    tail: int
    denominator: int


@record
class Staged:
    """A check split in two for a simulator (`Check.staged`): the number its dice make, whose
    exact law (`law`, made on demand) depends on `key` alone (every parameter set with the same
    key shares it: a simulator draws it for many trials at once), and `settle`, the check's own
    rule from that number to the result (dice work left out; it may roll more dice). `tail`
    draws a value the law does not list, on fresh dice, exact in law given it is not listed.
    `shift` is added to each listed value drawn, not to a tail's (its draw adds it): a number
    that is the dice's plus a fixed part (Fluid: a score difference, the characteristics'
    difference) keeps one law for every fixed part, `key` leaving the part out. `settles`
    is what `settle` reads besides the number (None: every parameter): parameter sets of the
    check with the same `settles` settle every number alike, and the game's consequences of
    their results do alike (a simulator keeps what a number does per `settles`, not per
    parameter set). The same pieces as `Check.result_law`: a contract test holds the two
    together."""

    key: Hashable
    law: Callable[[], DiceLaw]
    tail: Callable[[DiceSource], int]
    settle: Callable[[int, DiceSource], Resolution]
    shift: int = 0
    settles: Hashable | None = None
