"""`System.consequence_reads`: the part of an attack's result the game's consequences read. The
encounter simulator works the consequences out once per part, so the hook must be exact: two
results of the same attack (check, parameters, sheets) whose parts are equal do the same
things. Checked on every game that declares it, over every result its attacks' walks reach and
over rolled ones, between NPCs fresh and struck."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine.fight.check_tables import check_table
from ecran.rules import CharacterSheet, Resolution, System
from support import systems_overriding

DECLARING = systems_overriding("consequence_reads")


def test_every_game_declares_what_its_consequences_read() -> None:
    assert {p.id for p in DECLARING} == {"artemis", "fluid", "nephilim", "organique", "warp"}


def _struck(system: System[Any], sheet: Any, other: Any) -> Any:
    """`sheet` after a few blows of `other` (their consequences applied), or as it was."""
    for seed in range(6):
        actions = system.attacks(other, sheet)
        if not actions or system.status(sheet) != "up":
            break
        action = actions[0]
        check = system.check(action.check)
        result = check.resolve(check.parse(action.params), Roller(seed))
        for c in system.consequences(action.check, action.params, result, other, sheet):
            if c.side == "defender":
                op = system.operation(c.operation)
                sheet = op.run(sheet, op.params.model_validate(c.params), Roller(seed)).sheet
    return sheet


def _sheets(system: System[Any]) -> list[CharacterSheet]:
    people = [system.random_npc(Roller(i)) for i in (1, 2, 3)]
    return [*people, _struck(system, people[0], people[1]), _struck(system, people[2], people[0])]


def _done(
    system: System[Any], check: str, params: dict[str, Any], result: Resolution, a: Any, d: Any
) -> list[tuple[str, str, dict[str, Any]]]:
    found = system.consequences(check, params, result, a, d)
    return [(c.side, c.operation, c.params) for c in found]


@pytest.mark.parametrize("system", DECLARING)
def test_results_that_read_alike_do_the_same(system: System[Any]) -> None:
    sheets = _sheets(system)
    checked = 0
    for a in sheets:
        for d in sheets:
            if a is d:
                continue
            for action in system.attacks(a, d)[:8]:
                check = system.check(action.check)
                params = check.parse(action.params)
                table = check_table(check, params)
                results = [table.seen[k] for k in table.keys]
                roller = Roller(7)
                results += [check.summary(check.resolve(params, roller)) for _ in range(30)]
                by_part: dict[Any, list[tuple[str, str, dict[str, Any]]]] = {}
                for result in results:
                    part = system.consequence_reads(action.check, result)
                    done = _done(system, action.check, action.params, result, a, d)
                    if part is None:
                        continue
                    expected = by_part.setdefault(repr(part), done)
                    assert done == expected, (action.check, part, result)
                    checked += 1
    assert checked


SHARING = systems_overriding("consequence_sheets")


def test_every_game_says_what_its_consequences_read_of_the_sheets() -> None:
    assert {p.id for p in SHARING} == {"artemis", "fluid", "nephilim", "organique", "warp"}


@pytest.mark.parametrize("system", SHARING)
def test_pairs_of_sheets_that_read_alike_take_the_same_consequences(system: System[Any]) -> None:
    """`consequence_sheets`: the same attack's results do the same between any two pairs of
    sheets whose answers are equal (the simulator shares them between those pairs)."""
    sheets = _sheets(system)
    pairs = [(a, d) for a in sheets for d in sheets if a is not d]
    checked = 0
    for a, d in pairs:
        read = system.consequence_sheets(a, d)
        alike = [(a2, d2) for a2, d2 in pairs if system.consequence_sheets(a2, d2) == read]
        for action in system.attacks(a, d)[:8]:
            check = system.check(action.check)
            table = check_table(check, check.parse(action.params))
            for key in table.keys:
                result = table.seen[key]
                done = _done(system, action.check, action.params, result, a, d)
                for a2, d2 in alike:
                    assert _done(system, action.check, action.params, result, a2, d2) == done
                    checked += 1
    assert checked
