"""A bounded cache of whole-check distributions, shared by every caller in the process.

A check's exact odds depend only on the system, the check and its validated parameters, and a
`Distribution` is immutable: the same question asked twice (a sheet's actions at every
difficulty, the web table redrawing a roll's odds, the CLI in a test run) is computed once. The
cache is a least-recently-used map bounded by the memory it holds (an estimate per distribution,
`weight_of`), so a long-running server never grows past it: `ECRAN_ODDS_CACHE_MB` megabytes
(default `DEFAULT_MEGABYTES`), three quarters for whole-check distributions, one quarter for the
sub-distributions the checks' ladders share. An Organique NPC's whole ladder (~1,700
distributions, the heaviest sheet) is counted about 0.55 MB (0.45 MB held): the default keeps
some 90 such sheets, a busy server's tables, in at most 64 MB.

A difficulty ladder (`ladder`: one action at every difficulty, what a sheet's odds show) is
answered rung by rung from the same map, the missing rungs by one call of the check's
`Check.ladder`; the sub-distributions a check's ladder shares between actions (`recall`) are
kept in a second bounded map, emptied with the first. A whole sheet's questions (`answers`) are
answered together: every missing one in a single job of the work budget.
"""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from threading import Lock
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from ecran.dice import Distribution, TooManyPaths
from ecran.engine import budget
from ecran.record import record
from ecran.rules import Check
from ecran.rules.check import DIFFICULTY, Recall
from ecran.rules.errors import EcranError
from ecran.rules.text import Text
from ecran.settings import default, env_name, value

if TYPE_CHECKING:
    from ecran.engine.budget import TooCostly

T = TypeVar("T")

CACHE_ENV = env_name("odds_cache_mb")

DEFAULT_MEGABYTES = default("odds_cache_mb")
"""The memory the shared odds cache may hold by default (estimated): a few hundred sheets'
whole ladders, a small part of a server's memory."""

PARTS_SHARE = 4
"""One `PARTS_SHARE`-th of the bound goes to the ladders' sub-distributions."""

ENTRY_BYTES = 120
"""Estimated bytes of one kept value besides its outcomes and its key's text: the key tuple,
the map's slot, the `Distribution` object and its dict."""

OUTCOME_BYTES = 60
"""Estimated bytes of one outcome of a distribution besides its weight's digits: the dict's
slot, the outcome (a name, an integer or a small tuple, often shared) and the weight's int."""


def weight_of(value: Any, key: Hashable = ()) -> int:
    """The bytes `value` kept under `key` is counted for: a distribution by its outcomes and
    the size of its weights (each at most the denominator), anything else by `sys.getsizeof`;
    plus the key's text. An upper estimate where it matters: over the ladders of Artemis,
    Nephilim and Organique NPC sheets (thousands of rungs) it is 1.0-2 times what tracemalloc
    sees them hold (a ladder's rungs share their key's text and often their distribution)."""
    texts = sum(len(part) for part in key if isinstance(part, str)) if isinstance(key, tuple) else 0
    if isinstance(value, Distribution):
        digits = (value.denominator.bit_length() + 7) // 8
        return ENTRY_BYTES + texts + len(value) * (OUTCOME_BYTES + digits)
    return ENTRY_BYTES + texts + sys.getsizeof(value)


def cache_bytes() -> int:
    """The bound from `ECRAN_ODDS_CACHE_MB` (megabytes, a positive number; default
    `DEFAULT_MEGABYTES`); a wrong value stops with one line naming the variable."""
    return max(1, int(value("odds_cache_mb") * 1024 * 1024))  # no pydantic-settings: start-up


@record
class Question:
    """What one action asks: `check` at `params`, or at each of `difficulties` (a ladder)."""

    check: Check[Any]
    params: BaseModel
    difficulties: tuple[int, ...] | None = None


Answer = list[Distribution[str]] | Text
"""A question's distributions (one, or one per difficulty), or why it has none (one line)."""


class _Bounded:
    """An LRU map bounded by the weight of what it holds (and optionally by a count)."""

    def __init__(self, max_bytes: int, max_count: int | None) -> None:
        self.max_bytes, self.max_count = max_bytes, max_count
        self.weight = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        found = self._items.get(key)
        if found is None:
            return None
        self._items.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: Any) -> None:
        weight = weight_of(value, key)
        old = self._items.pop(key, None)
        if old is not None:
            self.weight -= old[1]
        self._items[key] = (value, weight)
        self.weight += weight
        while self._items and (
            self.weight > self.max_bytes
            or (self.max_count is not None and len(self._items) > self.max_count)
        ):
            _, (_, gone) = self._items.popitem(last=False)
            self.weight -= gone

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()
        self.weight = 0


class DistributionCache:
    """LRU map (system id, check class and name, parameters as JSON, difficulty) -> the check's
    distribution, bounded by `max_bytes` (estimated, `weight_of`; the parts by a quarter of it)
    and, if given, by `max_entries` distributions."""

    def __init__(
        self,
        max_entries: int | None = None,
        max_parts: int | None = None,
        max_bytes: int | None = None,
    ) -> None:
        total = cache_bytes() if max_bytes is None else max_bytes
        self.max_parts_bytes = max(1, total // PARTS_SHARE)
        self.max_bytes = max(1, total - self.max_parts_bytes)
        self._entries = _Bounded(self.max_bytes, max_entries)
        self._parts = _Bounded(self.max_parts_bytes, max_parts)
        self._lock = Lock()  # the web answers from worker threads
        self.hits = 0
        self.misses = 0

    @property
    def weight(self) -> int:
        """The estimated bytes of the distributions kept."""
        return self._entries.weight

    @property
    def parts_weight(self) -> int:
        return self._parts.weight

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

    def answers(self, system_id: str, questions: Sequence[Question]) -> list[Answer]:
        """Every question's distributions: those known from the map, all the others computed
        together, in one job of the active work budget (over it, `TooCostly` for the whole,
        and nothing kept); a question that cannot be computed is answered with its reason."""
        keyed = [_keys(system_id, q) for q in questions]
        known = [[self._lookup(key) for key in keys] for keys in keyed]
        tasks: dict[tuple[Any, ...], tuple[Check[Any], BaseModel, list[int] | None]] = {}
        for question, keys, dists in zip(questions, keyed, known, strict=True):
            missing = [i for i, dist in enumerate(dists) if dist is None]
            wanted = tuple(keys[i] for i in missing)
            if wanted and wanted not in tasks:
                levels = question.difficulties
                asked = None if levels is None else [levels[i] for i in missing]
                tasks[wanted] = (question.check, question.params, asked)
        computed: dict[tuple[Any, ...], Answer] = {}
        if tasks:
            jobs = list(tasks.values())
            if budget.active():  # one job in a worker, whose own cache keeps the parts
                results = budget.within_budget(_computed_in_worker, jobs)
            else:
                results = compute(jobs, self.recall)
            computed = dict(zip(tasks, results, strict=True))
            self._store(
                [
                    pair
                    for keys, result in computed.items()
                    if not isinstance(result, Text)
                    for pair in zip(keys, result, strict=True)
                ]
            )
        return [_filled(keys, dists, computed) for keys, dists in zip(keyed, known, strict=True)]

    def recall(self, key: Hashable, make: Callable[[], T]) -> T:
        """A sub-distribution a check's ladder shares between actions (`rules.check.Recall`)."""
        with self._lock:
            if key in self._parts:
                value: T = self._parts.get(key)
                return value
        value = make()
        with self._lock:
            self._parts.put(key, value)
        return value

    def _lookup(self, key: tuple[Any, ...]) -> Distribution[str] | None:
        with self._lock:
            found: Distribution[str] | None = self._entries.get(key)
            if found is not None:
                self.hits += 1
            return found

    def _store(self, pairs: list[tuple[tuple[Any, ...], Distribution[str]]]) -> None:
        with self._lock:
            for key, dist in pairs:
                self.misses += 1
                self._entries.put(key, dist)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._parts.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


def compute(
    jobs: Sequence[tuple[Check[Any], BaseModel, list[int] | None]], recall: Recall
) -> list[Answer]:
    """Each job's distributions (`check.distribution`, or `check.ladder` at the difficulties
    asked), or the one line saying why it has none; a job's error stops only that job."""
    results: list[Answer] = []
    for check, params, levels in jobs:
        try:
            if levels is None:
                results.append([check.distribution(params)])
            else:
                results.append(check.ladder(params, levels, recall))
        except TooManyPaths:
            results.append(
                Text(
                    fr="trop de combinaisons de dés pour un calcul exact",
                    en="too many dice combinations for an exact computation",
                )
            )
        except EcranError as exc:
            results.append(exc.text)
        except Exception as exc:  # a bug of the game's rules: this job only, named, not hidden
            results.append(
                Text(
                    fr=f"erreur interne du système ({type(exc).__name__}: {exc})",
                    en=f"internal error of the system ({type(exc).__name__}: {exc})",
                )
            )
    return results


def _computed_in_worker(
    jobs: Sequence[tuple[Check[Any], BaseModel, list[int] | None]],
) -> list[Answer]:
    """`compute` in a budget's worker process, sharing parts through that process's cache."""
    return compute(jobs, DISTRIBUTIONS.recall)


def _keys(system_id: str, question: Question) -> list[tuple[Any, ...]]:
    rest, difficulty = _params_key(question.params)
    if question.difficulties is None:
        return [_key(system_id, question.check, rest, difficulty)]
    return [_key(system_id, question.check, rest, d) for d in question.difficulties]


def _filled(
    keys: list[tuple[Any, ...]],
    known: list[Distribution[str] | None],
    computed: dict[tuple[Any, ...], Answer],
) -> Answer:
    missing = tuple(k for k, dist in zip(keys, known, strict=True) if dist is None)
    if not missing:
        return known  # type: ignore[return-value]  # no None left
    result = computed[missing]
    if isinstance(result, Text):
        return result
    filled = iter(result)
    return [dist if dist is not None else next(filled) for dist in known]


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
