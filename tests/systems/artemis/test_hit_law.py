"""The `hit` operation's exact law (`Operation.law`, what the encounter simulator's steps take
instead of walking `hit`): the sheets the wound procedure leads to with their probabilities,
held to the walk of `hit` itself over its dice, on NPCs fresh and wounded, for every category
and the blow's effects."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller, enumerate_outcomes
from ecran.engine import get_system
from ecran.rules import Operation

SYSTEM = get_system("artemis")
HIT = SYSTEM.operation("hit")

BLOWS: list[dict[str, Any]] = [
    *({"category": c} for c in range(8)),
    {"category": 3, "total_attack": True, "head": True},
    {"category": 4, "knockout": True},
    {"category": 2, "short_circuit": True, "floor_on_scratch": False},
    {"category": 5, "stack_categories": False, "cancel_order": "light_first", "defenceless": True},
]


def _sheets() -> list[Any]:
    people = [SYSTEM.random_npc(Roller(i)) for i in (1, 2, 3)]
    hurt = HIT.params.model_validate({"category": 4})
    wounded = [HIT.run(p, hurt, Roller(5)).sheet for p in people]
    return [*people, *wounded]


def test_hit_declares_a_law() -> None:
    assert type(HIT).law is not Operation.law


@pytest.mark.parametrize("blow", BLOWS, ids=lambda b: repr(b))
def test_the_hit_law_is_the_walk_of_hit(blow: dict[str, Any]) -> None:
    params = HIT.params.model_validate(blow)
    for sheet in _sheets():
        walked = enumerate_outcomes(
            lambda dice, sheet=sheet: HIT.run(sheet, params, dice).sheet.model_dump_json()
        )
        law = HIT.law(sheet, params)
        assert law is not None
        mass: dict[str, Fraction] = {}
        for after, p in law:
            key = after.model_dump_json()
            mass[key] = mass.get(key, Fraction(0)) + p
        assert dict(walked.items()) == mass
