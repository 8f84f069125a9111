"""Simulating a check many times: its outcomes drawn from its own exact distribution.

The rules are not written again here. A check's exact distribution (`Check.distribution`, through
the shared cache, the very odds `ecran odds` prints) is turned into a `Sampler` once, and numpy
draws as many outcomes as asked from it in one call: one uniform integer per trial, looked up in
the cumulative integer weights. Where the distribution's denominator fits in 63 bits the draw is
exact (integers all the way); beyond, the weights are read as floats (error below 1e-15 per
outcome, far under any sampling noise).

So `ecran simulate` can only disagree with `ecran odds` by chance, and a chi-square test with a
fixed seed holds it to that (tests/engine/test_simulate.py).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

import numpy as np
from pydantic import BaseModel, ValidationError

from ecran.dice import Distribution
from ecran.dice.roller import MAX_SEED
from ecran.engine.records import bad_seed, exact
from ecran.engine.registry import get_system
from ecran.rules import Check, EcranError, Text
from ecran.rules.numerals import number
from ecran.rules.refusals import from_validation

T = TypeVar("T", bound=Hashable)

#: The most trials one simulation may run (a bound on time and memory: 8 bytes a trial per
#: chunk, drawn `CHUNK` at a time).
MAX_TRIALS = 100_000_000
CHUNK = 1 << 22
#: Integer draws are exact while the denominator stays below this (numpy's int64).
EXACT_LIMIT = 1 << 62
#: Up to this denominator each draw is read in a table of every integer's outcome (one lookup,
#: not a binary search: a d6 or a d20 check sampled 2-4x faster, #32); the same outcomes.
TABLE_LIMIT = 1 << 16


class Sampler(Generic[T]):
    """Draws outcomes of one exact distribution, many at a time. `draw(rng, n)` returns the
    indices into `outcomes` (an int array), so the caller's bookkeeping stays in numpy;
    `count(rng, n)` how many of each those same draws gave."""

    def __init__(self, dist: Distribution[T], order: Sequence[T] | None = None) -> None:
        if dist.residual:
            raise EcranError(
                Text(
                    fr="distribution tronquée : impossible d'en tirer des résultats exacts",
                    en="a truncated distribution: no exact draws can be made from it",
                )
            )
        self.outcomes: list[T] = list(order) if order is not None else dist.outcomes()
        weights = [dist.weight(o) for o in self.outcomes]
        self.denominator = dist.denominator
        self.exact = self.denominator < EXACT_LIMIT
        self._cumulative: Any
        self._table: Any = None
        if self.exact:
            self._cumulative = np.cumsum(np.array(weights, dtype=np.int64))
            if self.denominator <= TABLE_LIMIT:
                every = np.arange(self.denominator, dtype=np.int64)
                self._table = np.searchsorted(self._cumulative, every, side="right")
        else:
            shares = np.array([w / self.denominator for w in weights], dtype=np.float64)
            self._cumulative = np.cumsum(shares, dtype=np.float64)
            self._cumulative[-1] = 1.0

    def count(self, rng: np.random.Generator, n: int) -> Any:
        """How many of `n` draws (`draw`'s very draws) gave each outcome. A small law counts
        its integers, then adds each integer's count to its outcome: no index per trial."""
        if self._table is None:
            return np.bincount(self.draw(rng, n), minlength=len(self.outcomes))
        picks = rng.integers(0, self.denominator, size=n, dtype=np.int64)
        per_integer = np.bincount(picks, minlength=self.denominator)
        found = np.zeros(len(self.outcomes), dtype=np.int64)
        np.add.at(found, self._table, per_integer)
        return found

    def draw(self, rng: np.random.Generator, n: int) -> Any:
        """`n` outcome indices, each drawn with its exact probability."""
        picks: Any
        if self.exact:
            picks = rng.integers(0, self.denominator, size=n, dtype=np.int64)
            if self._table is not None:
                return np.take(self._table, picks)
        else:
            picks = rng.random(n)
        return np.searchsorted(self._cumulative, picks, side="right")


class OutcomeCount(BaseModel):
    outcome: str
    count: int


class SimulationReport(BaseModel):
    """`ecran simulate … --json`: the fixed contract (CONTRACTS.md)."""

    system: str
    check: str
    params: dict[str, Any]
    trials: int
    seed: int
    outcomes: list[OutcomeCount]
    seconds: float


def generator(seed: int | None) -> tuple[int, np.random.Generator]:
    """The numpy generator of a user's seed (None: a fresh seed, reported so it can be replayed)."""
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)
    if not 0 <= seed <= MAX_SEED:
        raise bad_seed(seed)
    return seed, np.random.default_rng(seed)


def check_trials(trials: int) -> int:
    if not 1 <= trials <= MAX_TRIALS:
        given, most = number(trials), number(MAX_TRIALS)  # "100 000 000", as a reader counts
        raise EcranError(
            Text(
                fr=f"nombre d'essais invalide : {given.fr} (entre 1 et {most.fr})",
                en=f"invalid number of trials: {given.en} (between 1 and {most.en})",
            )
        )
    return trials


def parsed(system_id: str, check_name: str, values: dict[str, Any]) -> tuple[Check[Any], Any]:
    check = get_system(system_id).check(check_name)
    try:
        return check, check.parse(values)
    except ValidationError as exc:
        raise from_validation(exc, check.params) from None


def check_sampler(system_id: str, check: Check[Any], params: BaseModel) -> Sampler[str]:
    """The sampler of a check's outcomes, in the check's order (worst to best)."""
    return Sampler(exact(system_id, check, params), check.outcome_names())


def simulate_check(
    system_id: str,
    check_name: str,
    values: dict[str, Any],
    trials: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """`trials` outcomes of a check drawn from its exact odds, counted per outcome;
    `progress(done)` is told after each chunk."""
    check, params = parsed(system_id, check_name, values)
    check_trials(trials)
    seed, rng = generator(seed)
    start = time.perf_counter()
    sampler = check_sampler(system_id, check, params)
    counts = np.zeros(len(sampler.outcomes), dtype=np.int64)
    left = trials
    while left:
        n = min(left, CHUNK)
        counts += sampler.count(rng, n)
        left -= n
        if progress is not None:
            progress(trials - left)
    seconds = time.perf_counter() - start
    return SimulationReport(
        system=system_id,
        check=check_name,
        params=params.model_dump(mode="json"),
        trials=trials,
        seed=seed,
        outcomes=[
            OutcomeCount(outcome=name, count=int(c))
            for name, c in zip(sampler.outcomes, counts, strict=True)
        ],
        seconds=round(seconds, 6),
    )
