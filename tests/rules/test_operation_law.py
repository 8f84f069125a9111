"""`Operation.law`, over every game's operations that write one: the exact law of the sheets
the operation leads to (what the encounter simulator's steps take instead of walking the
operation) is the walk of the operation itself over its dice, for each of its `law_examples`,
on the game's random NPCs fresh and already hurt. Sheets are compared as a fight reads them
(`System.fight_state`): the simulator's states."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller, walk_frontier
from ecran.engine import all_systems
from ecran.rules import Operation

#: A walk that reaches this many paths without ending is a bad example (dice that explode).
PATHS = 5000


def _with_laws() -> list[Any]:
    return [
        pytest.param(system, op, id=f"{system.id}.{op.name}")
        for system in all_systems().values()
        for op in system.operations
        if type(op).law is not Operation.law
    ]


def test_some_operation_writes_a_law() -> None:
    assert len(_with_laws()) >= 2


def _sheets(system: Any, op: Any) -> list[Any]:
    fresh = [system.random_npc(Roller(seed)) for seed in (1, 2, 3)]
    first = op.params.model_validate(op.law_examples[0])
    return [*fresh, *(op.run(s, first, Roller(7)).sheet for s in fresh)]


@pytest.mark.parametrize(("system", "op"), _with_laws())
def test_an_operations_law_is_the_walk_of_the_operation(system: Any, op: Any) -> None:
    assert op.law_examples, f"{op.name} writes a law but no law_examples to hold it to"
    for example in op.law_examples:
        params = op.params.model_validate(example)
        for sheet in _sheets(system, op):
            walked = walk_frontier(
                lambda dice, s=sheet, p=params: system.fight_state(op.run(s, p, dice).sheet),
                PATHS,
            )
            assert not walked.frontier, f"{example}: the walk does not end"
            law = op.law(sheet, params)
            assert law is not None
            assert all(p > 0 for _, p in law) and sum(p for _, p in law) == 1
            mass: dict[Hashable, Fraction] = {}
            for after, p in law:
                key = system.fight_state(after)
                mass[key] = mass.get(key, Fraction(0)) + p
            assert dict(walked.distribution().items()) == mass, example
