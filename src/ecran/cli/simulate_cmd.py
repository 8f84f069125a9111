"""`ecran simulate SYSTEM CHECK [--param v]... --trials N [--seed S] [--json]`: a check's outcomes
over many trials, drawn from its exact odds (`ecran.engine.simulate`), beside those odds."""

from __future__ import annotations

from typing import Any

import click

from ecran.cli.advise_cmd import heading
from ecran.cli.checks import (
    as_flags,
    check_command,
    given,
    seed_option,
    systems_group,
)
from ecran.cli.lang import current
from ecran.cli.render import answered_in_json, bar, console, params_line, plain, progress_bar
from ecran.cli.words import _
from ecran.rules import Check, EcranError
from ecran.rules.numerals import number

HELP = "Simulate a check N times from its exact odds: the count of each outcome."
#: Above this many trials the terminal shows a progress bar (about a second of drawing).
PROGRESS_FROM = 10_000_000


def run_line(trials: int, seed: int, seconds: float, what: tuple[str, str]) -> str:
    """ "100 000 essais, graine 3, 0,004 s": the run's figures as the reader writes numbers; a
    run under half a millisecond (100,000 trials of a quick check, a fast machine) says
    "< 0,001 s", not "0 s"."""
    lang = current()
    count, took = number(trials)(lang), number(round(seconds, 3))(lang)
    if round(seconds, 3) == 0:
        took = f"< {number(0.001)(lang)}"
    if lang == "fr":  # agreed with the count: "1 essai", "0 essai", "2 essais"
        word = what[0] if trials > 1 else what[0].removesuffix("s")
        return f"{count} {word}, graine {seed}, {took} s"
    word = what[1] if trials != 1 else what[1].removesuffix("s")
    return f"{count} {word}, seed {seed}, {took} s"


def trials_option() -> click.Option:
    return click.Option(
        ["--trials"],
        type=int,
        required=True,
        metavar=_("INT"),
        help=_("number of trials (1 to 100,000,000)"),
    )


def _command(system_id: str, check: Check[Any], lang: str) -> click.Command:
    def run(as_json: bool, trials: int, seed: int | None, **values: Any) -> None:
        from ecran.engine.simulate import simulate_check

        label = "simulation" if current() == "fr" else "simulating"
        with progress_bar(trials, label, not as_json and trials >= PROGRESS_FROM) as tell:
            try:
                report = simulate_check(system_id, check.name, given(values), trials, seed, tell)
            except EcranError as exc:
                raise as_flags(exc, check.params) from None
        if answered_in_json(as_json, report):
            return
        from rich.table import Table

        fr = current() == "fr"
        table = Table(
            title=plain(heading(system_id, check, current())),
            caption=plain(
                f"{params_line(report.params, check.params, current())}\n"
                + run_line(report.trials, report.seed, report.seconds, ("essais", "trials"))
            ),
        )
        table.add_column("résultat" if fr else "outcome")
        table.add_column("nombre" if fr else "count", justify="right")
        table.add_column("%", justify="right")
        table.add_column("")
        for row in report.outcomes:
            share = row.count / report.trials
            percent = f"{share * 100:.2f}".replace(".", "," if fr else ".")
            table.add_row(
                plain(check.outcome(row.outcome).label(current())),
                number(row.count)(current()),
                percent,
                bar(share),
            )
        console().print(table)

    return check_command(check, lang, run, [trials_option(), seed_option()])


def build(lang: str) -> click.Group:
    return systems_group("simulate", _(HELP), lang, _command)
