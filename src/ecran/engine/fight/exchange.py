"""The exchange tables: the exact law of one attack between two states. The attack is the game's
own procedure (`System.attacks`, the check's `resolve`, the result's `consequences`), each
consequence carried out by its operation (`Operation.law` where the game writes one, else
walked over the operation's own dice, once per state and operation); and the exact law of a
state's initiative."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ecran.dice import DiceSource, Distribution, TooManyPaths, enumerate_outcomes, walk_frontier
from ecran.engine.fight.check_tables import (
    RESULTS,
    WALK_PATHS,
    Results,
    check_results,
    weights_by_key,
)
from ecran.engine.fight.states import FightStates
from ecran.engine.simulate import Sampler
from ecran.rules import Action, Check, Consequence, EcranError, Resolution, Text
from ecran.rules.operation import Operation
from ecran.rules.validated import validated

#: An operation's walk (`step_walk`) gives up after this many replays that end no dice sequence.
STEP_PATIENCE = 4


@dataclass
class Attack:
    """One attack of `attacker` on `defender`: the action the system offers, its check and
    parameters, and the game's own procedure from a check result to the two states after."""

    books: FightStates
    attacker: int
    defender: int
    action: Action | None
    check: Check[Any] | None = None
    params: Any = None

    @classmethod
    def of(cls, books: FightStates, attacker: int, defender: int, choice: int) -> Attack:
        system = books.system
        action = system.chosen_attack(books.sheets[attacker], books.sheets[defender], choice)
        if action is None:
            return cls(books, attacker, defender, None)
        check = system.check(action.check)
        return cls(books, attacker, defender, action, check, check.parse(action.params))

    def consequences(self, result: Resolution) -> list[Consequence]:
        """What the result does, to either side (`System.consequences`)."""
        assert self.action is not None
        a, d = self.books.sheets[self.attacker], self.books.sheets[self.defender]
        return self.books.system.consequences(self.action.check, self.action.params, result, a, d)


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


def exact_exchange(
    books: FightStates,
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
    results, seen = _attack_results(attack, RESULTS if cache is None else cache, paths, listed)
    total: dict[tuple[int, int], Fraction] = {}
    for found, p in _alike(attack, results, seen):
        for states, q in _carried_out(attack, found, paths).items():
            total[states] = total.get(states, Fraction(0)) + p * q
    return Distribution.from_fractions(total)


def _attack_results(
    attack: Attack, cache: dict[tuple[Any, str], Results], paths: int, listed: bool
) -> Results:
    """The attack's check results, walked within `paths`; past them, with `listed`, the
    listed results of its `result_law` (its tails left out), else TooManyPaths."""
    assert attack.check is not None
    try:
        return check_results(attack.check, attack.params, cache, paths)
    except TooManyPaths:
        law = attack.check.result_law(attack.params) if listed else None
        if law is None:
            raise
        weights, denominator, seen = weights_by_key(law)
        return Distribution(weights, denominator), seen


def _alike(
    attack: Attack, results: Distribution[str], seen: dict[str, Resolution]
) -> list[tuple[list[Consequence], Fraction]]:
    """The results' consequences with their chance, results that do the same things (the same
    operations with the same parameters) as one: their operations are walked once."""
    same: dict[str, tuple[list[Consequence], Fraction]] = {}
    for key, p in results.items():
        found = attack.consequences(seen[key])
        what = json.dumps([(c.side, c.operation, c.params) for c in found], default=str)
        same[what] = (found, same.get(what, (found, Fraction(0)))[1] + p)
    return list(same.values())


def transition(
    books: FightStates, state: int, operation: str, params: dict[str, Any], paths: int = WALK_PATHS
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
    books: FightStates,
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
    books: FightStates, state: int, operation: str, params: dict[str, Any]
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
    books: FightStates, state: int, operation: str, params: dict[str, Any]
) -> Callable[[DiceSource], int]:
    """The game's operation on a state's sheet as a dice procedure: the state it leads to."""
    op = books.system.operation(operation)
    sheet, parsed = books.sheets[state], validated(op.params, params)

    def run(dice: DiceSource) -> int:
        after = op.run(sheet, parsed, dice).worn
        return state if after is sheet else books.state(after, fold=True)

    return run


def step_walk(
    books: FightStates, state: int, operation: str, params: dict[str, Any]
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


def initiative_sampler(books: FightStates, state: int) -> Sampler[int] | None:
    """Draws of a state's initiative from its exact law (`System.initiative`), or None where
    its dice are too many to walk or the game rolls none (then every participant ties)."""
    system = books.system
    sheet = books.sheets[state]

    def roll(dice: DiceSource) -> int:
        return int(system.initiative(sheet, dice).total or 0)

    try:
        return Sampler(enumerate_outcomes(roll, max_paths=WALK_PATHS))
    except (TooManyPaths, EcranError):
        return None
