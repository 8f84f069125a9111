"""Issue 12's language test, the command line: for every system, in French and in English, every
`--help` (every command and subcommand, walked from the root), a roll and an odds table of every
check (human output) read in one language: no word of the other language, no snake_case id, no
Python repr, no seed file name (`finder.findings`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import click
import pytest

from cli.test_french_help import prose
from ecran.cli.app import command
from ecran.cli.fields import kebab
from ecran.cli.lang import set_lang
from ecran.engine import all_systems
from language.finder import LANGS, SYSTEMS, findings
from language.known import expect


def _walk(group: click.Command, path: list[str]) -> Iterator[list[str]]:
    yield path
    if isinstance(group, click.Group):
        ctx = click.Context(group, info_name="ecran")
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from _walk(sub, [*path, name])


def every_command() -> list[list[str]]:
    """Every command path of the CLI, down to each check and operation of each system, by
    their English ids (listed in English; the French names are aliases of the same commands)."""
    set_lang("en")
    return list(_walk(command([]), []))


def test_the_walk_reaches_every_check_and_operation() -> None:
    paths = {" ".join(p) for p in every_command()}
    for system in all_systems().values():
        for check in system.checks:
            assert f"odds {system.id} {kebab(check.name)}" in paths
        for operation in system.operations:
            assert f"op {system.id} {kebab(operation.name)}" in paths


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_reads_in_one_language(
    request: pytest.FixtureRequest, cli: Callable[..., Any], lang: str
) -> None:
    expect(request, f"help-{lang}")
    failures = {}
    for path in every_command():
        result = cli("--lang", lang, *path, "--help")
        assert result.code == 0, (path, result.err)
        found = findings(prose(result.out), lang)
        if found:
            failures[" ".join(path)] = found
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


def example_args(example: dict[str, Any]) -> list[str]:
    """A check's example as the command line types it."""
    args: list[str] = []
    for name, value in example.items():
        flag = f"--{kebab(name)}"
        if isinstance(value, bool):
            args.append(flag if value else f"--no-{kebab(name)}")
        elif isinstance(value, list | tuple):
            for item in value:
                args += [flag, str(item)]
        else:
            args += [flag, str(value)]
    return args


CHECKS = [
    pytest.param(system.id, check.name, id=f"{system.id}-{check.name}")
    for system in all_systems().values()
    if system.id in SYSTEMS
    for check in system.checks
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("system_id", "check_name"), CHECKS)
def test_a_roll_and_the_odds_of_every_check_read_in_one_language(
    request: pytest.FixtureRequest,
    cli: Callable[..., Any],
    lang: str,
    system_id: str,
    check_name: str,
) -> None:
    expect(request, f"check-{system_id}-{check_name}-{lang}")
    check = all_systems()[system_id].check(check_name)
    args = [system_id, kebab(check_name), *example_args(check.example)]
    failures = {}
    for verb, extra in (("odds", []), ("roll", ["--seed", "1"])):
        result = cli("--lang", lang, verb, *args, *extra)
        assert result.code == 0, (verb, args, result.err)
        found = findings(result.out, lang)
        if found:
            failures[verb] = found
    assert not failures, failures
