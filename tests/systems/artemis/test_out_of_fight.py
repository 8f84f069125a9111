"""The reading of rules/artemis.md §13 (A5): the summary names no state short of Mort and
Détruit (L108-109); "Mortellement blessé x x x / /" (L106) is the last category before them.
The `out_of_fight` option stops him there (default, so a typical fight ends: #30, §13) or lets
him fight on to Mort (the letter)."""

from __future__ import annotations

from typing import Any

from ecran.engine import get_system
from ecran.systems.artemis import tracks
from ecran.systems.artemis.options import OPTIONS

SYSTEM = get_system("artemis")


def _wounded(serious: int, **update: Any) -> Any:
    s = SYSTEM.new_character("Blessé").model_copy(update=update)
    wounds = s.nifimo.blessure.model_copy(update={"serious": serious, "light": 2})
    return tracks.with_nifimo(s, s.nifimo.model_copy(update={"blessure": wounds}))


def test_mortally_wounded_is_out_of_the_fight_L106_L108_109() -> None:
    stop = "mortally_wounded"
    assert SYSTEM.status(_wounded(2, out_of_fight=stop)) == "up"
    assert SYSTEM.status(_wounded(3, out_of_fight=stop)) == "out"
    assert SYSTEM.status(_wounded(3)) == "out"  # the default
    assert SYSTEM.status(_wounded(3, out_of_fight="death")) == "up"
    option = OPTIONS["out_of_fight"]
    assert option.kind == "reading" and option.default == "mortally_wounded"
    assert option.source.lines == (100, 109)


def test_the_fight_state_tells_the_serious_wounds_apart_L106() -> None:
    """Two serious + one light and three serious fill as many boxes: the fight must not take
    one for the other."""
    a = _wounded(3, out_of_fight="mortally_wounded")
    b = tracks.with_nifimo(
        a,
        a.nifimo.model_copy(
            update={"blessure": a.nifimo.blessure.model_copy(update={"serious": 2, "light": 3})}
        ),
    )
    assert SYSTEM.fight_state(a) != SYSTEM.fight_state(b)
