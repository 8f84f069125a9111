"""A check's results as exact tables: the exact distribution of its whole result (outcome,
total and details), from the check's own `result_law` where the game writes one, else by
walking its `resolve` over the dice sequences; and the table the simulator draws from
(`CheckTable`), where a walk cut short leaves a frontier of prefixes, each with its exact
weight, that a draw resumes on fresh dice. Kept per process (`RESULTS`, `TABLED`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import lcm
from typing import Any

from ecran.dice import DiceSource, Distribution, Resumed, enumerate_outcomes, walk_frontier
from ecran.rules import Check, Resolution, ResultLaw

#: Check results kept between fights (the web's recomputations share them): (check class,
#: parameters) -> the walked results. Cleared when full: a bound on memory.
MAX_RESULTS = 4_096
#: Dice sequences an exact walk (an operation's, an initiative's) may visit before it is rolled
#: trial by trial instead.
WALK_PATHS = 2_000
#: Replays of a check's `resolve` its table may cost (`check_table`): past them, a draw resumes
#: the check from the prefix the walk left. Measured on the benchmark's 4-against-4 (10,000
#: fights, one process, cold then warm, load 3-4): 256 left most of a Nephilim attack's mass
#: on the frontier (warm 15 s against 1 s: a resumed trial costs a `resolve`), 1,024 and 2,000
#: walk Organique's, Nephilim's and Artemis's checks whole (their costs within the noise).
FRONTIER_PATHS = 2_000
#: A check's walk gives up after this many replays if it ends (almost) no dice sequence
#: (`walk_frontier`'s patience): Nephilim's attack ends its first ones near 64 replays.
CHECK_PATIENCE = 64


def result_key(result: Resolution) -> str:
    """A result's key: equal results (outcome, total and details) share it."""
    # repr, not JSON: this runs once per dice sequence walked. Two equal results whose details
    # were built in another order get two keys; their consequences are grouped again later.
    return repr((result.outcome, result.total, result.details))


#: (check class, parameters) -> each distinct result of the check with its exact probability.
Results = tuple[Distribution[str], dict[str, Resolution]]


#: The process's check results, shared by every fight (`Fight.results`).
RESULTS: dict[tuple[Any, str], Results] = {}


def _keyed(
    check: Check[Any], params: Any
) -> tuple[Callable[[DiceSource], str], dict[str, Resolution]]:
    """The check's `resolve` as a procedure answering its result's key, and the results met
    by key (each distinct result kept once), for a walk."""
    seen: dict[str, Resolution] = {}

    def resolve(dice: DiceSource) -> str:
        result = check.summary(check.resolve(params, dice))
        k = result_key(result)
        seen.setdefault(k, result)
        return k

    return resolve, seen


def walk_results(check: Check[Any], params: Any, paths: int = WALK_PATHS) -> Results:
    """The exact distribution of a check's whole result (outcome, total and details, dice work
    left out): its `result_law` where it has one with no tail, else by walking its `resolve`
    over every dice sequence; each distinct result kept once."""
    law = check.result_law(params)
    if law is not None and not law.tails:
        weights, denominator, listed = weights_by_key(law)
        return Distribution(weights, denominator), listed
    return walk_resolve(check, params, paths)


def weights_by_key(law: ResultLaw) -> tuple[dict[str, int], int, dict[str, Resolution]]:
    """A result law's weights by result key over one denominator (the tails' included), and
    each distinct result once: integer sums, not Fraction ones (a law lists a hundred results
    and the simulator meets thousands of laws)."""
    denominator = lcm(
        *(p.denominator for _, p in law.results), *(t.weight.denominator for t in law.tails), 1
    )
    listed: dict[str, Resolution] = {}
    weights: dict[str, int] = {}
    for result, p in law.results:
        k = result_key(result)
        listed.setdefault(k, result)
        weights[k] = weights.get(k, 0) + p.numerator * (denominator // p.denominator)
    return weights, denominator, listed


def walk_resolve(check: Check[Any], params: Any, paths: int = WALK_PATHS) -> Results:
    """The check's whole result (dice work left out) by walking its `resolve` alone."""
    resolve, seen = _keyed(check, params)
    return enumerate_outcomes(resolve, max_paths=paths), seen


def check_results(
    check: Check[Any],
    params: Any,
    cache: dict[tuple[Any, str], Results],
    paths: int = WALK_PATHS,
) -> Results:
    """`walk_results` of a check's parameters, kept in `cache` (cleared when full): shared by
    every pair of sheets, and every piece of advice, that asks the same parameters."""
    key = (type(check), params.model_dump_json())
    found = cache.get(key)
    if found is None:
        if len(cache) >= MAX_RESULTS:
            cache.clear()
        found = cache[key] = walk_results(check, params, paths)
    return found


@dataclass(frozen=True)
class CheckTable:
    """A check's results as the simulator draws them, for one parameter set: the results its
    partial walk reached (`walk_frontier`, the most probable dice sequences first), then the
    prefixes it left, each with its exact weight over one denominator. A draw that lands on a
    prefix resumes the check's own `resolve` from it on fresh dice (`resume`): the result is
    exact in law, and it goes through the same tables as a walked one. A check with a
    `result_law` gives its results and tails instead of a walk (a tail drawn as a prefix is)."""

    check: Check[Any]
    params: Any
    #: The walked results' keys, in the walk's order; then `frontier`.
    keys: list[str]
    seen: dict[str, Resolution]
    index: dict[str, int]
    #: Each frontier entry's procedure: a result on fresh dice, given the entry was drawn.
    frontier: list[Callable[[DiceSource], Resolution]]
    weights: list[int]
    denominator: int

    def resume(self, entry: int, dice: DiceSource) -> tuple[str, Resolution]:
        """The result of frontier entry `entry`, the dice after it drawn from `dice`."""
        result = self.check.summary(self.frontier[entry](dice))
        return result_key(result), result


def _prefix_resume(
    check: Check[Any], params: Any, prefix: tuple[int, ...]
) -> Callable[[DiceSource], Resolution]:
    return lambda dice: check.resolve(params, Resumed(prefix, dice))


#: (check class, parameters, budget) -> its `CheckTable`, shared by every fight of the process.
TABLED: dict[tuple[Any, str, int], CheckTable] = {}


def check_table(check: Check[Any], params: Any, paths: int | None = None) -> CheckTable:
    """The `CheckTable` of a check's parameters, walked within `paths` replays of `resolve`
    (default: FRONTIER_PATHS): a fixed budget, so the same parameters always give the same
    table (a seed draws the same fights from cold tables as from warm ones)."""
    paths = FRONTIER_PATHS if paths is None else paths
    key = (type(check), params.model_dump_json(), paths)
    found = TABLED.get(key)
    if found is not None:
        return found
    law = check.result_law(params)
    found = _walked_table(check, params, paths) if law is None else _law_table(check, params, law)
    if len(TABLED) >= MAX_RESULTS:
        TABLED.clear()
    TABLED[key] = found
    return found


def _walked_table(check: Check[Any], params: Any, paths: int) -> CheckTable:
    resolve, seen = _keyed(check, params)
    walked = walk_frontier(resolve, paths, CHECK_PATIENCE)
    keys = list(walked.results)
    return CheckTable(
        check,
        params,
        keys,
        {k: seen[k] for k in keys},
        {k: i for i, k in enumerate(keys)},
        [_prefix_resume(check, params, prefix) for prefix, _ in walked.frontier],
        [walked.results[k] for k in keys] + [w for _, w in walked.frontier],
        walked.denominator,
    )


def _law_table(check: Check[Any], params: Any, law: ResultLaw) -> CheckTable:
    """A check's table from its own `result_law`: every listed result, then its tails."""
    weights, denominator, seen = weights_by_key(law)
    keys = list(weights)
    tails = [t.weight.numerator * (denominator // t.weight.denominator) for t in law.tails]
    return CheckTable(
        check,
        params,
        keys,
        seen,
        {k: i for i, k in enumerate(keys)},
        [t.draw for t in law.tails],
        [weights[k] for k in keys] + tails,
        denominator,
    )
