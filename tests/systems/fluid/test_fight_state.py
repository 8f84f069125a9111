"""Fluid's fight state (`System.fight_state`): wounds fold into what a fight reads of them, the
disadvantages they put on each characteristic (L1437-1439) and their total against RES
(L1463-1471); a wound's name and how the total is split change no roll."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.fluid import tracks
from ecran.systems.fluid.sheet import FluidSheet, Trait

SYSTEM = get_system("fluid")


def npc(seed: int) -> FluidSheet:
    sheet = SYSTEM.random_npc(Roller(seed))
    assert isinstance(sheet, FluidSheet)
    return sheet


def wounded(sheet: FluidSheet, *values: int, hinders: tuple[str, ...] = ("*",)) -> FluidSheet:
    wounds = [
        Trait(name=f"Blessure {i}", value=v, kind="negative", origin="wound", hinders=[*hinders])
        for i, v in enumerate(values)
    ]
    return sheet.model_copy(update={"traits": [*sheet.traits, *wounds], "res": 0})


def exchange(attacker: Any, defender: Any, choice: int, seed: int) -> tuple[Any, Any, Any]:
    """One attack by the game's own procedure (as the encounter simulator plays it)."""
    action = SYSTEM.attacks(attacker, defender)[choice]
    check = SYSTEM.check(action.check)
    dice = Roller(seed)
    result = check.resolve(check.parse(action.params), dice)
    sheets = {"attacker": attacker, "defender": defender}
    found = SYSTEM.consequences(action.check, action.params, result, attacker, defender)
    for c in found:
        op = SYSTEM.operation(c.operation)
        sheets[c.side] = op.run(sheets[c.side], op.params.model_validate(c.params), dice).sheet
    done = [(result.outcome, result.total), *((c.operation, c.params) for c in found)]
    return SYSTEM.fight_state(sheets["attacker"]), SYSTEM.fight_state(sheets["defender"]), done


def assert_fight_alike(one: FluidSheet, other: FluidSheet) -> None:
    assert SYSTEM.fight_state(one) == SYSTEM.fight_state(other)
    assert SYSTEM.status(one) == SYSTEM.status(other)
    for opponent in (npc(1), npc(5)):
        for mine, yours in (
            ((one, opponent), (other, opponent)),
            ((opponent, one), (opponent, other)),
        ):
            offered = SYSTEM.attacks(*mine)
            assert [(a.check, a.params) for a in offered] == [
                (a.check, a.params) for a in SYSTEM.attacks(*yours)
            ]
            for choice in range(len(offered)):
                for seed in range(6):
                    assert exchange(*mine, choice, seed) == exchange(*yours, choice, seed)


def test_wounds_fold_into_their_total_and_their_disadvantages() -> None:
    base = npc(2)
    assert_fight_alike(wounded(base, 3, 2), wounded(base, 5))
    assert_fight_alike(wounded(base, 1, 1, 1), wounded(base, 2, 1))


def test_a_different_total_or_hindrance_is_another_state() -> None:
    base = npc(2)
    assert SYSTEM.fight_state(wounded(base, 5)) != SYSTEM.fight_state(wounded(base, 4))
    only_agi = wounded(base, 5, hinders=("AGI",))
    assert SYSTEM.fight_state(wounded(base, 5)) != SYSTEM.fight_state(only_agi)


def test_what_no_fight_reads_is_left_out() -> None:
    base = npc(3)
    other = base.model_copy(
        update={"name": "autre", "notes": "x", "xp": 3, "prepared_spells": ["a"], "res": None}
    )
    full = base.model_copy(update={"res": None})
    assert_fight_alike(full, other)


def test_an_empty_pool_is_the_full_pool() -> None:
    base = npc(4)
    full = tracks.attribute(base, "RES")
    assert SYSTEM.fight_state(base.model_copy(update={"res": None})) == SYSTEM.fight_state(
        base.model_copy(update={"res": full})
    )


def test_positive_traits_keep_their_names_and_order() -> None:
    base = npc(2)
    more = base.model_copy(update={"traits": [*base.traits, Trait(name="Épée", value=2)]})
    assert SYSTEM.fight_state(base) != SYSTEM.fight_state(more)


def test_the_hindrances_a_state_keeps_are_each_characteristics() -> None:
    """`hindrances` (one pass) reads as `hindrance` does code by code: '*' hinders every
    characteristic once, a code listed twice hinders once (L227-233, L1437-1439)."""
    base = npc(2)
    odd = [
        Trait(name="a", value=2, kind="negative", hinders=["AGI", "AGI"]),
        Trait(name="b", value=3, kind="negative", hinders=["*", "FOR"]),
        Trait(name="c", value=1, kind="negative", hinders=["MAG", "INI"]),
        Trait(name="d", value=4, kind="positive", hinders=["*"]),
    ]
    sheet = base.model_copy(update={"traits": [*base.traits, *odd]})
    expected = tuple(tracks.hindrance(sheet, code) for code in tracks.ACTION_CODES)
    assert tracks.hindrances(sheet) == expected


def test_a_wound_added_is_read_as_the_whole_list_is() -> None:
    """`tracks.with_negative` works a wounded list's reading out from the list's own and the
    wound's (#32): it is the reading of the whole list, Trait by Trait, for wounds hindering
    every characteristic or some, on sheets with Traits of every kind."""
    for seed in range(1, 9):
        sheet = wounded(npc(seed), 2, hinders=("FOR", "AGI"))
        for hinders in (["*"], ["AGI"], ["PER", "VOL"]):
            wound = Trait(name="Coup", value=seed, kind="negative", origin="wound", hinders=hinders)
            found = tracks.with_negative(sheet.traits, wound)
            assert found == [*sheet.traits, wound] and found is not sheet.traits
            assert tracks._trait_parts(found) == tracks._traits_read(list(found))
            after = sheet.model_copy(update={"traits": found})
            fresh = sheet.model_copy(update={"traits": [*sheet.traits, wound]})
            assert SYSTEM.fight_state(after) == SYSTEM.fight_state(fresh)
