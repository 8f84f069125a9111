"""Every operation of every system, on random NPCs: a new sheet of the same model, or a clear
refusal (EcranError). Never a crash, never a sheet changed in place."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.rules import EcranError, Operation, System, all_systems

OPERATIONS = [
    pytest.param(system, op, id=f"{system.id}.{op.name}")
    for system in all_systems().values()
    if system.character
    for op in system.operations
    if not any(f.is_required() for f in op.params.model_fields.values())
]


@pytest.mark.parametrize(("system", "operation"), OPERATIONS)
def test_operation_with_defaults_on_random_npcs(
    system: System, operation: Operation[Any, Any]
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
