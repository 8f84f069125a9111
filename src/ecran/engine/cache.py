"""A bounded cache of whole-check distributions, shared by every caller in the process.

A check's exact odds depend only on the system, the check and its validated parameters, and a
`Distribution` is immutable: the same question asked twice (a sheet's actions at every
difficulty, the web table redrawing a roll's odds, the CLI in a test run) is computed once. The
cache is a least-recently-used map of at most `MAX_ENTRIES` distributions, so a long-running
server never grows past it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from threading import Lock
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ecran.dice import Distribution
from ecran.engine import budget
from ecran.rules import Check

if TYPE_CHECKING:
    from ecran.engine.budget import TooCostly

MAX_ENTRIES = 4096
"""Distributions kept (a check's is a few outcomes: tens of kilobytes for the whole cache)."""


class DistributionCache:
    """LRU map (system id, check class and name, parameters as JSON) -> the check's distribution."""

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[tuple[Any, ...], Distribution[str]] = OrderedDict()
        self._lock = Lock()  # the web answers from worker threads
        self.hits = 0
        self.misses = 0

    def distribution(
        self, system_id: str, check: Check[Any], params: BaseModel
    ) -> Distribution[str]:
        # the check's class too: a test may register another system under a known id
        key = (system_id, type(check), check.name, _params_key(params))
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return found
        # outside the lock: two threads may both compute; under a web request's work budget
        # the computation runs in a worker process (`budget`)
        dist = budget.within_budget(check.distribution, params)
        with self._lock:
            self.misses += 1
            self._entries[key] = dist
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return dist

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


def _params_key(params: BaseModel) -> str:
    """The validated parameters, canonically: equal parameters give equal keys."""
    return json.dumps(params.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))


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
