"""The encounter simulator ("chances de victoire"): a whole fight, many times over.

Nothing of a game's rules is written here. One exchange — an attacker's attack on a defender —
is the game's own procedure: the attack the system offers (`System.attacks`), its check's
`resolve`, the result's `consequences` and the operations that apply them to both sheets. That
procedure is walked over every dice sequence (`enumerate_outcomes`, as the odds are), which gives
the exact distribution of the two sheets after the exchange. It is computed once per pair of
sheets and cached: the sheets carry every track and penalty, so a wound that changes the next
attack changes the key. Numpy then only keeps the books: each participant's state (an index into
the sheets seen so far) over all trials, grouped by (attacker, defender, states) and drawn from
the cached distributions in one call per group.

Where an exchange cannot be walked (an open explosion, a large pool) it is rolled instead, trial
by trial, with the engine's own procedure and a seeded `Roller`: correct first, then fast.

The fight (our simulator's convention, shown with the result): initiative is rolled once
(`System.initiative`, exact distribution; ties in random order), then every round each standing
participant, in that order, makes its chosen attack (`attack`: its index in the list the
tracker offers, default 0, the first) on the first standing opponent in the file's order. A side
wins when the other has no one standing; after `max_rounds` the fight is undecided. Conditions
that operations put on a bearer (a lost action, a stun) are not followed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ecran.dice import DiceSource, Distribution, Roller, TooManyPaths, enumerate_outcomes
from ecran.engine.registry import get_system
from ecran.engine.simulate import Sampler, check_trials, generator
from ecran.rules import (
    Action,
    CharacterSheet,
    Check,
    Consequence,
    EcranError,
    Resolution,
    System,
    Text,
)
from ecran.rules.errors import from_validation

MAX_PARTICIPANTS = 16
MAX_ROUNDS = 200
MAX_STATES = 20_000
#: Check results kept between fights (the web's recomputations share them): (check class,
#: parameters) -> the walked results. Cleared when full: a bound on memory.
MAX_RESULTS = 4_096
#: Dice sequences one exchange's walk may visit before it is rolled trial by trial instead.
WALK_PATHS = 2_000
#: The budget of one planned attack's exact odds (computed once, not per trial).
PLANNED_PATHS = 100_000

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


# -- the states and the exchanges --------------------------------------------------------------


@dataclass
class Books:
    """Every sheet seen so far, by canonical JSON: a participant's state is its index here."""

    system: System[Any]
    sheets: list[CharacterSheet] = field(default_factory=list)
    status: list[int] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    #: (state, operation, parameters) -> the states the operation leads that sheet to.
    transitions: dict[tuple[int, str, str], Distribution[int]] = field(default_factory=dict)

    def state(self, sheet: CharacterSheet) -> int:
        key = sheet.model_dump_json()
        found = self.index.get(key)
        if found is None:
            if len(self.sheets) >= MAX_STATES:
                raise EcranError(
                    Text(
                        fr="trop d'états différents dans ce combat pour le simuler",
                        en="too many different states in this fight to simulate it",
                    )
                )
            found = self.index[key] = len(self.sheets)
            self.sheets.append(sheet)
            self.status.append(STATUS_CODE[self.system.status(sheet)])
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

    def apply(self, result: Resolution, dice: DiceSource) -> tuple[int, int]:
        """The result's consequences, by the game's operations, on both sheets."""
        return self.carry_out(self.consequences(result), dice)

    def carry_out(self, found: list[Consequence], dice: DiceSource) -> tuple[int, int]:
        system, books = self.books.system, self.books
        a, d = books.sheets[self.attacker], books.sheets[self.defender]
        sheets = {"attacker": a, "defender": d}
        for c in found:
            op = system.operation(c.operation)
            sheet = sheets[c.side]
            sheets[c.side] = op.run(sheet, op.params.model_validate(c.params), dice).sheet
        after_a = self.attacker if sheets["attacker"] is a else books.state(sheets["attacker"])
        after_d = self.defender if sheets["defender"] is d else books.state(sheets["defender"])
        return after_a, after_d

    def play(self, dice: DiceSource) -> tuple[int, int]:
        """The whole exchange on one dice source (a seeded Roller: one trial)."""
        if self.check is None:
            return self.attacker, self.defender
        return self.apply(self.check.resolve(self.params, dice), dice)


def _result_key(result: Resolution) -> str:
    # repr, not JSON: this runs once per dice sequence walked. Two equal results whose details
    # were built in another order get two keys; their consequences are grouped again below.
    return repr((result.outcome, result.total, result.details))


#: (check class, parameters) -> each distinct result of the check with its exact probability.
Results = tuple[Distribution[str], dict[str, Resolution]]


#: The process's check results, shared by every fight (`Fight.results`).
RESULTS: dict[tuple[Any, str], Results] = {}


def walk_results(check: Check[Any], params: Any, paths: int = WALK_PATHS) -> Results:
    """The exact distribution of a check's whole result (outcome, total and details), by
    walking its `resolve` over every dice sequence; each distinct result kept once."""
    seen: dict[str, Resolution] = {}

    def resolve(dice: DiceSource) -> str:
        result = check.resolve(params, dice)
        k = _result_key(result)
        seen.setdefault(k, result)
        return k

    return enumerate_outcomes(resolve, max_paths=paths), seen


def check_results(
    attack: Attack, cache: dict[tuple[Any, str], Results], paths: int = WALK_PATHS
) -> Results:
    """`walk_results` of the attack's check, shared by every pair of sheets that asks the same
    parameters."""
    assert attack.check is not None
    check, params = attack.check, attack.params
    key = (type(check), params.model_dump_json())
    found = cache.get(key)
    if found is None:
        if len(cache) >= MAX_RESULTS:
            cache.clear()
        found = cache[key] = walk_results(check, params, paths)
    return found


def exact_exchange(
    books: Books,
    attacker: int,
    defender: int,
    choice: int,
    cache: dict[tuple[Any, str], Results] | None = None,
    paths: int = WALK_PATHS,
) -> Distribution[tuple[int, int]]:
    """The exact distribution of the two states after one attack: each distinct result of the
    check (walked once per parameters), then its consequences walked over their own dice."""
    attack = Attack.of(books, attacker, defender, choice)
    if attack.check is None:
        return Distribution.constant((attacker, defender))
    results, seen = check_results(attack, RESULTS if cache is None else cache, paths)
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
    key = (state, operation, json.dumps(params, sort_keys=True, default=str))
    found = books.transitions.get(key)
    if found is None:
        op = books.system.operation(operation)
        sheet, parsed = books.sheets[state], op.params.model_validate(params)

        def run(dice: DiceSource) -> int:
            after = op.run(sheet, parsed, dice).sheet
            return state if after is sheet else books.state(after)

        found = books.transitions[key] = enumerate_outcomes(run, max_paths=paths)
    return found


def _carried_out(
    attack: Attack, found: list[Consequence], paths: int
) -> dict[tuple[int, int], Fraction]:
    """The two states after the given consequences, in order, each applied by its operation
    to the sheet the previous ones left (as `Attack.carry_out` does on one dice source)."""
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


@dataclass
class Plan:
    """What attacks of one attacker's state on one defender's state lead to, drawn lazily:
    the check's result from its exact distribution (shared by every pair that asks the same
    parameters), then that result's consequences, worked out only for the results drawn."""

    attack: Attack
    results: Sampler[str] | None
    seen: dict[str, Resolution]
    #: Each result's number among the distinct things results do (-1: not worked out yet):
    #: results that do the same are carried out together.
    does: Any = None
    #: What each of those does: the consequences, each with its parameters as a cache key.
    what: list[list[tuple[Consequence, str]]] = field(default_factory=list)
    known: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.results is not None:
            self.does = np.full(len(self.results.outcomes), -1, dtype=np.int64)

    def work_out(self, picks: Any) -> Any:
        """What each drawn result does (its number in `what`), working out the new ones."""
        assert self.results is not None
        found = self.does[picks]
        if (found < 0).any():
            for index in np.unique(picks[found < 0]).tolist():
                result = self.seen[self.results.outcomes[index]]
                found_here = self.attack.consequences(result)
                keyed = [(c, json.dumps(c.params, sort_keys=True, default=str)) for c in found_here]
                key = repr([(c.side, c.operation, k) for c, k in keyed])
                if key not in self.known:
                    self.known[key] = len(self.what)
                    self.what.append(keyed)
                self.does[index] = self.known[key]
            found = self.does[picks]
        return found


def make_plan(
    books: Books, attacker: int, defender: int, choice: int, cache: dict[tuple[Any, str], Results]
) -> Plan:
    """The plan of one pair; `results` is None where the check's walk cannot run (an open
    explosion, a large pool): its attacks are then rolled trial by trial."""
    attack = Attack.of(books, attacker, defender, choice)
    if attack.check is None:
        return Plan(attack, None, {})
    try:
        results, seen = check_results(attack, cache)
    except TooManyPaths:
        return Plan(attack, None, {})
    return Plan(attack, Sampler(results), seen)


@dataclass
class Step:
    """One operation's next states for one sheet, ready to draw (None: rolled instead)."""

    sampler: Sampler[int] | None
    states: Any


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


def load_encounter(data: Any) -> tuple[EncounterFile, System[Any], list[CharacterSheet]]:
    try:
        spec = EncounterFile.model_validate(data)
    except ValidationError as exc:
        raise from_validation(exc) from None
    system = get_system(spec.system)
    model = system.sheet_model()
    sheets = []
    for p in spec.participants:
        try:
            sheets.append(model.model_validate(p.sheet))
        except ValidationError as exc:
            raise from_validation(exc) from None
    if len({p.side for p in spec.participants}) < 2:
        raise EcranError(
            Text(fr="il faut au moins deux camps", en="a fight needs at least two sides")
        )
    return spec, system, sheets


class Fight:
    """The books and caches of one encounter file, reused over every batch of trials."""

    def __init__(self, data: Any) -> None:
        self.spec, self.system, sheets = load_encounter(data)
        self.books = Books(self.system)
        self.start = [self.books.state(s) for s in sheets]
        self.sides = sorted({p.side for p in self.spec.participants}, key=self._side_order)
        self.side_of = np.array([self.sides.index(p.side) for p in self.spec.participants])
        self.plans: dict[tuple[int, int, int], Plan] = {}
        self.steps: dict[tuple[int, str, str], Step] = {}
        self.initiatives: dict[int, Sampler[int] | None] = {}
        self.results = RESULTS

    def _side_order(self, side: str) -> int:
        return next(i for i, p in enumerate(self.spec.participants) if p.side == side)

    def plan(self, attacker: int, defender: int, choice: int) -> Plan:
        key = (attacker, defender, choice)
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = make_plan(self.books, *key, self.results)
        return found

    def step(self, state: int, c: Consequence, params: str) -> Step:
        key = (state, c.operation, params)
        found = self.steps.get(key)
        if found is None:
            try:
                dist = transition(self.books, state, c.operation, c.params)
                sampler = Sampler(dist)
                found = Step(sampler, np.array(sampler.outcomes, dtype=np.int64))
            except TooManyPaths:
                found = Step(None, None)
            self.steps[key] = found
        return found

    def order(self, rng: np.random.Generator, n: int) -> Any:
        """Each trial's acting order: initiative rolled once, highest first, ties at random."""
        count = len(self.start)
        score = np.zeros((n, count), dtype=np.float64)
        for i, state in enumerate(self.start):
            if state not in self.initiatives:
                self.initiatives[state] = initiative_sampler(self.books, state)
            sampler = self.initiatives[state]
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
        running = np.ones(n, dtype=bool)
        choices = [p.attack for p in self.spec.participants]
        rows = np.arange(n)
        for round_ in range(1, self.spec.max_rounds + 1):
            for slot in range(count):
                actor = order[:, slot]
                self._act(rng, states, rows, actor, running, choices)
                self._settle(states, running, winner, ended, round_)
                if not running.any():
                    return states, winner, ended
        return states, winner, ended

    def standing(self, states: Any) -> Any:
        status = np.array(self.books.status, dtype=np.int64)
        return status[states] == UP

    def _act(
        self,
        rng: np.random.Generator,
        states: Any,
        rows: Any,
        actor: Any,
        running: Any,
        choices: list[int],
    ) -> None:
        up = self.standing(states)
        acts = running & up[rows, actor]
        if not acts.any():
            return
        # the first standing opponent in the file's order
        enemy = self.side_of[None, :] != self.side_of[actor][:, None]
        candidates = up & enemy
        has_target = candidates.any(axis=1)
        acts &= has_target
        target = np.argmax(candidates, axis=1)
        idx = np.nonzero(acts)[0]
        if idx.size == 0:
            return
        a_state = states[idx, actor[idx]]
        d_state = states[idx, target[idx]]
        keys = np.stack([actor[idx], a_state, target[idx], d_state], axis=1)
        groups, inverse = np.unique(keys, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        for g, (who, a, whom, d) in enumerate(groups.tolist()):
            members = idx[inverse == g]
            plan = self.plan(a, d, choices[who])
            if plan.results is None:
                self._roll(rng, states, members, who, whom, plan.attack)
                continue
            does = plan.work_out(plan.results.draw(rng, members.size))
            kinds, which = np.unique(does, return_inverse=True)
            which = which.reshape(-1)
            for j, kind in enumerate(kinds.tolist()):
                found = plan.what[kind]
                if found:
                    sides = {"attacker": (who, a), "defender": (whom, d)}
                    self._carry(rng, states, members[which == j], sides, found)
        # the books may have grown: status is read again by the caller

    def _carry(
        self,
        rng: np.random.Generator,
        states: Any,
        members: Any,
        sides: dict[str, tuple[int, int]],
        found: list[tuple[Consequence, str]],
    ) -> None:
        """The consequences of one drawn result, in order, each by its operation's exact
        next states for the sheet the previous ones left. `sides`: each side's column and the
        state all these trials share before the first consequence on it."""
        changed: set[str] = set()
        for c, key in found:
            col, start = sides[c.side]
            if c.side in changed:
                current = states[members, col]
                groups = [(s, members[current == s]) for s in np.unique(current).tolist()]
            else:
                groups = [(start, members)]
            changed.add(c.side)
            for state, rows in groups:
                step = self.step(state, c, key)
                if step.sampler is not None:
                    states[rows, col] = step.states[step.sampler.draw(rng, rows.size)]
                    continue
                op = self.system.operation(c.operation)
                params = op.params.model_validate(c.params)
                sheet = self.books.sheets[state]
                for row in rows.tolist():
                    dice = Roller(int(rng.integers(0, 2**31)))
                    states[row, col] = self.books.state(op.run(sheet, params, dice).sheet)

    def _roll(
        self,
        rng: np.random.Generator,
        states: Any,
        members: Any,
        who: int,
        whom: int,
        attack: Attack,
    ) -> None:
        """Attacks whose check cannot be walked: each trial's whole exchange played on its own
        seeded Roller, by the same procedure."""
        seeds = rng.integers(0, 2**31, size=members.size)
        after = np.array([attack.play(Roller(int(x))) for x in seeds], dtype=np.int64)
        states[members, who] = after[:, 0]
        states[members, whom] = after[:, 1]

    def _settle(self, states: Any, running: Any, winner: Any, ended: Any, round_: int) -> None:
        up = self.standing(states)
        sides_up = np.zeros((states.shape[0], len(self.sides)), dtype=bool)
        for s in range(len(self.sides)):
            sides_up[:, s] = (up & (self.side_of == s)[None, :]).any(axis=1)
        alive = sides_up.sum(axis=1)
        done = running & (alive <= 1)
        winner[done] = np.where(alive[done] == 1, np.argmax(sides_up[done], axis=1), -1)
        ended[done] = round_
        running &= ~done


def simulate_encounter(
    data: Any,
    trials: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int = 10_000,
    seconds: float | None = None,
) -> EncounterReport:
    """Each side's chance to win, the rounds fights last, each participant's chance to end out
    of action or dead, over `trials` fights; with `seconds`, over the batches run within that
    time (at least one: `trials` in the report says how many)."""
    check_trials(trials)
    seed, rng = generator(seed)
    start = time.perf_counter()
    fight = Fight(data)
    count = len(fight.start)
    wins = np.zeros(len(fight.sides) + 2, dtype=np.int64)  # sides, then none standing, undecided
    out = np.zeros(count, dtype=np.int64)
    dead = np.zeros(count, dtype=np.int64)
    rounds: dict[int, int] = {}
    done = 0
    while done < trials:
        n = min(batch, trials - done)
        states, winner, ended = fight.run(rng, n)
        status = np.array(fight.books.status, dtype=np.int64)[states]
        out += (status >= OUT).sum(axis=0)
        dead += (status == DEAD).sum(axis=0)
        for s in range(len(fight.sides)):
            wins[s] += int((winner == s).sum())
        wins[-2] += int((winner == -1).sum())
        wins[-1] += int((winner == -2).sum())
        values, counts = np.unique(ended[winner != -2], return_counts=True)
        for v, c in zip(values.tolist(), counts.tolist(), strict=True):
            rounds[v] = rounds.get(v, 0) + c
        done += n
        if progress is not None:
            progress(done)
        if seconds is not None and time.perf_counter() - start > seconds:
            break
    trials = done
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
        rounds=dict(sorted(rounds.items())),
        participants=[
            FighterOdds(name=p.name, side=p.side, out=out[i] / trials, dead=dead[i] / trials)
            for i, p in enumerate(fight.spec.participants)
        ],
        seconds=round(time.perf_counter() - start, 6),
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


def planned_attack(
    data: Any,
    attacker: str,
    target: str,
    choice: int = 0,
    lang: str = "fr",
    paths: int = PLANNED_PATHS,
) -> PlannedAttack:
    """The exact chance that one attack of `attacker` takes `target` out (names from the
    encounter file): the same walked exchange the simulator samples from, within `paths` dice
    sequences per walk (past them: a one-line error)."""
    fight = Fight(data)
    names = [p.name for p in fight.spec.participants]
    for name in (attacker, target):
        if name not in names:
            raise EcranError(
                Text(
                    fr=f"participant inconnu : {name} (connus : {', '.join(names)})",
                    en=f"unknown participant: {name} (known: {', '.join(names)})",
                )
            )
    a, d = fight.start[names.index(attacker)], fight.start[names.index(target)]
    attack = Attack.of(fight.books, a, d, choice)
    try:
        dist = exact_exchange(fight.books, a, d, choice, fight.results, paths)
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
    )
