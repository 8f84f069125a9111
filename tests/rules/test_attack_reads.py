"""`System.attack_reads`: what `chosen_attack` and `consequence_sheets` read of a sheet on each
side of an attack. The encounter simulator shares one attack between every pair of states whose
attackers' answers are equal and whose defenders' are (#32), so the hook must be exact: such
pairs are offered the same check with the same parameters for every choice (but those that only
name its result, `Check.label_params`), and read alike for their consequences. Checked on every
game that declares it, between NPCs fresh, struck, bleeding and with their pools changed."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.rules import CharacterSheet, System
from support import systems_overriding

DECLARING = systems_overriding("attack_reads")


def test_the_games_that_say_what_their_attacks_read() -> None:
    assert {p.id for p in DECLARING} == {"fluid"}


def _hit(system: System[Any], sheet: Any, damage: int, seed: int) -> Any:
    """`sheet` after a blow of `damage` (its conditions worn, as the simulator's states)."""
    op = system.operation("take_hit")
    params = op.params.model_validate({"damage": damage})
    return op.run(sheet, params, Roller(seed)).worn


def _variants(system: System[Any], sheet: Any) -> list[CharacterSheet]:
    """The sheet, wounded (a haemorrhage's or a coma's survival test among them), its RES,
    AUR and SAN spent, adrenaline or a haemorrhage in its condition."""
    found = [sheet]
    found += [_hit(system, sheet, damage, seed) for damage, seed in product((3, 12, 30), (1, 2))]
    for update in ({"res": 1}, {"aur": 0}, {"san": 2}):
        found.append(sheet.model_copy(update=update))
    for flags in ({"adrenaline": True}, {"haemorrhage": True, "haemorrhage_penalty": 4}):
        condition = sheet.condition.model_copy(update=flags)
        found.append(sheet.model_copy(update={"condition": condition}))
    return found


def _offered(system: System[Any], a: Any, d: Any) -> list[Any]:
    """Every attack `a` is offered against `d` (one past the list: the last), as values, but
    those that only name its result (`Check.label_params`, held by test_label_params)."""
    count = max(1, len(system.attacks(a, d))) + 1
    found = []
    for choice in range(count):
        action = system.chosen_attack(a, d, choice)
        if action is None:
            found.append(None)
            continue
        labels = system.check(action.check).label_params(action.params)
        values = {k: v for k, v in action.params.items() if k not in labels}
        found.append((action.check, values))
    return found


@pytest.mark.parametrize("system", DECLARING)
def test_pairs_that_read_alike_are_offered_the_same_attacks(system: System[Any]) -> None:
    people = [system.random_npc(Roller(i)) for i in (1, 2, 5)]
    sheets = [v for p in people for v in _variants(system, p)]
    reads = {
        id(s): (system.attack_reads(s, "attacker"), system.attack_reads(s, "defender"))
        for s in sheets
    }
    seen: dict[Any, tuple[list[Any], Any]] = {}
    shared = 0
    for a, d in product(sheets, sheets):
        if a is d or system.status(a) != "up":
            continue
        key = repr((reads[id(a)][0], reads[id(d)][1]))
        done = (_offered(system, a, d), system.consequence_sheets(a, d))
        first = seen.setdefault(key, done)
        assert done == first, key
        shared += first is not done
    # pairs of distinct fight states did share (the hook is more than the fight state)
    assert shared > 100


@pytest.mark.parametrize("system", DECLARING)
def test_what_an_attack_reads_tells_apart_what_changes_it(system: System[Any]) -> None:
    """A wound changes what both sides read; the defender's RES what it reads, not what it
    reads attacking."""
    sheet = system.random_npc(Roller(3))
    wounded = _hit(system, sheet, 30, 1)
    spent = sheet.model_copy(update={"res": 1})
    for side in ("attacker", "defender"):
        assert system.attack_reads(wounded, side) != system.attack_reads(sheet, side)
    assert system.attack_reads(spent, "attacker") == system.attack_reads(sheet, "attacker")
    assert system.attack_reads(spent, "defender") != system.attack_reads(sheet, "defender")
