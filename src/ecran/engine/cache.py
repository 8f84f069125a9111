"""A bounded cache of whole-check distributions, shared by every caller in the process.

A check's exact odds depend only on the system, the check and its validated parameters, and a
`Distribution` is immutable: the same question asked twice (a sheet's actions at every
difficulty, the web table redrawing a roll's odds, the CLI in a test run) is computed once. The
cache is a least-recently-used map of at most `MAX_ENTRIES` distributions, so a long-running
server never grows past it.

A difficulty ladder (`ladder`: one action at every difficulty, what a sheet's odds show) is
answered rung by rung from the same map, the missing rungs by one call of the check's
`Check.ladder`; the sub-distributions a check's ladder shares between actions (`recall`) are
kept in a second bounded map, emptied with the first.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from threading import Lock
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from ecran.dice import Distribution
from ecran.engine import budget
from ecran.rules import Check
from ecran.rules.check import DIFFICULTY

if TYPE_CHECKING:
    from ecran.engine.budget import TooCostly

T = TypeVar("T")

MAX_ENTRIES = 4096
"""Distributions kept (a check's is a few outcomes: tens of kilobytes for the whole cache)."""

MAX_PARTS = 4096
"""Sub-distributions kept for the checks' ladders (a die's law, one rung at one margin)."""


class DistributionCache:
    """LRU map (system id, check class and name, parameters as JSON, difficulty) -> the check's
    distribution."""

    def __init__(self, max_entries: int = MAX_ENTRIES, max_parts: int = MAX_PARTS) -> None:
        self.max_entries = max_entries
        self.max_parts = max_parts
        self._entries: OrderedDict[tuple[Any, ...], Distribution[str]] = OrderedDict()
        self._parts: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = Lock()  # the web answers from worker threads
        self.hits = 0
        self.misses = 0

    def distribution(
        self, system_id: str, check: Check[Any], params: BaseModel
    ) -> Distribution[str]:
        rest, difficulty = _params_key(params)
        key = _key(system_id, check, rest, difficulty)
        found = self._lookup(key)
        if found is not None:
            return found
        # outside the lock: two threads may both compute; under a web request's work budget
        # the computation runs in a worker process (`budget`)
        dist = budget.within_budget(check.distribution, params)
        self._store([(key, dist)])
        return dist

    def ladder(
        self, system_id: str, check: Check[Any], params: BaseModel, difficulties: Sequence[int]
    ) -> list[Distribution[str]]:
        """The distribution of `check` at each of `difficulties` (`params` with its
        `difficulty` replaced, each within the parameter's bounds): the rungs already known
        from the map, the others from one call of `check.ladder`, then kept."""
        rest, _ = _params_key(params)
        keys = [_key(system_id, check, rest, d) for d in difficulties]
        known = [self._lookup(key) for key in keys]
        missing = [i for i, dist in enumerate(known) if dist is None]
        if not missing:
            return known  # type: ignore[return-value]  # no None left
        asked = [difficulties[i] for i in missing]
        # under a budget the ladder runs in a worker process, which keeps no parts
        args = (params, asked) if budget.active() else (params, asked, self.recall)
        computed = budget.within_budget(check.ladder, *args)
        self._store([(keys[i], dist) for i, dist in zip(missing, computed, strict=True)])
        filled = iter(computed)
        return [dist if dist is not None else next(filled) for dist in known]

    def recall(self, key: Hashable, make: Callable[[], T]) -> T:
        """A sub-distribution a check's ladder shares between actions (`rules.check.Recall`)."""
        with self._lock:
            if key in self._parts:
                self._parts.move_to_end(key)
                value: T = self._parts[key]
                return value
        value = make()
        with self._lock:
            self._parts[key] = value
            while len(self._parts) > self.max_parts:
                self._parts.popitem(last=False)
        return value

    def _lookup(self, key: tuple[Any, ...]) -> Distribution[str] | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
            return found

    def _store(self, pairs: list[tuple[tuple[Any, ...], Distribution[str]]]) -> None:
        with self._lock:
            for key, dist in pairs:
                self.misses += 1
                self._entries[key] = dist
                self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._parts.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


def _key(system_id: str, check: Check[Any], rest: str, difficulty: Any) -> tuple[Any, ...]:
    # the check's class too: a test may register another system under a known id
    return (system_id, type(check), check.name, rest, difficulty)


def _params_key(params: BaseModel) -> tuple[str, Any]:
    """The validated parameters, canonically (equal parameters give equal keys): the JSON of
    all but the difficulty, and the difficulty apart, so a ladder's rungs share one encoding."""
    values = params.model_dump(mode="json")
    difficulty = values.pop(DIFFICULTY, None)
    return json.dumps(values, sort_keys=True, separators=(",", ":")), difficulty


#: The process's cache: `odds_report`, sheet odds and the web all read through it.
DISTRIBUTIONS = DistributionCache()


NOTATION_ENTRIES = 512
"""Dice-notation odds reports kept (each a list of totals: bounded by the notation's limits)."""

_notation: OrderedDict[tuple[str, int, float], dict[str, Any] | TooCostly] = OrderedDict()
_notation_lock = Lock()


def notation_odds(expression: str, depth: int) -> dict[str, Any]:
    """The exact odds report of dice notation (`ecran dice EXPR --odds --json`), computed within
    the active work budget and remembered: a refusal too, so asking again costs nothing."""
    from ecran.dice.notation.report import odds_report

    limit = budget.active()
    key = (expression, depth, limit.seconds if limit else 0.0)  # a refusal holds for its limit
    with _notation_lock:
        found = _notation.get(key)
        if found is not None:
            _notation.move_to_end(key)
    if isinstance(found, budget.TooCostly):
        raise found
    if found is not None:
        return found
    try:
        report: dict[str, Any] | TooCostly = budget.within_budget(odds_report, expression, depth)
    except budget.TooCostly as exc:
        report = exc
    with _notation_lock:
        _notation[key] = report
        while len(_notation) > NOTATION_ENTRIES:
            _notation.popitem(last=False)
    if isinstance(report, budget.TooCostly):
        raise report
    return report
