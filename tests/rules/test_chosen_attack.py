"""`System.chosen_attack`: attack number `choice` of `attacks` (the last past the list), or None
where there is none. The encounter simulator asks it for every new pair of states; a game may
build that one alone (Fluid, Organique), so each game's answer is held to its `attacks`, between
NPCs fresh, struck, and under conditions (shifts on both sides, a lost action: the conditions
`attacks` has at work, a game's own `chosen_attack` must have too), for every choice and one
past the list."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system, system_ids
from ecran.rules import System
from ecran.rules.ongoing import SHIFTS_MAX, Ongoing
from ecran.rules.text import Text


def _struck(system: System[Any], sheet: Any, other: Any) -> Any:
    """`sheet` after a few of `other`'s blows (their consequences applied), or as it was."""
    for seed in range(8):
        actions = system.attacks(other, sheet)
        if not actions or system.status(sheet) != "up":
            break
        check = system.check(actions[0].check)
        result = check.resolve(check.parse(actions[0].params), Roller(seed))
        for c in system.consequences(actions[0].check, actions[0].params, result, other, sheet):
            if c.side == "defender":
                op = system.operation(c.operation)
                sheet = op.run(sheet, op.params.model_validate(c.params), Roller(seed)).sheet
    return sheet


def _under(system: System[Any], sheet: Any, other: Any, acts: bool = True) -> Any:
    """`sheet` under a condition shifting every number its attacks on `other` take, and the
    attacks against it (or losing its action)."""
    offered = system.attacks(sheet, other)
    numbers = (
        {
            name: 1
            for name, field in system.check(offered[0].check).params.model_fields.items()
            if field.annotation is int
        }
        if offered
        else {}
    )
    shifts = dict(list(numbers.items())[:SHIFTS_MAX])
    said = Text(fr="gêné", en="hindered")
    condition = Ongoing(label=said, effect=shifts, facing=shifts, acts=acts)
    return sheet.model_copy(update={"ongoing": [condition]})


@pytest.mark.parametrize("system_id", [s for s in system_ids() if s != "demo"])
def test_the_chosen_attack_is_that_of_attacks(system_id: str) -> None:
    system = get_system(system_id)
    people = [system.random_npc(Roller(i)) for i in (1, 2, 3, 4)]
    sheets = [*people, _struck(system, people[0], people[1]), _struck(system, people[2], people[3])]
    sheets += [_under(system, people[0], people[1]), _under(system, people[1], people[0], False)]
    compared = 0
    for a in sheets:
        for d in sheets:
            if a is d:
                continue
            offered = system.attacks(a, d)
            for choice in range(len(offered) + 2):
                found = system.chosen_attack(a, d, choice)
                if not offered:
                    assert found is None
                    continue
                assert found == offered[min(choice, len(offered) - 1)]
                compared += 1
    assert compared > 30
