"""Imports point down: `dice ← rules ← systems ← engine ← {sheets, play} ← store ← web ← cli`.

Every `import` of every module under src/ecran is read (function-level ones too: a lazy import is
still a dependency), and one that reaches a layer above its own fails, naming the line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "ecran"

#: Rank of each top-level package or module; a module may import only lower ranks (and its own
#: package). `sheets` and `play` share a rank and may not import each other.
RANK = {
    "dice": 0,
    "testing": 1,
    "rules": 1,
    "systems": 2,
    "engine": 3,
    "sheets": 4,
    "play": 4,
    "store": 5,
    "web": 6,
    "cli": 7,
}
#: The package's face (`ecran.odds`, `python -m ecran`) sits above everything.
TOP = {"__init__", "__main__"}


def _layer(path: Path, root: Path) -> str:
    return path.relative_to(root).parts[0].removesuffix(".py")


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return [(line, name) for line, name in found if name.split(".")[0] == "ecran"]


def upward_imports(root: Path = SRC) -> list[str]:
    problems = []
    for path in sorted(root.rglob("*.py")):
        layer = _layer(path, root)
        if layer in TOP:
            continue
        assert layer in RANK, f"{path}: a new top-level package needs a place in RANK"
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else "__init__"
            if target == layer:
                continue
            if target in TOP or RANK.get(target, -1) >= RANK[layer]:
                problems.append(f"{path.relative_to(root.parent)}:{line}: {layer} imports {name}")
    return problems


def test_no_import_points_up() -> None:
    assert upward_imports() == []


def test_the_walk_catches_an_upward_import(tmp_path: Path) -> None:
    fake = tmp_path / "ecran"
    (fake / "rules").mkdir(parents=True)
    (fake / "rules" / "bad.py").write_text("def f():\n    from ecran.engine import get_system\n")
    (fake / "dice").mkdir()
    (fake / "dice" / "ok.py").write_text("import math\n")
    assert upward_imports(fake) == ["ecran/rules/bad.py:2: rules imports ecran.engine"]


@pytest.mark.parametrize("name", ["odds", "roll"])
def test_front_door_at_the_top_of_the_package(name: str) -> None:
    import ecran

    assert callable(getattr(ecran, name))


def test_odds_and_roll_by_keyword() -> None:
    import ecran

    report = ecran.odds("demo", "d6", target=5)
    assert [(o.outcome, o.probability) for o in report.outcomes] == [
        ("failure", "2/3"),
        ("success", "1/3"),
    ]
    first = ecran.roll("demo", "d6", seed=11, target=5)
    assert ecran.roll("demo", "d6", seed=11, target=5) == first
    assert first.outcome == ("success" if first.dice[0] >= 5 else "failure")


# -- a game is its package (#26) ----------------------------------------------------------------


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _game_imports(root: Path = SRC) -> dict[str, dict[str, set[str]]]:
    """Game id -> each of its modules -> the modules of the same game it imports (anywhere in
    the file; `from package import module` counts as the module)."""
    modules = {_module_name(p, root): p for p in root.rglob("*.py")}
    games: dict[str, dict[str, set[str]]] = {}
    for name, path in modules.items():
        parts = name.split(".")
        if parts[:2] != ["ecran", "systems"] or len(parts) < 3:
            continue
        package = ".".join(parts[:3])
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        own = {m for m in found if m in modules and m != name}
        games.setdefault(parts[2], {})[name] = {
            m for m in own if m == package or m.startswith(package + ".")
        }
    return games


def two_file_circles(root: Path = SRC) -> list[str]:
    """Every pair of a game's modules that import each other."""
    return [
        f"{a} <-> {b}"
        for imports in _game_imports(root).values()
        for a in sorted(imports)
        for b in sorted(imports[a])
        if a < b and a in imports.get(b, ())
    ]


def test_no_two_modules_of_a_game_import_each_other() -> None:
    assert two_file_circles() == []


def test_a_games_sheet_never_imports_its_tracks() -> None:
    """One direction: `tracks` may read the sheet, the sheet never reads `tracks`."""
    wrong = [
        game
        for game, imports in _game_imports().items()
        if f"ecran.systems.{game}.tracks" in imports.get(f"ecran.systems.{game}.sheet", set())
    ]
    assert wrong == []


def test_the_circle_walk_catches_a_circle(tmp_path: Path) -> None:
    game = tmp_path / "ecran" / "systems" / "toy"
    game.mkdir(parents=True)
    (game / "__init__.py").write_text("")
    (game / "sheet.py").write_text("from ecran.systems.toy import tracks\n")
    (game / "tracks.py").write_text("def f():\n    from ecran.systems.toy.sheet import S\n")
    assert two_file_circles(tmp_path / "ecran") == [
        "ecran.systems.toy.sheet <-> ecran.systems.toy.tracks"
    ]


def test_a_games_system_py_names_at_most_two_hooks_by_hand() -> None:
    """The base derives the hooks from the package's fixed module names (`ecran.rules.package`);
    `system.py` keeps what is the game's own."""
    counts = {
        path.parent.name: path.read_text(encoding="utf-8").count("hook(")
        for path in (SRC / "systems").glob("*/system.py")
    }
    assert {game: n for game, n in counts.items() if n > 2} == {}
