"""Start-up (#16), by what a fresh process imports (never by time; bench/bench_cli.py measures):
a check's odds load that check's module and none of the game's sheet views, creation or
operations, nor printing or the web; `ecran serve` answers its first page without importing
any game, the API or the other pages, and the rest still answer on first use; nor, the
database migrated, SQLAlchemy, the store's repository or the play layer (#32)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from ecran.engine import get_system
from ecran.engine.registry import _entry, all_systems, index
from ecran.store import open_engine
from servers import free_port

GAMES = ["artemis", "demo", "fluid", "nephilim", "organique", "warp"]
#: A game's modules that no check's odds need (its sheet's models included: the system's
#: `character` is imported on first use, #32; and the models of data files no core check reads,
#: `rows`, defined on those files' first read).
NOT_FOR_ODDS = ("creation", "operations", "encounter", "view", "validation", "sheet", "rows")
#: Libraries no check's odds need: settings are read without pydantic-settings (and its
#: asyncio), no server, no numpy.
NOT_LIBRARIES = ("pydantic_settings", "asyncio", "numpy", "uvicorn", "starlette")
#: The rules' modules no check's odds need: the sheet's models, its conditions, operations,
#: a breach of a sheet rule.
NOT_RULES_FOR_ODDS = (
    "ecran.rules.sheet",
    "ecran.rules.ongoing",
    "ecran.rules.operation",
    "ecran.rules.violation",
)


def run(script: str) -> list[str]:
    """The lines a script prints in a fresh interpreter (never the user's database)."""
    env = {**os.environ, "ECRAN_DATABASE_URL": "sqlite://"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


ODDS = """
import json, os, sys
from ecran.cli.app import main
try:
    main(["odds", "artemis", "test", "--skill", "5", "--difficulty", "7", "--json"])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
print(os.environ.get("PYDANTIC_DISABLE_PLUGINS"))
"""


def test_artemis_odds_load_the_skill_test_only() -> None:
    *out, modules_line, plugins = run(ODDS)
    report = json.loads(out[-1])
    assert [o["outcome"] for o in report["outcomes"]] == ["failure", "uncertainty", "success"]
    modules = json.loads(modules_line)
    unwanted = [
        m
        for m in modules
        if m.startswith(("rich", "ecran.web", "fastapi", "sqlalchemy", "ecran.cli.characters"))
        or m.split(".")[0] in NOT_LIBRARIES
        or m.startswith(tuple(f"ecran.systems.artemis.{n}" for n in NOT_FOR_ODDS))
        or m.startswith(("ecran.systems.artemis.checks.combat", "ecran.systems.artemis.checks.psy"))
        or m.startswith("ecran.dice.notation")  # a check's odds parse no dice notation
    ]
    assert unwanted == []
    assert "ecran.systems.artemis.checks.core" in modules
    assert plugins == "__all__"  # pydantic's plugin scan skipped (README, "Start-up")
    assert "importlib.metadata" not in modules  # nor its loader's import of the metadata reader
    # a game's data read from its directory, errors pickled only in a worker, French typesetting
    # only where text is typeset (#32)
    assert not {"importlib.resources", "pickle", "ecran.typography"} & set(modules)
    # no character sheet's model, no conditions that act, no operation: a check is given no
    # sheet (#32)
    assert not set(NOT_RULES_FOR_ODDS) & set(modules)


def test_odds_read_the_rules_data_parsed_at_install() -> None:
    """Once the install step has parsed the rules data (`python -m ecran.toml_cache`, in the
    Makefile), a check's odds parse no TOML: not even the parser is imported (#32)."""
    from pathlib import Path

    from ecran import toml_cache

    toml_cache.build(Path(toml_cache.__file__).parent)
    *out, modules_line, _ = run(ODDS)
    assert json.loads(out[-1])["check"] == "test"
    assert "tomllib" not in json.loads(modules_line)


KEBAB = """
import json, sys
from ecran.cli.app import main
try:
    main(["odds", "artemis", "test-xp", "--skill", "5", "--difficulty", "7", "--json"])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith("ecran.systems.artemis.checks."))))
"""


def test_a_check_named_in_kebab_case_loads_its_module_only() -> None:
    *out, modules = run(KEBAB)
    assert json.loads(out[-1])["check"] == "test_xp"
    assert [m.rsplit(".", 1)[1] for m in json.loads(modules)] == ["base", "core"]


DICE = """
import json, sys
from ecran.cli.app import main
try:
    main(["dice", "4d6kh3", "--json"])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def test_dice_as_json_loads_no_printing_no_rules() -> None:
    *out, modules = run(DICE)
    assert json.loads(out[-1])["expression"] == "4d6kh3"
    loaded = json.loads(modules)
    assert not [m for m in loaded if m.startswith(("rich", "pydantic", "ecran.rules", "ecran.web"))]
    # an unseeded roll's seed needs no OpenSSL (`secrets` imports `hmac`), the names no package
    # reader (#32)
    assert not {"hashlib", "secrets", "importlib.resources"} & set(loaded)
    # a roll walks no exact law: neither the dice kernel's walks nor the notation's odds (#32)
    assert not {"ecran.dice.enumerate", "ecran.dice.notation.exact"} & set(loaded)
    # nor an exact law's type (`explode` builds one only where it computes one)
    assert "ecran.dice.distribution" not in loaded


def test_the_dice_kernel_names_each_load_their_module() -> None:
    import ecran.dice
    import ecran.dice.notation

    assert sorted(ecran.dice.__all__) == sorted([*ecran.dice._HOME, "explode", "explode_chain"])
    for name in ecran.dice.__all__:
        assert getattr(ecran.dice, name).__module__.startswith("ecran.dice.")
    assert callable(ecran.dice.explode)  # the function, not its module
    assert ecran.dice.notation.distribution("1d2").probability(2) == Fraction(1, 2)
    assert ecran.dice.notation.report.odds_report("1d2")["outcomes"][0]["outcome"] == 1


ONE_CHECK = """
import json, sys
from ecran.cli.app import skip_pydantic_plugins
skip_pydantic_plugins()  # as the command line starts: no reader of installed packages
from ecran.engine import get_system
system = get_system({game!r})
check = system.check(system.checks.ids[0])
check.distribution(check.parse(check.example))
print(json.dumps([check.name, sorted(sys.modules)]))
"""


@pytest.mark.parametrize("game", GAMES)
def test_a_games_first_check_loads_no_creation_view_or_operation(game: str) -> None:
    name, modules = json.loads(run(ONE_CHECK.format(game=game))[-1])
    assert name == get_system(game).checks[0].name
    package = f"ecran.systems.{game}."
    assert not [m for m in modules if m.startswith(tuple(package + n for n in NOT_FOR_ODDS))]
    assert {m.split(".")[2] for m in modules if m.startswith("ecran.systems.")} == {game}
    assert not set(NOT_RULES_FOR_ODDS) & set(modules)  # a check's odds are given no sheet
    # the games listed and their data read from their directories, a file a game leaves out
    # (outcomes.toml…) found missing there, without the package readers (#32)
    assert not {"pkgutil", "importlib.resources"} & set(modules)


def test_the_builtin_games_are_the_packages_pkgutil_lists() -> None:
    import pkgutil

    import ecran.systems
    from ecran.engine.registry import _builtin

    listed = [i.name for i in pkgutil.iter_modules(ecran.systems.__path__) if i.ispkg]
    assert list(_builtin()) == listed == GAMES


PLUGINS = """
import sys
from ecran.cli.app import skip_pydantic_plugins
skip_pydantic_plugins()
from pydantic import BaseModel
from pydantic.plugin._loader import PYDANTIC_ENTRY_POINT_GROUP, get_plugins

class Probe(BaseModel):
    n: int

print(Probe(n=3).n, list(get_plugins()), PYDANTIC_ENTRY_POINT_GROUP)
"""


def test_pydantic_without_plugins_still_answers_its_loaders_names() -> None:
    assert run(PLUGINS) == ["3 [] pydantic"]


@pytest.mark.parametrize("game", GAMES)
def test_each_listed_id_is_its_checks_name(game: str) -> None:
    checks = get_system(game).checks
    assert list(checks.ids) == [c.name for c in checks]  # type: ignore[attr-defined]
    assert checks[0] is checks[0] and list(checks)[-1] is checks[-1]  # made once


@pytest.mark.parametrize("game", GAMES)
def test_hooks_named_by_module_keep_their_signature(game: str) -> None:
    """`draw_npc` passes the reader's language only to a generator that takes it."""
    assert "lang" in inspect.signature(get_system(game).random_npc).parameters


def test_the_index_from_data_is_what_the_systems_list() -> None:
    """The first page's listing, read from the games' data, is the systems' own: names, checks
    in order, titles and descriptions."""
    assert index() == [_entry(s) for s in all_systems().values()]


SERVED = """
import json, sys
from fastapi.testclient import TestClient
from ecran.web.app import create_served_app

app = create_served_app()
app.state.warm_up_delay = None  # this test asks for the routes itself
with TestClient(app) as client:
    first = client.get("/")
    listed = "Espace Artémis" in first.text, "/systems/warp/checks/roll" in first.text
    print(first.status_code, *listed)
    print(json.dumps(sorted(m for m in sys.modules if m.startswith("ecran."))))
    print("/api/odds/{system_id}/{check_name}" in client.get("/api/openapi.json").json()["paths"])
    print(client.get("/api/systems").status_code, client.get("/nope").status_code)
"""


def test_serve_answers_its_first_page_from_data_then_every_route() -> None:
    page, modules, schema, later = run(SERVED)  # the schema asked first: it includes them all
    assert page == "200 True True"
    loaded = json.loads(modules)
    games = tuple(f"ecran.systems.{g}." for g in GAMES)
    assert [m for m in loaded if m.startswith(games)] == [f"{g}checks" for g in games]
    assert not [m for m in loaded if m.startswith(("ecran.web.api", "ecran.web.pages.systems"))]
    assert later == "200 404"
    assert schema == "True"


#: A real `ecran serve` (the command: its migration check, its hold on the database, its app)
#: whose own thread, once `/` answered 200, prints what the process has imported and how many
#: child processes it has, then stops it as SIGTERM does. The background warm-up (which starts
#: the work processes and imports what the test looks for) is left out.
SERVE_COMMAND = """
import json, os, signal, sys, threading, time, urllib.request
from pathlib import Path
import ecran.web.app as web_app

web_app.start_warm_up = lambda app: None  # which would import everything, after the answer
port = int(sys.argv[1])

def children():
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            count += stat.read_text().rsplit(")", 1)[1].split()[1] == str(os.getpid())
        except OSError:  # a process gone meanwhile
            pass
    return count

def first_page():
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # a wait for the server to listen, not a timing
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
                status = answer.status
            found = {"modules": sorted(sys.modules), "children": children()}
            print(status, json.dumps(found), flush=True)
            break
        except OSError:
            time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGTERM)

threading.Thread(target=first_page, daemon=True).start()
from ecran.cli.app import main
main(["serve", "--port", str(port)])
"""
#: What `ecran serve` loads after its first answer (the warm-up, or the first request that
#: needs it): SQLAlchemy (a SQLite file already at the head is checked and held without it),
#: Alembic, the store's repository and models, the play layer (but its errors, which the error
#: handlers name), Pillow.
AFTER_FIRST_ANSWER = (
    "sqlalchemy",
    "alembic",
    "PIL",
    "ecran.store.repository",
    "ecran.store.models",
    "ecran.store.images",
    "ecran.web.deps",
    "ecran.web.idempotency",
    "ecran.web.api",
)


def test_serve_answers_before_loading_sqlalchemy_the_store_or_play(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ecran.sqlite3'}"
    open_engine(url).dispose()  # migrated: a first start's upgrade loads Alembic and the models
    env = {**os.environ, "ECRAN_DATABASE_URL": url}
    env.pop("ECRAN_REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", SERVE_COMMAND, str(free_port())],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    answered = [line for line in done.stdout.splitlines() if line.startswith("200 ")]
    assert answered, done.stderr[-3000:]
    found = json.loads(answered[0].removeprefix("200 "))
    loaded = found["modules"]
    assert "ecran.web.pages.index" in loaded
    assert found["children"] == 0  # the work processes start after the first answer
    assert "concurrent.futures.process" not in loaded
    assert not [m for m in loaded if m.startswith(AFTER_FIRST_ANSWER)]
    assert not [m for m in loaded if m.startswith("ecran.play.") and m != "ecran.play.errors"]
