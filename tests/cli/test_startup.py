"""Start-up: `ecran --help` lists every command without importing any of them, and the commands
still come when named. (Start-up *time* is measured in bench/bench_cli.py, never here.)"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

from ecran.cli import lang
from ecran.cli.app import COMMANDS
from ecran.rules.text import DEFAULT_LANG

PROBE = """
import sys
from ecran.cli.app import main
try:
    main({argv!r})
except SystemExit:
    pass
print(sorted(m for m in sys.modules if m.startswith(("ecran", "pydantic", "fastapi", "rich."))))
"""


def loaded(argv: list[str]) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv)], capture_output=True, text=True, check=True
    ).stdout
    return eval(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_cli_default_language_is_the_rules_default() -> None:
    assert lang.DEFAULT_LANG == DEFAULT_LANG


def test_help_lists_every_command_and_loads_no_rules_no_system() -> None:
    modules = loaded(["--help"])
    assert not [m for m in modules if m.startswith(("ecran.rules", "ecran.systems", "pydantic"))]
    assert not [m for m in modules if m.startswith(("ecran.web", "fastapi"))]


def test_odds_loads_the_named_system_only() -> None:
    modules = loaded(["odds", "demo", "d6", "--target", "5", "--json"])
    systems = {m.split(".")[2] for m in modules if m.startswith("ecran.systems.")}
    assert systems == {"demo"}
    assert not [m for m in modules if m.startswith(("ecran.web", "fastapi", "rich."))]


def test_help_names_every_command_with_its_line(cli: Callable[..., Any]) -> None:
    result = cli("--lang", "en", "--help")
    assert result.code == 0
    for name in COMMANDS:
        assert f" {name} " in result.out
    french = cli("--help").out  # in French, by their French names (issue #29)
    assert " chances " in french and " odds " not in french


def test_every_listed_command_answers_its_own_help(cli: Callable[..., Any]) -> None:
    for name in COMMANDS:
        result = cli(name, "--help")
        assert result.code == 0, (name, result.err)
        assert "Usage: ecran " + name in result.out.replace("  ", " ") or name in result.out


def test_unknown_command_is_one_line_exit_2(cli: Callable[..., Any]) -> None:
    result = cli("nope")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1


ALL_MODULES = """
import json, sys
from ecran.cli.app import main
try:
    main({argv!r})
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def test_help_writes_no_number_so_loads_no_number_writer() -> None:
    """The French help is typeset (`ecran.typography`) without Babel's number formats or
    `decimal`, which only a decimal number in a text needs (#32)."""
    import json

    out = subprocess.run(
        [sys.executable, "-c", ALL_MODULES.format(argv=["--help"])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    modules = set(json.loads(out.strip().splitlines()[-1]))
    assert "ecran.typography" in modules  # the help is typeset…
    assert not {"decimal", "fractions", "ecran.numerals", "babel"} & modules  # …with no numbers
