"""The encounter simulator ("chances de victoire"): a whole fight, many times over.

Nothing of a game's rules is written here. One exchange — an attacker's attack on a defender —
is the game's own procedure: the attack the system offers (`System.attacks`), its check's
`resolve`, the result's `consequences` and the operations that apply them to both sheets. A
participant's state is its sheet's fight state (`System.fight_state`: the part of the sheet a
fight reads and changes), so sheets that fight alike share every cached step and a wound that
changes the next attack changes the state. Each step is drawn from an exact table: the check's
results (`CheckTable`: the check's own `result_law` where the game writes one, its listed
results then its tails; else its `resolve` walked once per parameter set, the most probable
dice sequences first, within a fixed budget, the sequences not walked left as a frontier of
prefixes, each with its exact probability), then what the drawn result does (the game's
consequences, worked out the first time it is drawn, once per part of the result and of the
sheets they read: `System.consequence_reads`, `consequence_sheets`), then each operation's next
states (its `Operation.law`, else walked over the operation's own dice, once per state and
operation). A sheet a blow puts out of the fight is its status alone (`Books.state`). Numpy
keeps the books: every state over every trial, and those tables in lazily filled integer arrays
(`Tables`), drawn for all trials at once.

A draw that lands on a frontier prefix resumes the check's `resolve` from it on fresh dice (a
seeded `Roller`): exact in law, since the dice after a prefix do not depend on it. Its result
then goes through the same tables as a walked one. So a check with an endless tree (Fluid's
attack re-rolls ties and explodes) or a large pool costs one `resolve` per trial that reaches
its frontier, never a wrong law. A walk that ends no dice sequence in its first replays gives up
early (`walk_frontier`'s patience): walking such a check for every parameter set costs more
than resuming it. An operation whose walk gives up is run on each trial's own `Roller`.

The fight (our simulator's convention, shown with the result): initiative is rolled once
(`System.initiative`, exact distribution; ties in random order), then every round each standing
participant, in that order, makes its chosen attack (`attack`: its index in the list the
tracker offers, default 0, the first) on the first standing opponent in the file's order. A side
wins when the other has no one standing; after `max_rounds` the fight is undecided. Conditions
that operations put on a bearer (a lost action, a stun) are not followed.
"""

from __future__ import annotations

import json
import multiprocessing
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm, sqrt
from statistics import NormalDist
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field

from ecran.dice import (
    DiceSource,
    Distribution,
    Resumed,
    Roller,
    TooManyPaths,
    enumerate_outcomes,
    walk_frontier,
)
from ecran.engine.registry import get_system
from ecran.engine.simulate import EXACT_LIMIT, Sampler, check_trials, generator
from ecran.rules import (
    Action,
    CharacterSheet,
    Check,
    Consequence,
    EcranError,
    Resolution,
    ResultLaw,
    System,
    Text,
)
from ecran.rules.errors import from_validation
from ecran.rules.memo import KeptBy
from ecran.rules.operation import Operation
from ecran.rules.validated import validated

MAX_PARTICIPANTS = 16
MAX_ROUNDS = 200
MAX_STATES = 20_000
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
#: The same for an operation's walk (`step_walk`).
STEP_PATIENCE = 4
#: The budget of one planned attack's exact odds (computed once, not per trial).
PLANNED_PATHS = 100_000

#: Resumed results' consequences kept per pair (results with their dice in their details are
#: many: a bound on memory).
MAX_RESUMED = 4_096

#: A game's tables start afresh, when a fight begins, past this many states (a bound on memory;
#: every fight has room for MAX_STATES new ones).
TABLES_KEEP = MAX_STATES // 2

UP, OUT, DEAD = 0, 1, 2
#: A sheet's `System.status` as the simulator's books hold it (an int, for numpy).
STATUS_CODE = {"up": UP, "out": OUT, "dead": DEAD}


# -- the encounter file ------------------------------------------------------------------------


class FighterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    side: str = Field(min_length=1, max_length=40)
    sheet: dict[str, Any]
    #: Which of the attacks the tracker offers against each opponent (0: the first).
    attack: int = Field(default=0, ge=0, le=500)


class EncounterFile(BaseModel):
    """`ecran encounter simulate FILE.json`: the system, the participants (their sheets as the
    table exports them, each with a side) and the longest fight followed."""

    model_config = ConfigDict(extra="forbid")

    system: str
    participants: list[FighterFile] = Field(min_length=2, max_length=MAX_PARTICIPANTS)
    max_rounds: int = Field(default=30, ge=1, le=MAX_ROUNDS)


class SideOdds(BaseModel):
    side: str
    wins: int
    probability: float


class FighterOdds(BaseModel):
    name: str
    side: str
    out: float
    dead: float


#: The normal quantile of a two-sided 95 % interval (1.96).
Z95 = NormalDist().inv_cdf(0.975)


class EncounterReport(BaseModel):
    system: str
    trials: int
    seed: int
    sides: list[SideOdds]
    draw: float
    undecided: float
    rounds: dict[int, int]
    participants: list[FighterOdds]
    seconds: float

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented pattern
    @property
    def margin(self) -> float:
        """How far the estimates may be from the true chances: over each side's chance to win
        and the undecided share, the farthest bound of its 95 % Wilson interval from the
        estimate (Wilson, not the normal approximation: 0 out of 40 fights is not known to ±0).
        A simulation is an estimate; the reader should know how good (400 fights: about ±5
        points). In the JSON too (`encounter simulate --json`)."""
        z2, n = Z95 * Z95, self.trials
        farthest = 0.0
        for p in [s.probability for s in self.sides] + [self.undecided + self.draw]:
            centre = (p + z2 / (2 * n)) / (1 + z2 / n)
            half = Z95 / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n))
            farthest = max(farthest, abs(centre - p) + half)
        return farthest


# -- the states and the exchanges --------------------------------------------------------------


#: The key of the one state of all sheets out of a fight with the same status (`Books.state`).
FOLDED = "\x00folded"


#: Entries the books' per-table memos keep before they start again (a bound on memory).
KEEP = 1 << 16


@dataclass
class Books:
    """Every fight state seen so far (`System.fight_state`): a participant's state is its index
    here. Sheets that fight alike (the same fight state) share one index; the sheet kept is the
    first seen, which fights as any other of its state does."""

    system: System[Any]
    sheets: list[CharacterSheet] = field(default_factory=list)
    status: list[int] = field(default_factory=list)
    index: dict[Hashable, int] = field(default_factory=dict)
    #: Each state's fight state as a string: the canonical order of the states an operation
    #: leads to, so a draw does not depend on the order states were found in.
    names: list[str] = field(default_factory=list)
    #: (state, operation, parameters) -> the states the operation leads that sheet to.
    transitions: dict[tuple[int, str, str], Distribution[int]] = field(default_factory=dict)
    #: A check's table -> (each walked result's group, each group's results): the results
    #: whose consequences read alike (`System.consequence_reads`).
    read_groups: KeptBy[tuple[list[int], list[Any]]] = field(default_factory=lambda: KeptBy(KEEP))
    #: (a check's table; group, what the consequences read of the sheets) -> what the
    #: group's results do, for a game that says what its consequences read of the sheets
    #: (`System.consequence_sheets`): every pair that shares the table and the answer shares it.
    table_does: KeptBy[int] = field(default_factory=lambda: KeptBy(KEEP))

    def state(self, sheet: CharacterSheet, fold: bool = False) -> int:
        """The sheet's state. With `fold` (a sheet a blow led to), a sheet out of the fight is
        its status alone: out or dead, a participant never acts again and no one attacks it
        (the fight's convention), so nothing reads the rest of it; a survival test's every
        result (Fluid: coma days, hours unconscious) is then one state, not one each."""
        key = self.system.fight_state(sheet)
        found = self.index.get(key)
        if found is None:
            status = self.system.status(sheet)
            if fold and status != "up":
                found = self.index.get((FOLDED, status))
                if found is None:
                    found = self._new(sheet, (FOLDED, status), status)
                self.index[key] = found
            else:
                found = self._new(sheet, key, status)
        return found

    def _new(self, sheet: CharacterSheet, key: Hashable, status: str) -> int:
        if len(self.sheets) >= MAX_STATES + TABLES_KEEP:  # MAX_STATES for this fight at least
            raise EcranError(
                Text(
                    fr="trop d'états différents dans ce combat pour le simuler",
                    en="too many different states in this fight to simulate it",
                )
            )
        found = self.index[key] = len(self.sheets)
        self.sheets.append(sheet)
        self.status.append(STATUS_CODE[status])
        self.names.append(key if isinstance(key, str) else repr(key))
        return found


@dataclass
class Attack:
    """One attack of `attacker` on `defender`: the action the system offers, its check and
    parameters, and the game's own procedure from a check result to the two states after."""

    books: Books
    attacker: int
    defender: int
    action: Action | None
    check: Check[Any] | None = None
    params: Any = None

    @classmethod
    def of(cls, books: Books, attacker: int, defender: int, choice: int) -> Attack:
        system = books.system
        actions = system.attacks(books.sheets[attacker], books.sheets[defender])
        if not actions:
            return cls(books, attacker, defender, None)
        action = actions[min(choice, len(actions) - 1)]
        check = system.check(action.check)
        return cls(books, attacker, defender, action, check, check.parse(action.params))

    def consequences(self, result: Resolution) -> list[Consequence]:
        """What the result does, to either side (`System.consequences`)."""
        assert self.action is not None
        a, d = self.books.sheets[self.attacker], self.books.sheets[self.defender]
        return self.books.system.consequences(self.action.check, self.action.params, result, a, d)


def _result_key(result: Resolution) -> str:
    # repr, not JSON: this runs once per dice sequence walked. Two equal results whose details
    # were built in another order get two keys; their consequences are grouped again below.
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
        k = _result_key(result)
        seen.setdefault(k, result)
        return k

    return resolve, seen


def walk_results(check: Check[Any], params: Any, paths: int = WALK_PATHS) -> Results:
    """The exact distribution of a check's whole result (outcome, total and details, dice work
    left out): its `result_law` where it has one with no tail, else by walking its `resolve`
    over every dice sequence; each distinct result kept once."""
    law = check.result_law(params)
    if law is not None and not law.tails:
        weights, denominator, listed = _weights_by_key(law)
        return Distribution(weights, denominator), listed
    return walk_resolve(check, params, paths)


def _weights_by_key(law: ResultLaw) -> tuple[dict[str, int], int, dict[str, Resolution]]:
    """A result law's weights by result key over one denominator (the tails' included), and
    each distinct result once: integer sums, not Fraction ones (a law lists a hundred results
    and the simulator meets thousands of laws)."""
    denominator = lcm(
        *(p.denominator for _, p in law.results), *(t.weight.denominator for t in law.tails), 1
    )
    listed: dict[str, Resolution] = {}
    weights: dict[str, int] = {}
    for result, p in law.results:
        k = _result_key(result)
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
        return _result_key(result), result


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
    weights, denominator, seen = _weights_by_key(law)
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


def exact_exchange(
    books: Books,
    attacker: int,
    defender: int,
    choice: int,
    cache: dict[tuple[Any, str], Results] | None = None,
    paths: int = WALK_PATHS,
    listed: bool = False,
) -> Distribution[tuple[int, int]]:
    """The exact distribution of the two states after one attack: each distinct result of the
    check (walked once per parameters), then its consequences walked over their own dice.
    With `listed`, a check whose dice are too many to walk but whose `result_law` lists its
    results gives those, exactly: the law's tails (an open explosion's longest chains) are then
    the distribution's residual, the part of the chance not worked out."""
    attack = Attack.of(books, attacker, defender, choice)
    if attack.check is None:
        return Distribution.constant((attacker, defender))
    assert attack.check is not None
    cache = RESULTS if cache is None else cache
    try:
        results, seen = check_results(attack.check, attack.params, cache, paths)
    except TooManyPaths:
        law = attack.check.result_law(attack.params) if listed else None
        if law is None:
            raise
        weights, denominator, seen = _weights_by_key(law)
        results = Distribution(weights, denominator)
    # results that do the same things (the same operations with the same parameters) are one:
    # their operations are walked once
    same: dict[str, tuple[list[Consequence], Fraction]] = {}
    for key, p in results.items():
        found = attack.consequences(seen[key])
        what = json.dumps([(c.side, c.operation, c.params) for c in found], default=str)
        same[what] = (found, same.get(what, (found, Fraction(0)))[1] + p)
    total: dict[tuple[int, int], Fraction] = {}
    for found, p in same.values():
        for states, q in _carried_out(attack, found, paths).items():
            total[states] = total.get(states, Fraction(0)) + p * q
    return Distribution.from_fractions(total)


def transition(
    books: Books, state: int, operation: str, params: dict[str, Any], paths: int = WALK_PATHS
) -> Distribution[int]:
    """The states one of the game's operations leads a sheet to, walked over the operation's
    own dice. Cached by (state, operation, parameters): every blow that asks the same of the
    same sheet — whoever strikes it — shares one walk."""
    found = _kept_step(
        books, state, operation, params, lambda run: enumerate_outcomes(run, max_paths=paths)
    )
    assert found is not None  # the walk raises past its budget
    return found


def _kept_step(
    books: Books,
    state: int,
    operation: str,
    params: dict[str, Any],
    walk: Callable[[Callable[[DiceSource], int]], Distribution[int] | None],
) -> Distribution[int] | None:
    """An operation's next states from a state, kept in `books.transitions`: its own `law`
    where it writes one, else `walk` over its dice procedure (None: not kept)."""
    key = (state, operation, json.dumps(params, sort_keys=True, default=str))
    found = books.transitions.get(key)
    if found is None:
        found = _operation_law(books, state, operation, params)
        if found is None:
            found = walk(_operation_run(books, state, operation, params))
            if found is None:
                return None
        books.transitions[key] = found
    return found


def _operation_law(
    books: Books, state: int, operation: str, params: dict[str, Any]
) -> Distribution[int] | None:
    """The states the game's operation leads a state's sheet to, from the operation's own
    exact `law` where it writes one (no walk), else None."""
    op = books.system.operation(operation)
    if type(op).law is Operation.law:  # none written: not even its parameters parsed here
        return None
    sheet = books.sheets[state]
    law = op.law(sheet, validated(op.params, params))
    if law is None:
        return None
    total: dict[int, Fraction] = {}
    for after, p in law:
        s = state if after is sheet else books.state(after, fold=True)
        total[s] = total.get(s, Fraction(0)) + p
    return Distribution.from_fractions(total)


def _operation_run(
    books: Books, state: int, operation: str, params: dict[str, Any]
) -> Callable[[DiceSource], int]:
    """The game's operation on a state's sheet as a dice procedure: the state it leads to."""
    op = books.system.operation(operation)
    sheet, parsed = books.sheets[state], validated(op.params, params)

    def run(dice: DiceSource) -> int:
        after = op.run(sheet, parsed, dice).sheet
        return state if after is sheet else books.state(after, fold=True)

    return run


def step_walk(
    books: Books, state: int, operation: str, params: dict[str, Any]
) -> Distribution[int] | None:
    """`transition` for the simulator's step tables, or None (the step is then rolled trial
    by trial) where the walk gives up: after STEP_PATIENCE replays that end no dice sequence
    (a survival test on exploding d10: every wounded sheet is a new state, and walking each
    one's test cost more than rolling it for the few trials that reach it)."""

    def walk(run: Callable[[DiceSource], int]) -> Distribution[int] | None:
        walked = walk_frontier(run, WALK_PATHS, STEP_PATIENCE)
        return None if walked.frontier else walked.distribution()

    return _kept_step(books, state, operation, params, walk)


def _carried_out(
    attack: Attack, found: list[Consequence], paths: int
) -> dict[tuple[int, int], Fraction]:
    """The two states after the given consequences, in order, each applied by its operation
    to the sheet the previous ones left (as `Fight._carry` draws them)."""
    dist = {(attack.attacker, attack.defender): Fraction(1)}
    for c in found:
        after: dict[tuple[int, int], Fraction] = {}
        for (a, d), p in dist.items():
            own = a if c.side == "attacker" else d
            for state, q in transition(attack.books, own, c.operation, c.params, paths).items():
                key = (state, d) if c.side == "attacker" else (a, state)
                after[key] = after.get(key, Fraction(0)) + p * q
        dist = after
    return dist


# -- the books over trials, in numpy -------------------------------------------------------

#: State indices fit in this many bits, so that a pair of states (and an attack's choice) or a
#: state and an operation pack into one int64 key.
STATE_BITS = 21
SPAN = 1 << STATE_BITS


class Keyed:
    """Ids of non-negative int64 keys, looked up for many trials at once: an open-addressing
    hash table in numpy (multiplicative hash, linear probing, at most half full), so a lookup
    is a few gathers, not a sort (-1: not known yet). Keys are added one by one, in Python."""

    HASH = 0x9E3779B97F4A7C15  # 2**64 / the golden ratio: spreads consecutive keys

    def __init__(self) -> None:
        self.ids: dict[int, int] = {}
        self._bits = 10
        self._grow()

    def _grow(self) -> None:
        size = 1 << self._bits
        self._keys: Any = np.full(size, -1, dtype=np.int64)
        self._values: Any = np.full(size, -1, dtype=np.int64)
        for key, value in self.ids.items():
            self._put(key, value)

    def _put(self, key: int, value: int) -> None:
        mask = (1 << self._bits) - 1
        at = ((key * self.HASH) & 0xFFFFFFFFFFFFFFFF) >> (64 - self._bits)
        while self._keys[at] not in (-1, key):
            at = (at + 1) & mask
        self._keys[at], self._values[at] = key, value

    def add(self, key: int, value: int) -> None:
        self.ids[key] = value
        if 2 * len(self.ids) > 1 << self._bits:
            self._bits += 1
            self._grow()
        else:
            self._put(key, value)

    def find(self, keys: Any) -> Any:
        mask = (1 << self._bits) - 1
        with np.errstate(over="ignore"):
            hashed = keys.astype(np.uint64) * np.uint64(self.HASH)
        at = (hashed >> np.uint64(64 - self._bits)).astype(np.int64)
        found = np.full(keys.shape, -1, dtype=np.int64)
        pending = np.arange(keys.size)
        while pending.size:
            here = self._keys[at[pending]]
            hit = here == keys[pending]
            found[pending[hit]] = self._values[at[pending[hit]]]
            pending = pending[~hit & (here != -1)]
            at[pending] = (at[pending] + 1) & mask
        return found


class Segments:
    """Many exact distributions over ints, drawn from many at once. Distribution `i` is the
    segment `offset[i]` to `offset[i] + count[i]` of flat arrays: its values and its cumulative
    integer weights, the last equal to its denominator. A draw is one uniform integer below the
    denominator per trial (exact), then a vectorised bisection inside each trial's segment.
    A denominator of 2**62 or more (no game's fight has met one) is rescaled to 2**62: the
    cumulative weights rounded down, an error below 2**-62 per outcome."""

    def __init__(self) -> None:
        self.values: list[int] = []
        # numpy from the start, grown by doubling: a table adds segments in the middle of a
        # batch (a new pair, a new step), and rebuilding every array each time was quadratic
        self._flat = [Growing(), Growing()]  # cumulative, values
        self._head = [Growing(), Growing(), Growing()]  # offset, count, denominator

    def add(self, values: Sequence[int], weights: Sequence[int], denominator: int) -> int:
        running, cumulative = 0, []
        for w in weights:
            running += w
            cumulative.append(running)
        if denominator >= EXACT_LIMIT:
            cumulative = [c * EXACT_LIMIT // denominator for c in cumulative]
            denominator = EXACT_LIMIT
        offset = len(self.values)
        self.values.extend(values)
        for grown, row in zip(self._flat, (cumulative, values), strict=True):
            start = grown.extend(len(row))
            grown.data[start : start + len(row)] = row
        index = self._head[0].size
        for grown, value in zip(self._head, (offset, len(values), denominator), strict=True):
            grown.append(value)
        return index

    def arrays(self) -> tuple[Any, ...]:
        """(offset, count, denominator, cumulative, values) as numpy arrays."""
        return tuple(g.data for g in (*self._head, *self._flat))

    def draw(self, rng: np.random.Generator, segment: Any) -> Any:
        """One draw from each trial's segment: the position drawn in the flat arrays."""
        offset, count, denominator, cumulative, _ = self.arrays()
        low = offset[segment]
        several = count[segment] > 1
        if not several.any():
            return low
        at = np.nonzero(several)[0]
        drawn = segment[at]
        pick = rng.integers(0, denominator[drawn], dtype=np.int64)
        counts = count[drawn]
        lo, hi = low[at], low[at] + counts - 1
        for _ in range(int(counts.max()).bit_length()):
            mid = (lo + hi) >> 1
            go = cumulative[mid] <= pick
            lo = np.where(go, mid + 1, lo)
            hi = np.where(go, hi, mid)
        low = low.copy()
        low[at] = lo
        return low


class Growing:
    """An int64 array that grows (doubling) as entries are added, -1 where not filled."""

    def __init__(self) -> None:
        self.data: Any = np.full(64, -1, dtype=np.int64)
        self.size = 0

    def extend(self, n: int) -> int:
        start = self.size
        self.size += n
        if self.size > self.data.size:
            bigger = np.full(max(self.size, 2 * self.data.size), -1, dtype=np.int64)
            bigger[:start] = self.data[:start]
            self.data = bigger
        return start

    def append(self, value: int) -> int:
        """Add one entry; its index."""
        at = self.extend(1)
        self.data[at] = value
        return at


def initiative_sampler(books: Books, state: int) -> Sampler[int] | None:
    system = books.system
    sheet = books.sheets[state]

    def roll(dice: DiceSource) -> int:
        return int(system.initiative(sheet, dice).total or 0)

    try:
        return Sampler(enumerate_outcomes(roll, max_paths=WALK_PATHS))
    except (TooManyPaths, EcranError):
        return None


# -- the fight ---------------------------------------------------------------------------------


def load_encounter(
    data: Any, system: System[Any] | None = None
) -> tuple[EncounterFile, System[Any], list[CharacterSheet]]:
    """An encounter file read: its participants' sheets, its game (`system` where the caller
    holds it: a job of the work budget carries the table's)."""
    try:
        spec = EncounterFile.model_validate(data)
    except ValidationError as exc:
        raise from_validation(exc) from None
    if system is None or system.id != spec.system:
        system = get_system(spec.system)
    model = system.sheet_model()
    sheets = []
    for p in spec.participants:
        try:
            sheets.append(model.model_validate(p.sheet))
        except ValidationError as exc:
            raise from_validation(exc, model) from None
    if len({p.side for p in spec.participants}) < 2:
        raise EcranError(
            Text(fr="il faut au moins deux camps", en="a fight needs at least two sides")
        )
    return spec, system, sheets


#: A pair whose `System.consequence_sheets` was not asked yet (None is an answer: "all").
_UNREAD = object()


class Tables:
    """The books and caches of one game's fights, shared by every encounter file of the game
    (the web's recomputation after a blow meets the states the last one reached).

    Everything a fight learns is a lazily filled table, read for all trials at once:
    - a *pair* (attacker's choice, attacker's state, defender's state): its attack, and the
      segment of its check's `CheckTable` (walked results, then frontier prefixes; pairs that
      ask the same parameters share one), or -1 where there is no attack;
    - `does[pair's offset + result]`: what a walked result does (an index into `whats`),
      worked out by the game's `consequences` the first time a trial draws it; a resumed
      result's is kept per pair and result (`resumed`);
    - a *what*: the consequences in order, each a side and an operation with its parameters;
    - a *step* (state, operation): the segment of the states that operation leads the sheet
      to (`steps`), walked over the operation's own dice.
    A trial's attack is then a few numpy lookups and draws; Python runs only for the entries
    not filled yet, for draws on a frontier (the check resumed) and for operations whose walk
    gave up (rolled trial by trial).
    """

    def __init__(self, system: System[Any]) -> None:
        self.system = system
        self.books = Books(system)
        self.initiatives: dict[int, Sampler[int] | None] = {}
        self.results = RESULTS
        #: One simulation at a time fills these tables (the web's request threads share them).
        self.lock = threading.Lock()
        # pairs
        self.pairs = Keyed()
        self.attacks: list[Attack] = []
        self.tabled: list[CheckTable | None] = []  # None: no attack
        #: Per pair: result key -> what, for resumed results the walk did not reach.
        self.resumed: list[dict[str, int]] = []
        # per pair, grown in place (rebuilding arrays from lists at every new pair was
        # quadratic over a cold run's thousands of pairs)
        self._pair_segment = Growing()  # -1: no attack
        self._pair_does = Growing()
        self._pair_count = Growing()
        #: Per pair: what its consequences read of the two sheets, asked on first need.
        self._pair_read: list[Hashable] = []
        self.result_segments = Segments()
        self._segment_of: dict[tuple[Any, str], tuple[int, CheckTable]] = {}
        self.does = Growing()
        # what results do
        self.whats: dict[str, int] = {}
        self._what_rows: list[list[tuple[int, int]]] = []
        self._what_arrays: tuple[Any, ...] = ()
        self.operations: dict[str, int] = {}
        self._operation_list: list[tuple[str, dict[str, Any]]] = []
        # steps
        self.steps = Keyed()
        self.step_segments = Segments()
        #: Each step's segment in `step_segments`, -1 where it is rolled trial by trial.
        self.step_of = Growing()
        self._status: Any = np.empty(0, dtype=np.int64)

    # -- filling the tables (Python, once per entry) -----------------------------------------

    def _new_pair(self, key: int) -> None:
        choice, rest = divmod(key, SPAN * SPAN)
        attacker, defender = divmod(rest, SPAN)
        attack = Attack.of(self.books, attacker, defender, choice)
        segment, table = -1, None
        if attack.check is not None:
            ckey = (type(attack.check), attack.params.model_dump_json())
            found = self._segment_of.get(ckey)
            if found is None:
                table = check_table(attack.check, attack.params)
                values = list(range(len(table.weights)))
                index = self.result_segments.add(values, table.weights, table.denominator)
                found = self._segment_of[ckey] = (index, table)
            segment, table = found
        count = 0 if table is None else len(table.keys)
        self.pairs.add(key, len(self.attacks))
        self.attacks.append(attack)
        self.tabled.append(table)
        self.resumed.append({})
        self._pair_segment.append(segment)
        self._pair_does.append(self.does.extend(count))
        self._pair_count.append(count)
        self._pair_read.append(_UNREAD)

    def _pair_table(self) -> tuple[Any, ...]:
        """(segment, offset in `does`, walked results) of each pair, by pair number (read
        after the pairs are added: a growing array is replaced by a bigger one)."""
        return self._pair_segment.data, self._pair_does.data, self._pair_count.data

    def _work_out(self, pair: int, result: int) -> None:
        """What walked result number `result` of a pair's check does: the game's consequences,
        worked out once for every walked result of the pair that the consequences read alike
        (`System.consequence_reads`) and written for them all."""
        table = self.tabled[pair]
        attack = self.attacks[pair]
        assert table is not None and attack.action is not None
        group, members = self._read_groups(attack.action.check, table)
        g = group[result]
        read = self._pair_read[pair]
        if read is _UNREAD:  # once per pair: a pair's groups are worked out one by one
            sheets = self.books.sheets
            a, d = sheets[attack.attacker], sheets[attack.defender]
            read = self._pair_read[pair] = self.system.consequence_sheets(a, d)

        def work_out() -> int:
            return self._what(attack.consequences(table.seen[table.keys[result]]))

        shared = self.books.table_does
        what = work_out() if read is None else shared.get((table,), (g, read), work_out)
        self.does.data[int(self._pair_does.data[pair]) + members[g]] = what

    def _read_groups(self, check: str, table: CheckTable) -> tuple[list[int], list[Any]]:
        """Each walked result's group of a check's table, and each group's results (numpy
        indices): results whose `System.consequence_reads` are equal share a group. Once per
        table: pairs that share the table share its groups."""

        def grouped() -> tuple[list[int], list[Any]]:
            reads: dict[Hashable, int] = {}
            group: list[int] = []
            for i, key in enumerate(table.keys):
                part = self.system.consequence_reads(check, table.seen[key])
                group.append(reads.setdefault(("result", i) if part is None else part, len(reads)))
            members: list[list[int]] = [[] for _ in reads]
            for i, g in enumerate(group):
                members[g].append(i)
            return group, [np.array(m, dtype=np.int64) for m in members]

        return self.books.read_groups.get((table,), None, grouped)

    def _resumed_what(self, pair: int, key: str, result: Resolution) -> int:
        """What a resumed result does: a walked result's entry if the walk reached it, else
        the game's consequences, kept per pair and result."""
        table = self.tabled[pair]
        assert table is not None
        at = table.index.get(key)
        if at is not None:
            where = int(self._pair_does.data[pair]) + at
            if self.does.data[where] < 0:
                self._work_out(pair, at)
            return int(self.does.data[where])
        attack = self.attacks[pair]
        assert attack.action is not None
        part = self.system.consequence_reads(attack.action.check, result)
        # kept by what the consequences read: results with their dice in their details are
        # many, the parts they read few
        known = self.resumed[pair]
        read = key if part is None else repr(part)
        what = known.get(read)
        if what is None:
            if len(known) >= MAX_RESUMED:
                known.clear()
            what = known[read] = self._what(attack.consequences(result))
        return what

    def _what(self, found: list[Consequence]) -> int:
        """The number of what these consequences do (each operation with its parameters)."""
        rows = []
        for c in found:
            params = json.dumps(c.params, sort_keys=True, default=str)
            op_key = f"{c.operation}\n{params}"
            op = self.operations.get(op_key)
            if op is None:
                op = self.operations[op_key] = len(self._operation_list)
                self._operation_list.append((c.operation, c.params))
            rows.append((0 if c.side == "attacker" else 1, op))
        what_key = repr(rows)
        what = self.whats.get(what_key)
        if what is None:
            what = self.whats[what_key] = len(self._what_rows)
            self._what_rows.append(rows)
            self._what_arrays = ()
        return what

    def _what_table(self) -> tuple[Any, ...]:
        """(number of consequences, side, operation) of each what, padded to the longest."""
        if not self._what_arrays:
            longest = max((len(r) for r in self._what_rows), default=0)
            count = np.array([len(r) for r in self._what_rows], dtype=np.int64)
            side = np.zeros((len(self._what_rows), max(longest, 1)), dtype=np.int64)
            op = np.zeros_like(side)
            for w, rows in enumerate(self._what_rows):
                for j, (s, o) in enumerate(rows):
                    side[w, j], op[w, j] = s, o
            self._what_arrays = (count, side, op)
        return self._what_arrays

    def _new_step(self, key: int) -> None:
        state, op = divmod(key, SPAN)
        name, params = self._operation_list[op]
        dist = step_walk(self.books, state, name, params)
        if dist is None:
            segment = -1
        else:
            names = self.books.names
            order = sorted(dist.outcomes(), key=lambda s: names[s])
            weights = [dist.weight(s) for s in order]
            segment = self.step_segments.add(order, weights, dist.denominator)
        self.steps.add(key, self.step_of.append(segment))

    def status_table(self) -> Any:
        """Each state's status code, by state number: only the states new since the last
        call are read from the books (a cold run meets thousands, a few at a time)."""
        known = self._status.size
        if known < len(self.books.status):
            new = np.array(self.books.status[known:], dtype=np.int64)
            self._status = np.concatenate((self._status, new))
        return self._status

    def standing(self, states: Any) -> Any:
        return self.status_table()[states] == UP


class Fight:
    """One encounter file: its participants, sides and choices, over its game's `Tables`."""

    def __init__(self, data: Any, system: System[Any] | None = None) -> None:
        self.spec, self.system, sheets = load_encounter(data, system)
        self.tables = tables_of(self.system)
        with self.tables.lock:
            self.start = [self.books.state(s) for s in sheets]
        self.sides = sorted({p.side for p in self.spec.participants}, key=self._side_order)
        self.side_of = np.array([self.sides.index(p.side) for p in self.spec.participants])
        self.choice_of = np.array([p.attack for p in self.spec.participants], dtype=np.int64)
        self._check_choices()

    def _check_choices(self) -> None:
        """Each participant's chosen attack (the file's `attack`) is one it has against every
        opponent at the start: one past the list is refused, never taken for the last."""
        people = self.spec.participants
        for i, p in enumerate(people):
            if p.attack == 0:  # the first, or none where nothing is offered
                continue
            for j, other in enumerate(people):
                if other.side != p.side:
                    a, d = self.start[i], self.start[j]
                    offered = self.system.attacks(self.books.sheets[a], self.books.sheets[d])
                    if p.attack >= len(offered):
                        raise unknown_attack(p.name, other.name, p.attack, len(offered))

    @property
    def books(self) -> Books:
        return self.tables.books

    @property
    def results(self) -> dict[tuple[Any, str], Results]:
        return self.tables.results

    @property
    def lock(self) -> threading.Lock:
        return self.tables.lock

    def status_table(self) -> Any:
        return self.tables.status_table()

    def standing(self, states: Any) -> Any:
        return self.tables.standing(states)

    def _side_order(self, side: str) -> int:
        return next(i for i, p in enumerate(self.spec.participants) if p.side == side)

    # -- the fight over trials (numpy) ----------------------------------------------------------

    def order(self, rng: np.random.Generator, n: int) -> Any:
        """Each trial's acting order: initiative rolled once, highest first, ties at random."""
        count = len(self.start)
        score = np.zeros((n, count), dtype=np.float64)
        for i, state in enumerate(self.start):
            if state not in self.tables.initiatives:
                self.tables.initiatives[state] = initiative_sampler(self.books, state)
            sampler = self.tables.initiatives[state]
            if sampler is not None:
                values = np.array(sampler.outcomes, dtype=np.float64)
                score[:, i] = values[sampler.draw(rng, n)]
        score += rng.random((n, count)) * 0.5  # a tie-break below one point
        return np.argsort(-score, axis=1, kind="stable")

    def run(self, rng: np.random.Generator, n: int) -> tuple[Any, Any, Any]:
        """`n` fights: final states (n × participants), the winning side (-1: none standing,
        -2: undecided) and the round each ended in."""
        count = len(self.start)
        states = np.tile(np.array(self.start, dtype=np.int64), (n, 1))
        order = self.order(rng, n)
        winner = np.full(n, -2, dtype=np.int64)
        ended = np.zeros(n, dtype=np.int64)
        live = np.arange(n)  # the trials still running
        for round_ in range(1, self.spec.max_rounds + 1):
            for slot in range(count):
                self._act(rng, states, live, order[live, slot])
                live = self._settle(states, live, winner, ended, round_)
                if not live.size:
                    return states, winner, ended
        return states, winner, ended

    def _act(self, rng: np.random.Generator, states: Any, live: Any, actor: Any) -> None:
        """Each live trial's acting participant, if standing, attacks the first standing
        opponent in the file's order."""
        here = states[live]
        up = self.standing(here)
        rows = np.arange(live.size)
        candidates = up & (self.side_of[None, :] != self.side_of[actor][:, None])
        acts = up[rows, actor] & candidates.any(axis=1)
        at = np.nonzero(acts)[0]
        if at.size == 0:
            return
        idx, who = live[at], actor[at]
        whom = np.argmax(candidates[at], axis=1)
        keys = (self.choice_of[who] * SPAN + here[at, who]) * SPAN + here[at, whom]
        pair = self.tables.pairs.find(keys)
        if (pair < 0).any():
            for key in np.unique(keys[pair < 0]).tolist():
                self.tables._new_pair(key)
            pair = self.tables.pairs.find(keys)
        segment, does_at, walked = self.tables._pair_table()
        seg = segment[pair]
        attacks = seg >= 0
        idx, who, whom = idx[attacks], who[attacks], whom[attacks]
        pair, seg = pair[attacks], seg[attacks]
        if idx.size == 0:
            return
        offset = self.tables.result_segments.arrays()[0]
        result = self.tables.result_segments.draw(rng, seg) - offset[seg]
        what = np.empty(idx.size, dtype=np.int64)
        reached = result < walked[pair]
        what[reached] = self._walked_what(pair[reached], result[reached], does_at)
        left = ~reached
        if left.any():
            what[left] = self._resume(rng, pair[left], result[left] - walked[pair[left]])
        self._carry(rng, states, idx, who, whom, what)

    def _walked_what(self, pair: Any, result: Any, does_at: Any) -> Any:
        """What each walked result drawn does (worked out the first time it is drawn)."""
        at = does_at[pair] + result
        what = self.tables.does.data[at]
        if (what < 0).any():
            _, first = np.unique(at[what < 0], return_index=True)
            missing = np.nonzero(what < 0)[0][first]
            for p, r in zip(pair[missing].tolist(), result[missing].tolist(), strict=True):
                self.tables._work_out(p, r)
            what = self.tables.does.data[at]
        return what

    def _resume(self, rng: np.random.Generator, pair: Any, entry: Any) -> Any:
        """What each result drawn on the frontier does: the check resumed from its prefix on
        one Roller seeded from the batch's generator, trial after trial in order (each trial's
        dice after its prefix are fresh, so the law is exact; the seed replays them)."""
        dice = Roller(int(rng.integers(0, 2**63 - 1)))
        tables = self.tables
        what = []
        for p, e in zip(pair.tolist(), entry.tolist(), strict=True):
            table = tables.tabled[p]
            assert table is not None
            key, result = table.resume(e, dice)
            what.append(tables._resumed_what(p, key, result))
        return np.array(what, dtype=np.int64)

    def _carry(
        self, rng: np.random.Generator, states: Any, idx: Any, who: Any, whom: Any, what: Any
    ) -> None:
        """Each trial's consequences, in order, each by its operation's exact next states for
        the sheet the previous ones left."""
        count, side, op = self.tables._what_table()
        length = count[what]
        for j in range(side.shape[1]):
            m = length > j
            if not m.any():
                return
            rows, w = idx[m], what[m]
            col = np.where(side[w, j] == 0, who[m], whom[m])
            current = states[rows, col]
            keys = current * SPAN + op[w, j]
            step = self.tables.steps.find(keys)
            if (step < 0).any():
                for key in np.unique(keys[step < 0]).tolist():
                    self.tables._new_step(key)
                step = self.tables.steps.find(keys)
            seg = self.tables.step_of.data[step]
            rolled = seg < 0
            if rolled.any():
                self._roll_steps(rng, states, rows[rolled], col[rolled], keys[rolled])
                rows, col, seg = rows[~rolled], col[~rolled], seg[~rolled]
            values = self.tables.step_segments.arrays()[4]
            states[rows, col] = values[self.tables.step_segments.draw(rng, seg)]

    def _roll_steps(
        self, rng: np.random.Generator, states: Any, rows: Any, col: Any, keys: Any
    ) -> None:
        """Operations whose dice cannot be walked: run on each trial's own seeded Roller."""
        seeds = rng.integers(0, 2**31, size=rows.size)
        for row, c, key, seed in zip(
            rows.tolist(), col.tolist(), keys.tolist(), seeds.tolist(), strict=True
        ):
            state, op_index = divmod(key, SPAN)
            name, params = self.tables._operation_list[op_index]
            op = self.system.operation(name)
            after = op.run(self.books.sheets[state], validated(op.params, params), Roller(seed))
            states[row, c] = self.books.state(after.sheet, fold=True)

    def _settle(self, states: Any, live: Any, winner: Any, ended: Any, round_: int) -> Any:
        """Ends the live trials where at most one side stands; returns those still live."""
        up = self.standing(states[live])
        sides_up = np.zeros((live.size, len(self.sides)), dtype=bool)
        for s in range(len(self.sides)):
            sides_up[:, s] = (up & (self.side_of == s)[None, :]).any(axis=1)
        alive = sides_up.sum(axis=1)
        done = alive <= 1
        if not done.any():
            return live
        finished = live[done]
        winner[finished] = np.where(alive[done] == 1, np.argmax(sides_up[done], axis=1), -1)
        ended[finished] = round_
        return live[~done]


#: Encounters whose tables are kept between simulations (the web recomputes the same fight, a
#: benchmark repeats it): the most recent first out when full, a bound on memory.
MAX_FIGHTS = 8
FIGHTS: OrderedDict[str, Fight] = OrderedDict()
_FIGHTS_LOCK = threading.Lock()


def fight_of(data: Any, system: System[Any] | None = None) -> Fight:
    """The `Fight` of an encounter file, its tables as the last simulation of the same file
    left them (the draws do not depend on them: a warm run reports what a cold one does)."""
    key = json.dumps(data, sort_keys=True, default=str)
    with _FIGHTS_LOCK:
        found = FIGHTS.get(key)
        if found is not None and found.tables is TABLES.get(found.system.id):
            FIGHTS.move_to_end(key)
            if len(found.tables.books.sheets) <= TABLES_KEEP:
                return found
    found = Fight(data, system)
    with _FIGHTS_LOCK:
        FIGHTS[key] = found
        while len(FIGHTS) > MAX_FIGHTS:
            FIGHTS.popitem(last=False)
    return found


def tables_of(system: System[Any]) -> Tables:
    """The game's shared tables, afresh when they hold more than TABLES_KEEP states."""
    with _FIGHTS_LOCK:
        found = TABLES.get(system.id)
        if found is None or len(found.books.sheets) > TABLES_KEEP:
            found = TABLES[system.id] = Tables(system)
        return found


#: Trials per batch. Each batch draws from its own generator, seeded from the user's seed and
#: the batch's number: the report depends on the seed and the batch size, never on how many
#: processes ran the batches, in what order, or on what the tables held before (warm or cold).
BATCH = 5_000
#: Processes for a long simulation: this machine's two cores.
WORKERS = 2
#: Below this many trials one process does it all (a second one's start costs more).
PARALLEL_FROM = 10_000


@dataclass
class Tally:
    """What a batch of fights ended in, added up over batches."""

    wins: Any  # per side, then none standing, then undecided
    out: Any
    dead: Any
    rounds: dict[int, int]
    trials: int

    def add(self, other: Tally) -> None:
        self.wins += other.wins
        self.out += other.out
        self.dead += other.dead
        for r, c in other.rounds.items():
            self.rounds[r] = self.rounds.get(r, 0) + c
        self.trials += other.trials


def _batch(fight: Fight, seed: int, number: int, n: int) -> Tally:
    """Batch `number` of `n` fights, on its own generator (seed, number)."""
    states, winner, ended = fight.run(np.random.default_rng([seed, number]), n)
    status = fight.status_table()[states]
    wins = np.array(
        [int((winner == s).sum()) for s in range(len(fight.sides))]
        + [int((winner == -1).sum()), int((winner == -2).sum())],
        dtype=np.int64,
    )
    values, counts = np.unique(ended[winner != -2], return_counts=True)
    rounds = dict(zip(values.tolist(), counts.tolist(), strict=True))
    out, dead = (status >= OUT).sum(axis=0), (status == DEAD).sum(axis=0)
    return Tally(wins, out, dead, rounds, n)


def _batch_in_worker(data: Any, seed: int, number: int, n: int) -> Tally | Text:
    """`_batch` in a helper process, on the tables it was forked with; a refusal comes back
    as its words (an EcranError does not pickle whole)."""
    try:
        fight = fight_of(data)
        with fight.lock:
            return _batch(fight, seed, number, n)
    except EcranError as exc:
        return exc.text


#: Each game's tables, shared by its encounter files.
TABLES: dict[str, Tables] = {}


def _can_fork(workers: int, batches: int) -> bool:
    """Whether to fork helpers: more than one batch, and a fork is safe here (the main thread:
    never a web request's; an OS that forks)."""
    return (
        workers > 1
        and batches > 1
        and threading.current_thread() is threading.main_thread()
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _serve(conn: Any) -> None:
    """A helper process: runs the batches it is sent, on its own tables, until told to stop."""
    while True:
        job = conn.recv()
        if job is None:
            return
        conn.send(_batch_in_worker(*job))


class Helper:
    """A process forked once, then kept: it always runs the same share of the batches (those
    whose number leaves this remainder), so its tables are as warm as this process's."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()

    def send(self, job: tuple[Any, int, int, int]) -> None:
        self.conn.send(job)

    def result(self) -> Tally | Text:
        found: Tally | Text = self.conn.recv()
        return found


_HELPERS: list[Helper] = []


def _helpers(count: int) -> list[Helper]:
    """`count` kept helper processes (a dead one is forked again)."""
    _HELPERS[:] = [h for h in _HELPERS if h.process.is_alive()]
    while len(_HELPERS) < count:
        _HELPERS.append(Helper())
    return _HELPERS[:count]


def simulate_encounter(
    data: Any,
    trials: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int = BATCH,
    seconds: float | None = None,
    workers: int | None = None,
    system: System[Any] | None = None,
) -> EncounterReport:
    """Each side's chance to win, the rounds fights last, each participant's chance to end out
    of action or dead, over `trials` fights; with `seconds`, over the batches run within that
    time (at least one: `trials` in the report says how many).

    The batches run in `workers` processes (default: two from PARALLEL_FROM trials on): this
    process runs every `workers`-th batch, kept helper processes (forked on first use) the
    others, each always the same share, so its tables are warm when this process's are. The
    report is the same whatever the number."""
    check_trials(trials)
    seed, _ = generator(seed)
    start = time.perf_counter()
    fight = fight_of(data, system)
    if workers is None:
        workers = WORKERS if trials >= PARALLEL_FROM else 1
    sizes = [min(batch, trials - done) for done in range(0, trials, batch)]
    if not _can_fork(workers, len(sizes)):
        workers = 1
    tally = Tally(
        np.zeros(len(fight.sides) + 2, dtype=np.int64),
        np.zeros(len(fight.start), dtype=np.int64),
        np.zeros(len(fight.start), dtype=np.int64),
        {},
        0,
    )
    helpers = _helpers(workers - 1) if workers > 1 else []
    for first in range(0, len(sizes), workers):
        numbers = range(first, min(first + workers, len(sizes)))
        sent = list(zip(helpers, numbers[1:], strict=False))
        for helper, k in sent:
            helper.send((data, seed, k, sizes[k]))
        try:
            with fight.lock:
                tally.add(_batch(fight, seed, numbers[0], sizes[numbers[0]]))
        finally:  # the helpers' answers are read even then: none is left for the next call
            found = [helper.result() for helper, _ in sent]
        for one in found:
            if isinstance(one, Text):
                raise EcranError(one)
            tally.add(one)
        if progress is not None:
            progress(tally.trials)
        if seconds is not None and time.perf_counter() - start > seconds:
            break
    return _report(fight, seed, tally, time.perf_counter() - start)


def _report(fight: Fight, seed: int, tally: Tally, seconds: float) -> EncounterReport:
    trials, wins = tally.trials, tally.wins
    return EncounterReport(
        system=fight.system.id,
        trials=trials,
        seed=seed,
        sides=[
            SideOdds(side=side, wins=int(wins[s]), probability=float(wins[s]) / trials)
            for s, side in enumerate(fight.sides)
        ],
        draw=float(wins[-2]) / trials,
        undecided=float(wins[-1]) / trials,
        rounds=dict(sorted(tally.rounds.items())),
        participants=[
            FighterOdds(
                name=p.name, side=p.side, out=tally.out[i] / trials, dead=tally.dead[i] / trials
            )
            for i, p in enumerate(fight.spec.participants)
        ],
        seconds=round(seconds, 6),
    )


class PlannedAttack(BaseModel):
    """One planned attack's exact odds: the chance the target ends it out of action or dead
    (and the attacker, where the result strikes back)."""

    attacker: str
    target: str
    attack: str
    out: str
    p_out: float
    dead: str
    p_dead: float
    attacker_out: str
    p_attacker_out: float
    #: The chance of the results not worked out exactly (a Fluid attack's longest explosion
    #: chains, `Check.result_law`'s tails): each chance above is exact for the rest, so the
    #: true one lies between it and it plus this. 0 where every result was worked out.
    unsettled: str = "0"
    p_unsettled: float = 0.0


def unknown_attack(attacker: str, target: str, choice: int, count: int) -> EcranError:
    """`choice` (0: the first) is past the `count` attacks `attacker` has against `target`."""
    if count == 0:
        return EcranError(
            Text(
                fr=f"attaque n° {choice} inconnue : {attacker} n'a aucune attaque contre {target}",
                en=f"unknown attack no. {choice}: {attacker} has no attack against {target}",
            )
        )
    numbers = {1: "0", 2: "0 ou 1"}.get(count, f"0 à {count - 1}")
    english = {1: "0", 2: "0 or 1"}.get(count, f"0 to {count - 1}")
    return EcranError(
        Text(
            fr=f"attaque n° {choice} inconnue : {attacker} en a {count} contre {target} "
            f"(n° {numbers})",
            en=f"unknown attack no. {choice}: {attacker} has {count} against {target} "
            f"(no. {english})",
        )
    )


def planned_attack(
    data: Any,
    attacker: str,
    target: str,
    choice: int = 0,
    lang: str = "fr",
    paths: int = PLANNED_PATHS,
    system: System[Any] | None = None,
) -> PlannedAttack:
    """The exact chance that one attack of `attacker` takes `target` out (names from the
    encounter file): the same walked exchange the simulator samples from, within `paths` dice
    sequences per walk; past them, the check's listed results where it lists them (the rest's
    chance is `unsettled`), else a one-line error."""
    fight = Fight(data, system)
    names = [p.name for p in fight.spec.participants]
    for name in (attacker, target):
        if name not in names:
            raise EcranError(
                Text(
                    fr=f"participant inconnu : {name} (connus : {', '.join(names)})",
                    en=f"unknown participant: {name} (known: {', '.join(names)})",
                )
            )
    if attacker == target:
        raise EcranError(
            Text(
                fr=f"l'attaquant et la cible sont le même participant : {attacker}",
                en=f"the attacker and the target are the same participant: {attacker}",
            )
        )
    a, d = fight.start[names.index(attacker)], fight.start[names.index(target)]
    offered = fight.system.attacks(fight.books.sheets[a], fight.books.sheets[d])
    if choice and choice >= len(offered):
        raise unknown_attack(attacker, target, choice, len(offered))
    attack = Attack.of(fight.books, a, d, choice)
    try:
        dist = exact_exchange(fight.books, a, d, choice, fight.results, paths, listed=True)
    except TooManyPaths:
        raise EcranError(
            Text(
                fr="trop de combinaisons de dés pour un calcul exact de cette attaque",
                en="too many dice combinations for an exact computation of this attack",
            )
        ) from None
    status = fight.books.status
    p_out = dist.probability_where(lambda s: status[s[1]] >= OUT)
    p_dead = dist.probability_where(lambda s: status[s[1]] == DEAD)
    p_back = dist.probability_where(lambda s: status[s[0]] >= OUT)
    unsettled = 1 - dist.total
    return PlannedAttack(
        attacker=attacker,
        target=target,
        attack="-" if attack.action is None else attack.action.label(lang),
        out=str(p_out),
        p_out=float(p_out),
        dead=str(p_dead),
        p_dead=float(p_dead),
        attacker_out=str(p_back),
        p_attacker_out=float(p_back),
        unsettled=str(unsettled),
        p_unsettled=float(unsettled),
    )


#: The tracker's batches: small, so a slow game's first batch ends well within the budget.
VICTORY_BATCH = 100


def victory(
    data: Any,
    trials: int,
    seed: int,
    seconds: float,
    planned: Sequence[tuple[str, str]] = (),
    lang: str = "fr",
    system: System[Any] | None = None,
    batch: int = VICTORY_BATCH,
) -> tuple[EncounterReport, list[PlannedAttack]]:
    """The encounter tracker's "chances de victoire" in one job of the work budget: the fight
    simulated over `trials` (the batches of `batch` fights run within `seconds`), then each
    planned attack (attacker, target) the rules let the acting participant make (one the dice
    are too many for is left out). A run cut short (the budget's signal, an interrupt) may stop
    in the middle of filling a table: every simulator table of the process is dropped then, so
    the worker's next job never reads one half filled."""
    try:
        report = simulate_encounter(
            data, trials, seed=seed, batch=batch, seconds=seconds, system=system
        )
    except BaseException:
        forget_tables()
        raise
    return report, planned_attacks(data, planned, lang, system)


def planned_attacks(
    data: Any,
    planned: Sequence[tuple[str, str]],
    lang: str = "fr",
    system: System[Any] | None = None,
) -> list[PlannedAttack]:
    """Each planned attack (attacker, target) the rules let the acting participant make, one
    the dice are too many for left out; in a job of the work budget of its own (the tracker's
    slow encounters), every table dropped if the budget cuts it short, as in `victory`."""
    found = []
    try:
        for attacker, target in planned:
            try:
                found.append(
                    planned_attack(
                        data, attacker, target, lang=lang, paths=WALK_PATHS, system=system
                    )
                )
            except EcranError:
                continue
    except BaseException:
        forget_tables()
        raise
    return found


def forget_tables() -> None:
    """Drops every table the simulator keeps in this process (they fill again on demand)."""
    with _FIGHTS_LOCK:
        FIGHTS.clear()
        TABLES.clear()
    RESULTS.clear()
    TABLED.clear()
