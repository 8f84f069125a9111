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
    "record": -2,
    "lazy": -2,
    "collector": -2,
    "settings": -1,
    "numerals": -1,
    "toml_cache": -1,
    "typography": 0,
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


# -- settings: every ECRAN_ variable is read by ecran.settings alone ------------------------------

#: Calls and subscripts that read the environment: `os.environ[...]`, `os.environ.get(...)`,
#: `os.getenv(...)` and the like.
ENV_READERS = {"get", "getenv", "setdefault", "pop", "__getitem__"}


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's top-level `NAME = "text"` assignments."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    found[target.id] = node.value.value
    return found


def _is_environ(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
        isinstance(node, ast.Name) and node.id == "environ"
    )


def _env_keys(tree: ast.Module) -> list[tuple[int, ast.AST]]:
    keys: list[tuple[int, ast.AST]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is_environ(node.value):
            keys.append((node.lineno, node.slice))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            reads = node.func.attr in ENV_READERS and _is_environ(node.func.value)
            if (reads or node.func.attr == "getenv") and node.args:
                keys.append((node.lineno, node.args[0]))
    return keys


def ecran_env_reads(root: Path = SRC) -> list[str]:
    """Every read of the environment outside settings.py whose key is (or may be) an ECRAN_
    variable: a key that is neither a string nor a module constant counts as one."""
    problems = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts == ("settings.py",):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for line, key in _env_keys(tree):
            text = key.value if isinstance(key, ast.Constant) else None
            if isinstance(key, ast.Name):
                text = constants.get(key.id)
            if not isinstance(text, str) or text.startswith("ECRAN_"):
                problems.append(f"{path.relative_to(root.parent)}:{line}: reads {ast.unparse(key)}")
    return problems


def test_only_settings_reads_ecran_variables() -> None:
    assert ecran_env_reads() == []


def test_the_walk_catches_an_ecran_variable_read(tmp_path: Path) -> None:
    fake = tmp_path / "ecran"
    (fake / "web").mkdir(parents=True)
    (fake / "web" / "bad.py").write_text(
        'import os\nNAME = "ECRAN_X"\nos.environ.get(NAME)\nos.getenv("ECRAN_Y")\n'
        'os.environ["HOME"]\n'
    )
    (fake / "settings.py").write_text('import os\nos.environ.get("ECRAN_Z")\n')
    assert ecran_env_reads(fake) == [
        "ecran/web/bad.py:3: reads NAME",
        "ecran/web/bad.py:4: reads 'ECRAN_Y'",
    ]


def test_settings_page_is_generated_from_settings() -> None:
    from ecran.settings import markdown

    page = SRC.parents[1] / "docs" / "settings.md"
    assert page.read_text(encoding="utf-8") == markdown(), "regenerate docs/settings.md"


# -- web: authentication in deps alone, never swallowed ---------------------------------------

WEB = SRC / "web"
#: The calls that authenticate a member (`deps.authenticate`, the store's, the seat dependencies).
AUTH_CALLS = {"authenticate", "page_seat", "api_seat"}


def _called(node: ast.AST) -> set[str]:
    names = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call):
            func = inner.func
            names.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
    return names


def _swallows_everything(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        kind is None or (isinstance(kind, ast.Name) and kind.id in ("Exception", "BaseException"))
        for kind in kinds
    )


def swallowed_authentications(root: Path = WEB) -> list[str]:
    """Every `try` of the web whose body authenticates and whose handler catches everything
    (`except Exception`, bare `except`): a refused member must stay refused, not a default."""
    problems = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Try):
                continue
            calls = set().union(*(_called(statement) for statement in node.body)) & AUTH_CALLS
            if calls and any(_swallows_everything(h) for h in node.handlers):
                where = path.relative_to(root.parents[1])
                problems.append(f"{where}:{node.lineno}: {', '.join(sorted(calls))}")
    return problems


def test_no_authentication_is_swallowed_in_the_web() -> None:
    assert swallowed_authentications() == []


def test_the_walk_catches_a_swallowed_authentication(tmp_path: Path) -> None:
    web = tmp_path / "ecran" / "web"
    web.mkdir(parents=True)
    (web / "bad.py").write_text(
        "def f(deps, store):\n    try:\n        deps.authenticate(store, 't', 'x')\n"
        "    except Exception:\n        return None\n"
        "def g(store):\n    try:\n        store.authenticate('t')\n    except KeyError:\n"
        "        return None\n"
    )
    assert swallowed_authentications(web) == ["ecran/web/bad.py:2: authenticate"]


def _modules_imported(path: Path) -> set[str]:
    """Every module `path` imports, at any level: `from ecran.web import deps` is
    `ecran.web.deps` (and `ecran.web`)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_web_errors_does_not_import_deps() -> None:
    """deps raises errors' refusals; errors renders them with what the request carries, never
    by reaching back into deps (the circle that once authenticated inside error rendering)."""
    assert "ecran.web.errors" in _modules_imported(WEB / "deps.py")
    assert not {m for m in _modules_imported(WEB / "errors.py") if m.startswith("ecran.web.deps")}
