"""Issue #29, "one typographic pass": everything French the command line prints (every help
page, the odds and a roll of every check, refusals) goes through `ecran.typography` at
render time, and the checker (`faults`) finds nothing in it: a narrow no-break space before
: ; ! ? and inside « », a decimal comma, `−` for a minus. Rich does not start a line with the
mark a no-break space binds to its word."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ecran.cli.fields import kebab
from ecran.engine import all_systems
from ecran.typography import faults, typeset
from language.test_cli import every_command

Cli = Callable[..., Any]


def _flags(example: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for name, value in example.items():
        if isinstance(value, bool):
            args.append(f"--{kebab(name)}" if value else f"--no-{kebab(name)}")
        elif value is not None and not isinstance(value, (dict, list)):
            args += [f"--{kebab(name)}", str(value)]
    return args


def _checks() -> Iterator[tuple[str, str, list[str]]]:
    for system in all_systems().values():
        for check in system.checks:
            yield system.id, kebab(check.name), _flags(dict(check.example or {}))


def test_the_checker_finds_the_faults_it_is_for() -> None:
    assert faults("Maladie : aucune") and faults("total 3.5") and faults("« oui »")
    assert faults("malus -2") and faults("Vouliez-vous dire test ?")
    assert not faults(typeset("Maladie : aucune ; « oui » malus -2, total 3.5 !", "fr"))
    assert typeset("L46-53, 1d6-2, --seed, -o", "fr") == "L46-53, 1d6-2, --seed, -o"


def test_every_french_help_page_is_typeset(cli: Cli) -> None:
    found: dict[str, list[str]] = {}
    for path in every_command():
        result = cli("--lang", "fr", *path, "--help")
        problems = faults(result.out)
        if problems:
            found[" ".join(path)] = problems[:3]
    assert not found, found


@pytest.mark.parametrize("kind", ["odds", "roll"])
def test_every_checks_output_is_typeset(cli: Cli, kind: str) -> None:
    found: dict[str, list[str]] = {}
    for system, check, flags in _checks():
        seed = ["--seed", "1"] if kind == "roll" else []
        result = cli(kind, system, check, *flags, *seed)
        problems = faults(result.out) + faults(result.raw_err)
        if problems:
            found[f"{kind} {system} {check}"] = problems[:3]
    assert not found, found


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "artemis", "test", "--skill", "99", "--difficulty", "7"],
        ["odds", "nope"],
        ["chances", "artemis", "attaque", "--competence", "5"],
        ["dice", "4d6kk3"],
        ["sheet", "nowhere.json"],
        ["odds", "nephilim", "ka-test", "--ka", "-4", "--difficulty", "0"],
    ],
)
def test_refusals_are_typeset(cli: Cli, args: list[str]) -> None:
    result = cli(*args)
    assert result.code == 2 and result.err.startswith("ecran: ")  # the program's name, as Unix
    assert not faults(result.raw_err.removeprefix("ecran: ")), result.raw_err


def test_rich_never_starts_a_line_with_a_bound_mark(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "44")
    for system, check, flags in list(_checks())[:40]:
        out = cli("odds", system, check, *flags).out
        for line in out.splitlines():
            cell = re.sub(r"^[\s│┃|]*", "", line)
            assert not re.match(r"^[:;!?%»]", cell), (system, check, line)


def test_the_percentile_die_keeps_its_notation() -> None:
    """`d%` and `1d%` are dice (Roll20's percentile die), not a percentage: no space before the
    sign; a percentage still gets its narrow space."""
    from ecran.typography import spacing

    assert spacing("lancez 1d% ou d%, 50%.", "fr") == "lancez 1d% ou d%, 50\u202f%."
