"""Every operation of every system, on random NPCs: a new sheet of the same model, or a clear
refusal (EcranError). Never a crash, never a sheet changed in place."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import EcranError, Operation, System

OPERATIONS = [
    pytest.param(system, op, id=f"{system.id}.{op.name}")
    for system in all_systems().values()
    if system.character
    for op in system.operations
    if not any(f.is_required() for f in op.params.model_fields.values())
]


@pytest.mark.parametrize(("system", "operation"), OPERATIONS)
def test_operation_with_defaults_on_random_npcs(
    system: System[Any], operation: Operation[Any, Any]
) -> None:
    params = operation.params.model_validate({})
    for seed in range(3):
        npc = system.random_npc(Roller(seed))
        before = npc.model_dump()
        try:
            change = operation.apply(npc, params, Roller(seed))
        except EcranError as refused:
            assert refused.text.fr and refused.text.en
            continue
        assert npc.model_dump() == before, "the sheet given must not be changed in place"
        assert type(change.sheet) is type(npc)
        assert change.summary.fr and change.summary.en
        type(npc).model_validate(change.sheet.model_dump())  # still a well-formed sheet


def test_some_operations_run_with_defaults() -> None:
    assert len(OPERATIONS) >= 10


HOSTILE = (-(10**6), -1, 0, 1, 60, 10**6)
ALL_OPERATIONS = [
    pytest.param(system, op, id=f"{system.id}.{op.name}")
    for system in all_systems().values()
    if system.character
    for op in system.operations
]


@pytest.mark.parametrize(("system", "operation"), ALL_OPERATIONS)
def test_extreme_parameters_change_the_sheet_or_are_refused_in_one_line(
    system: System[Any], operation: Operation[Any, Any]
) -> None:
    """A value the parameters accept but the sheet cannot hold (a wound past a Trait's bound)
    is an EcranError through `run`, as the CLI and the table call it: never a traceback."""
    npc = system.random_npc(Roller(1))
    for name in operation.params.model_fields:
        for value in HOSTILE:
            try:
                params = operation.params.model_validate({name: value})
            except ValidationError:
                continue  # refused at the door, with its own one-line message
            try:
                change = operation.run(npc, params, Roller(1))
            except EcranError as refused:
                assert refused.text.fr and refused.text.en
                continue
            type(npc).model_validate(change.sheet.model_dump())
