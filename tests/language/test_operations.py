"""Issue 12's language test, the operations: for every system, in French and in English, every
operation's summary (what the CLI prints and the table's log shows after `ecran op …`) and its
refusals read in one language. Each operation runs on random NPCs (seeds 0-2) with its defaults
and, for each named choice of its parameters, that choice; required numbers take small values."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin

import pytest
from pydantic import BaseModel, ValidationError

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import EcranError, Operation, System
from language.finder import LANGS, SYSTEMS, findings
from language.known import expect

SMALL = (1, 3, 8)


def _choices(annotation: Any) -> tuple[Any, ...]:
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    for arg in get_args(annotation):
        if get_origin(arg) is Literal:
            return get_args(arg)
    return ()


def _typed(info: Any, n: int) -> Any:
    """A required parameter's value: its first named choice, a word, or the number `n`."""
    if choices := _choices(info.annotation):
        return choices[0]
    return "a" if info.annotation is str else n


def param_sets(model: type[BaseModel]) -> Iterator[dict[str, Any]]:
    """The defaults with every required number at a few small values, then each named choice."""
    required = {n: i for n, i in model.model_fields.items() if i.is_required()}
    base = [{name: _typed(info, n) for name, info in required.items()} for n in SMALL]
    yield from base
    for name, info in model.model_fields.items():
        for choice in _choices(info.annotation):
            yield {**base[0], name: choice}


def summaries(system: System[Any], operation: Operation[Any, Any], lang: str) -> set[str]:
    said: set[str] = set()
    for values in param_sets(operation.params):
        try:
            params = operation.params.model_validate(values)
        except ValidationError:
            continue
        for seed in range(3):
            npc = system.random_npc(Roller(seed))
            try:
                said.add(operation.run(npc, params, Roller(seed)).summary(lang))
            except EcranError as refused:
                said.add(refused.message(lang))
    return said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_operation_summary_reads_in_one_language(
    request: pytest.FixtureRequest, system_id: str, lang: str
) -> None:
    expect(request, f"operations-{system_id}-{lang}")
    system = all_systems()[system_id]
    failures = {}
    for operation in system.operations:
        said = summaries(system, operation, lang)
        assert said, f"{operation.name}: no parameters it accepts"
        found = sorted({f for text in said for f in findings(text, lang)})
        if found:
            failures[operation.name] = found
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())
