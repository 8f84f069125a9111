"""`System.fight_state`: the part of a sheet a fight reads and changes. The encounter simulator
keeps one state per fight state, so the hook must be exact: two sheets with the same fight state
have the same status and round end (`System.round_end`), which leads them to the same fight
state again; standing, they are offered the same attacks, roll the same initiative and checks,
take the same consequences, and the same operation on the same dice leads them to the same
fight state again (one out of the fight never acts nor is struck again). Checked on every game,
on the sheets NPCs reach by striking one another, and on Fluid's out of the fight."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import CharacterSheet, System

FIGHTERS = [pytest.param(s, id=s.id) for s in all_systems().values() if s.character is not None]


def _exchange(
    system: System[Any], attacker: Any, defender: Any, choice: int, seed: int
) -> tuple[Any, Any, list[Any]]:
    """One attack by the game's own procedure on `Roller(seed)`: the two sheets after it and
    what was done (the consequences, with the check's result)."""
    actions = system.attacks(attacker, defender)
    if not actions:
        return attacker, defender, []
    action = actions[min(choice, len(actions) - 1)]
    check = system.check(action.check)
    dice = Roller(seed)
    result = check.resolve(check.parse(action.params), dice)
    found = system.consequences(action.check, action.params, result, attacker, defender)
    sheets = {"attacker": attacker, "defender": defender}
    for c in found:
        op = system.operation(c.operation)
        sheets[c.side] = op.run(sheets[c.side], op.params.model_validate(c.params), dice).sheet
    done = [(result.outcome, result.total), *((c.side, c.operation, c.params) for c in found)]
    return sheets["attacker"], sheets["defender"], done


def _npc(system: System[Any], seed: int) -> Any:
    """A random NPC; in Espace Artémis under the letter of `out_of_fight` (Mort only): the
    fighters strike on past Mortellement blessé, where the wound marks past the last malus
    column fold together, the sharing this test needs (the default reading stops a fighter at
    three serious wounds, before most of them)."""
    sheet = system.random_npc(Roller(seed))
    if system.id == "artemis":
        return sheet.model_copy(update={"out_of_fight": "death"})
    return sheet


def _reached(system: System[Any]) -> list[CharacterSheet]:
    """The sheets four NPCs reach striking each other, each with every attack in turn."""
    people = [_npc(system, i) for i in (1, 2, 3, 4)]
    seen = list(people)
    for blow in range(120):
        a, d = blow % 4, (blow + 1 + blow // 4) % 4 or 1
        if a == d:
            continue
        if system.status(people[a]) != "up" or system.status(people[d]) != "up":
            people[d] = _npc(system, 10 + blow)
            continue
        people[a], people[d], _ = _exchange(system, people[a], people[d], blow % 7, 1000 + blow)
        seen += [people[a], people[d]]
    return seen


def _ended(system: System[Any], sheet: Any, ends: list[Any], seed: int) -> Any:
    """The sheet after its round end's operations, on `Roller(seed)`."""
    dice = Roller(seed)
    for c in ends:
        op = system.operation(c.operation)
        sheet = op.run(sheet, op.params.model_validate(c.params), dice).sheet
    return sheet


def _alike(system: System[Any], one: Any, other: Any, opponents: list[Any]) -> None:
    """`one` and `other` share a fight state: they must fight the same."""
    state = system.fight_state
    assert system.status(one) == system.status(other)
    ends = system.round_end(one)
    assert ends == system.round_end(other)
    for seed in range(2):
        after = [_ended(system, sheet, ends, seed) for sheet in (one, other)]
        assert state(after[0]) == state(after[1])
        assert system.status(after[0]) == system.status(after[1])
    if system.status(one) != "up":
        return  # out of the fight: never acts nor is struck again (the simulator's convention)
    for seed in range(3):
        assert system.initiative(one, Roller(seed)).total == (
            system.initiative(other, Roller(seed)).total
        )
    for opponent in opponents:
        for mine, theirs in ((one, opponent), (opponent, one)):
            yours = (other, opponent) if mine is one else (opponent, other)
            offered = system.attacks(mine, theirs)
            assert [(a.check, a.params) for a in offered] == [
                (a.check, a.params) for a in system.attacks(*yours)
            ]
            for choice in range(min(len(offered), 6)):
                for seed in range(4):
                    a1, d1, done1 = _exchange(system, mine, theirs, choice, seed)
                    a2, d2, done2 = _exchange(system, *yours, choice, seed)
                    assert done1 == done2
                    assert (state(a1), state(d1)) == (state(a2), state(d2))


@pytest.mark.parametrize("system", FIGHTERS)
def test_sheets_of_one_fight_state_fight_alike(system: System[Any]) -> None:
    sheets = _reached(system)
    groups: dict[Hashable, dict[str, Any]] = {}
    for sheet in sheets:
        key = system.fight_state(sheet)
        assert key == system.fight_state(sheet.model_copy(deep=True))
        hash(key)
        groups.setdefault(key, {})[sheet.model_dump_json()] = sheet
    shared = [list(g.values()) for g in groups.values() if len(g) > 1]
    if system.id in ("artemis", "warp"):
        # Artémis: wound marks past the last malus column, and the light/serious split, fold
        # together; WaRP: NPCs whose traits give the same fighting dice, with the same hit
        # points and gear, are one fighter (names, signs, pools are read by no fight step)
        assert shared, "no two sheets reached share a fight state: the test proves nothing"
    opponents = [system.random_npc(Roller(1)), system.random_npc(Roller(5))]
    for group in shared[:6]:
        for other in group[1:3]:
            _alike(system, group[0], other, opponents)


@pytest.mark.parametrize("system", FIGHTERS)
def test_different_fighters_have_different_fight_states(system: System[Any]) -> None:
    """Two NPCs of different scores never share a state (a hook that folds too much would
    make every fighter one)."""
    one, other = system.random_npc(Roller(1)), system.random_npc(Roller(2))
    assert system.fight_state(one) != system.fight_state(other)


def test_the_default_is_the_whole_sheet() -> None:
    class Bare(System[CharacterSheet]):
        id = "bare"
        character = CharacterSheet

    one = CharacterSheet(system="bare", name="x")
    assert Bare().fight_state(one) == Bare().fight_state(one.model_copy())
    assert Bare().fight_state(one) != Bare().fight_state(one.model_copy(update={"name": "y"}))


def test_fluids_fallen_fight_alike_whatever_their_wounds() -> None:
    """Fluid: bleeding in a coma, one with its RES full and one worn down and wounded share a
    fight state (only the round end's tests read them, #32), and fight alike; one in a coma
    whose haemorrhage's test has another penalty does not share it."""
    system = all_systems()["fluid"]
    npc = system.random_npc(Roller(3))
    hurt = system.operation("take_damage")
    wounded = hurt.run(npc, hurt.params.model_validate({"damage": 30}), Roller(1)).sheet
    condition = {"haemorrhage": True, "haemorrhage_penalty": 3, "coma_days": 2}
    fallen = [
        s.model_copy(update={"condition": s.condition.model_copy(update=condition)})
        for s in (npc, wounded)
    ]
    assert system.fight_state(npc) != system.fight_state(wounded)
    assert system.status(fallen[0]) == "out"
    assert system.fight_state(fallen[0]) == system.fight_state(fallen[1])
    _alike(system, *fallen, [system.random_npc(Roller(1))])
    worse = fallen[0].condition.model_copy(update={"haemorrhage_penalty": 5})
    assert system.fight_state(fallen[0].model_copy(update={"condition": worse})) != (
        system.fight_state(fallen[0])
    )
