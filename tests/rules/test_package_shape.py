"""Every game package has the same shape, so a reader who knows one knows all five; and a check
writes its own odds only where walking its dice cannot run."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import TooManyPaths, enumerate_outcomes
from ecran.engine import get_system
from ecran.rules import Check, Operation, Option, Source, System

GAMES = ["artemis", "demo", "fluid", "nephilim", "organique", "warp"]
SYSTEMS = Path(__file__).resolve().parents[2] / "src" / "ecran" / "systems"

#: The modules of a game package, each with one job (see DESIGN.md).
MODULES = [
    "system.py",  # the System[Sheet] subclass: attributes and typed hooks only
    "sheet.py",  # the character sheet model
    "validation.py",  # the rules a sheet must follow
    "creation.py",  # guided creation and random NPCs
    "tables.py",  # the data files, loaded and typed; SEED and SOURCE
    "dice.py",  # the game's core roll
    "tracks.py",  # wounds, fatigue... and their penalties
    "options.py",  # OPTIONS, from data/options.toml
    "encounter.py",  # attacks, damage, counter-damage
    "view.py",  # the sheet's sections and actions
    "checks/__init__.py",  # CHECKS
    "operations/__init__.py",  # OPERATIONS, one module per topic
    "data/options.toml",
]

#: Paths the walk may take before a check is allowed a hand-written distribution.
WALK_BUDGET = 50_000


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module", MODULES)
def test_game_package_has_the_module(game: str, module: str) -> None:
    assert (SYSTEMS / game / module).is_file()


@pytest.mark.parametrize("game", GAMES)
def test_game_package_exports_fixed_names(game: str) -> None:
    system = get_system(game)
    package = f"ecran.systems.{game}"
    assert importlib.import_module(package).SYSTEM is system
    checks = importlib.import_module(f"{package}.checks").CHECKS
    assert tuple(checks) == tuple(system.checks)
    assert all(isinstance(c, Check) for c in checks)
    operations = importlib.import_module(f"{package}.operations").OPERATIONS
    assert tuple(operations) == tuple(system.operations)
    assert all(isinstance(o, Operation) for o in operations)
    options = importlib.import_module(f"{package}.options").OPTIONS
    assert all(isinstance(o, Option) and options[o.name] is o for o in system.options)
    source = importlib.import_module(f"{package}.tables").SOURCE
    assert isinstance(source, Source) and source.seed == system.seed


@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_cast_helper(game: str) -> None:
    """The base class checks the sheet type once; no module casts sheets again."""
    sheet_class = get_system(game).sheet_model().__name__
    casts = []
    for path in sorted((SYSTEMS / game).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "isinstance"
                and sheet_class in ast.unparse(node.args[1])
            ):
                casts.append(f"{path.name}:{node.lineno}")
    assert casts == []


def _named(arg: Any) -> Any:
    """A generic's argument: the class, or the name a forward reference gives it (a game's
    sheet module is imported on first use, #32)."""
    return getattr(arg, "__forward_arg__", None) or getattr(arg, "__name__", arg)


def test_system_is_generic_over_its_sheet() -> None:
    for game in GAMES:
        system = get_system(game)
        bases = getattr(type(system), "__orig_bases__", ())
        sheet = system.sheet_model()
        assert sheet.__module__ == f"ecran.systems.{game}.sheet"
        assert any(_named(getattr(b, "__args__", (None,))[0]) == sheet.__name__ for b in bases)


def _overriding() -> list[Any]:
    found = []
    for game in GAMES:
        for check in get_system(game).checks:
            if type(check).distribution is not Check.distribution:
                found.append(pytest.param(check, id=f"{game}.{check.name}"))
    return found


@pytest.mark.parametrize("check", _overriding())
def test_hand_written_odds_only_where_the_walk_cannot_run(check: Check[Any]) -> None:
    """A check that writes its own distribution names, in `beyond_walk`, parameters whose dice
    the walk cannot cover within the budget; the two agree where the walk does run."""
    beyond = getattr(check, "beyond_walk", None)
    assert beyond is not None, "an override with no parameters beyond the walk: remove it"
    params = check.parse(beyond)
    with pytest.raises(TooManyPaths):
        enumerate_outcomes(lambda d: check.resolve(params, d).outcome, max_paths=WALK_BUDGET)
    example = check.parse(check.example)
    try:
        walked = enumerate_outcomes(
            lambda d: check.resolve(example, d).outcome, max_paths=WALK_BUDGET
        )
    except TooManyPaths:
        return
    written = check.distribution(example)
    for name in check.outcome_names():
        assert written.probability(name) == walked.probability(name), name


def test_a_walkable_check_keeps_the_default_distribution() -> None:
    """The base class is what the contract above compares with."""
    assert isinstance(get_system("demo"), System)
    assert type(get_system("demo").check("d6")).distribution is Check.distribution


@pytest.mark.parametrize("game", GAMES)
def test_a_games_checks_are_its_data_tables_in_order(game: str) -> None:
    """The check list is data: `data/checks.toml`'s tables in file order, each naming the
    `module.Class` that makes it (`ecran.systems.listed`)."""
    from ecran.rules.data import load_toml

    rows = load_toml(f"ecran.systems.{game}", "checks.toml")
    checks = get_system(game).checks
    assert [c.name for c in checks] == list(rows)
    for check, row in zip(checks, rows.values(), strict=True):
        module, cls = row["class"].rsplit(".", 1)
        assert type(check).__name__ == cls
        assert type(check).__module__ == f"ecran.systems.{game}.checks.{module}"


def test_a_check_table_without_its_class_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import ecran.rules.data
    from ecran.rules import EcranError
    from ecran.systems import listed

    rows = {"d6": {"class": "d6.D6"}, "d8": {"title": {"fr": "d8", "en": "d8"}}}
    monkeypatch.setattr(ecran.rules.data, "load_toml", lambda package, filename: rows)
    with pytest.raises(EcranError, match=r"checks\.toml.*class of d8"):
        listed("ecran.systems.demo.checks")


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_rule_in_data_is_checked(game: str) -> None:
    """Every game's breaches are data (`data/violations.toml`, `rules.data.SheetRules`, a
    missing file fails): `validation.py` (or `skills.py`, whose problems it reports) names each
    of its rules, and each message has the same blanks in both languages."""
    import re

    from ecran.rules.data import SheetRules, load_toml

    assert (SYSTEMS / game / "data" / "violations.toml").is_file()
    code = "".join(
        (SYSTEMS / game / name).read_text(encoding="utf-8")
        for name in ("validation.py", "skills.py")
        if (SYSTEMS / game / name).is_file()
    )
    rows = load_toml(f"ecran.systems.{game}", "violations.toml")
    assert rows and SheetRules(f"ecran.systems.{game}", "seed").rows.keys() == rows.keys()
    for rule, row in rows.items():
        family = rule.rpartition(".")[0]
        assert f'"{rule}"' in code or f'f"{family}.' in code, rule
        blanks = [
            set(re.findall(r"{(\w+)(?::[^}]*)?}", row["message"][lang])) for lang in ("fr", "en")
        ]
        assert blanks[0] == blanks[1], rule
