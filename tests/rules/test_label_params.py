"""`Check.label_params` (#32): parameters that only name a result. The encounter simulator keys
an attack's values without them, so every pair of sheets that differs only there shares one
parsed attack; that is exact only if they change nothing the game's consequences read. Held
here for every declaring check, on its examples with each label parameter moved across its
bounds: the law of what the consequences read (`System.consequence_reads` over the check's
`result_law`, or its walk) and the dice stage (`Check.staged`: key and shift) are unchanged."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import annotated_types
import pytest

from ecran.dice import Roller, enumerate_outcomes
from ecran.engine import all_systems
from ecran.rules import Check, System
from support import law_cases

DECLARING = [
    pytest.param(system, check, id=f"{system.id}.{check.name}")
    for system in all_systems().values()
    for check in system.checks
    if any(check.label_params(values) for values in law_cases(check))
]


def test_fluids_attack_declares_its_labels() -> None:
    assert {p.id for p in DECLARING} >= {"fluid.attack"}


def _bounds(check: Check[Any], name: str) -> tuple[int, int]:
    """A numeric parameter's bounds, from its field (`ge`, `le`)."""
    low = high = None
    for meta in check.params.model_fields[name].metadata:
        if isinstance(meta, annotated_types.Ge):
            low = int(meta.ge)
        if isinstance(meta, annotated_types.Le):
            high = int(meta.le)
    assert low is not None and high is not None, f"{name}: a label parameter has bounds"
    return low, high


def _moved(check: Check[Any], values: dict[str, Any], names: frozenset[str]) -> list[dict]:
    """`values` with each of `names` at its bounds and between them, one at a time and all
    together."""
    found = []
    for name in sorted(names):
        low, high = _bounds(check, name)
        for at in sorted({low, low + 1, (low + high) // 2, high}):
            found.append({**values, name: at})
    found.append({**values, **{n: _bounds(check, n)[1] for n in names}})
    return found


def _reads(system: System[Any], check: Check[Any], values: dict[str, Any]) -> Any:
    """The law of what the consequences read of the check's result, with its tail's weight,
    and the dice stage's key and shift."""
    params = check.parse(values)
    law = check.result_law(params)
    found: dict[Hashable, Fraction] = {}
    tail = Fraction(0)
    if law is None:
        walked = enumerate_outcomes(
            lambda dice: repr(system.consequence_reads(check.name, check.resolve(params, dice)))
        )
        found = dict(walked.items())
    else:
        for result, p in law.results:
            part = system.consequence_reads(check.name, result)
            assert part is not None, "a check with labels says what its consequences read"
            found[part] = found.get(part, Fraction(0)) + p
        tail = sum((t.weight for t in law.tails), Fraction(0))
    staged = check.staged(params)
    stage = None if staged is None else (staged.key, staged.shift)
    return found, tail, stage


def _alike(
    system: System[Any], check: Check[Any], values: dict[str, Any], names: frozenset[str]
) -> bool:
    """Whether moving `names` leaves the reads of `values` as they were."""
    first = _reads(system, check, values)
    return all(_reads(system, check, moved) == first for moved in _moved(check, values, names))


@pytest.mark.parametrize(("system", "check"), DECLARING)
def test_the_consequences_read_no_label_from_the_values(
    system: System[Any], check: Check[Any]
) -> None:
    """The simulator hands the consequences the values without their labels (their defaults
    stand in): every listed result does the same to two NPCs either way."""
    a, d = (system.random_npc(Roller(seed)) for seed in (1, 2))
    for values in law_cases(check):
        names = check.label_params(values)
        if not names:
            continue
        named = {k: v for k, v in values.items() if k not in names}
        law = check.result_law(check.parse(values))
        assert law is not None
        for result, _ in law.results:
            assert system.consequences(check.name, values, result, a, d) == (
                system.consequences(check.name, named, result, a, d)
            )


@pytest.mark.parametrize(("system", "check"), DECLARING)
def test_label_parameters_change_nothing_the_consequences_read(
    system: System[Any], check: Check[Any]
) -> None:
    for values in law_cases(check):
        names = check.label_params(values)
        assert names <= check.params.model_fields.keys()
        if names:
            assert _alike(system, check, values, names), values
            # moving a label leaves the labels as they were
            assert all(check.label_params(m) == names for m in _moved(check, values, names))


def test_a_parameter_that_changes_the_blow_is_no_label() -> None:
    """The check above can fail: the defender's armour changes the damage the consequences
    read, its characteristic the dice, and with option hit_location its RES whether a
    wound's place is rolled (so Fluid does not declare it there)."""
    fluid = all_systems()["fluid"]
    attack = fluid.check("attack")
    example = attack.example
    assert not _alike(fluid, attack, example, frozenset({"opponent_armour"}))
    assert not _alike(fluid, attack, example, frozenset({"opponent_characteristic"}))
    located = {**example, "hit_location": True}
    assert "opponent_res" not in attack.label_params(located)
    assert not _alike(fluid, attack, located, frozenset({"opponent_res"}))
