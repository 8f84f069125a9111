"""A game is its package: the `System` base finds each hook by name in the package's fixed
modules (`ecran.rules.package`), and keeps its default where the game has no such function."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import CharacterSheet, EcranError, Params, System
from ecran.systems.demo import encounter, tracks, validation


def test_a_hook_is_the_function_of_its_module() -> None:
    demo = get_system("demo")
    sheet = demo.random_npc(Roller(5))
    assert demo.tracks(sheet) == tracks.tracks(sheet)
    assert demo.validate(sheet) == validation.validate(sheet)
    assert demo.attacks(sheet, sheet) == encounter.attacks(sheet, sheet)


def test_a_function_the_game_lacks_keeps_the_default() -> None:
    demo = type(get_system("demo"))
    for name in (
        "counter_damage",
        "consequence_reads",
        "fight_state",
        "new_character",
        "round_end",
    ):
        getattr(demo, name)  # found (or not) on first use
        assert demo.__dict__[name] is System.__dict__[name], name
    assert get_system("demo").npc_params is Params  # no `creation.NpcParams`


def test_a_derived_hook_refuses_a_sheet_of_another_game() -> None:
    demo, other = get_system("demo"), CharacterSheet(system="other", name="x")
    for call in (demo.tracks, demo.status, demo.validate, demo.sections):
        with pytest.raises(EcranError, match="demo"):
            call(other)
    with pytest.raises(EcranError, match="demo"):
        demo.attacks(other, other)


def test_a_class_outside_a_system_module_derives_nothing() -> None:
    class Toy(System[CharacterSheet]):
        id = "toy_here"
        character = CharacterSheet

    assert Toy.tracks is System.tracks and Toy.checks == ()


@pytest.mark.parametrize("game", ["artemis", "demo", "fluid", "nephilim", "organique", "warp"])
def test_a_game_is_named_by_its_package(game: str) -> None:
    """id, name, seed and options come from the package (its name, `NAME`, `tables.SEED`,
    `options.LISTED` else every one of `options.OPTIONS`), not from lines in `system.py`."""
    import importlib

    package = importlib.import_module(f"ecran.systems.{game}")
    options = importlib.import_module(f"ecran.systems.{game}.options")
    system = get_system(game)
    assert system.id == game
    assert (system.name.fr, system.name.en) == package.NAME
    assert system.seed == importlib.import_module(f"ecran.systems.{game}.tables").SEED
    listed = getattr(options, "LISTED", None) or tuple(options.OPTIONS.values())
    assert tuple(system.options) == tuple(listed)


def test_what_a_game_class_writes_wins_over_its_package() -> None:
    class Toy(System[CharacterSheet]):
        package = "ecran.systems.demo"
        id = "toy_named"
        seed = "toy.txt"
        options = ()
        character = CharacterSheet

    assert (Toy.id, Toy.seed, Toy.options) == ("toy_named", "toy.txt", ())
    assert Toy.name.en == "Demonstration"  # not written: the package's
