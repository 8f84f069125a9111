"""`ecran dice EXPR [--seed N] [--odds] [--json]`: plain dice notation, rolled or exact."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from ecran.cli.lang import current
from ecran.cli.render import bar, console, echo_json
from ecran.dice.notation import NotationError, limits, parse
from ecran.dice.notation import report as reports
from ecran.dice.notation.report import odds_report
from ecran.engine.records import seeded_roller
from ecran.rules import EcranError, Text

_STRIKE = re.compile(r"~~(.+?)~~")
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def register(app: typer.Typer) -> None:
    @app.command()
    def dice(
        expression: str = typer.Argument(..., metavar="EXPR", help="e.g. 4d6kh3, 1d20+5, 6d10>=8"),
        seed: int = typer.Option(None, "--seed", help="seed (the same seed gives the same dice)"),
        odds: bool = typer.Option(False, "--odds", help="exact odds instead of a roll"),
        depth: int = typer.Option(
            limits.DEFAULT_DEPTH, "--depth", help="explosion depth for exact odds"
        ),
        as_json: bool = typer.Option(False, "--json", help="JSON output"),
    ) -> None:
        """Roll dice notation or show its exact odds: 4d6kh3, 1d20+5, 6d10>=8, 3d6!, 1d4r1, d%.

        A leading minus needs `--` first: ecran dice -- -1d4+3
        """
        try:
            if odds:
                _odds(expression, depth, as_json)
            else:
                _roll(expression, seed, as_json)
        except NotationError as exc:
            raise EcranError(Text(fr=exc.fr, en=exc.en)) from None


def roll_report(expression: str, seed: int | None) -> dict[str, Any]:
    """The roll `--json` object (see `ecran.dice.notation.report`); the expression is checked
    before the seed."""
    parse(expression)  # a bad expression is reported before a bad seed
    return reports.roll_report(expression, seeded_roller(seed))


def _roll(expression: str, seed: int | None, as_json: bool) -> None:
    report = roll_report(expression, seed)
    if as_json:
        echo_json(report)
        return
    fr = current() == "fr"
    table = Table(show_header=False, title=escape(expression))
    table.add_column(style="bold")
    table.add_column()
    table.add_row("total", f"[bold]{report['total']}[/bold]")
    out = console()
    work = _markup(report["text"]) if out.is_terminal else escape(report["text"])
    table.add_row("détail" if fr else "work", work)
    table.add_row("dés" if fr else "dice", " ".join(str(d) for d in report["dice"]))
    table.add_row("graine" if fr else "seed", str(report["seed"]))
    out.print(table)


def _odds(expression: str, depth: int, as_json: bool) -> None:
    report = odds_report(expression, depth)
    if as_json:
        echo_json(report)
        return
    fr = current() == "fr"
    rows = report["outcomes"]
    top = max((row["p"] for row in rows), default=1.0) or 1.0
    mean = sum(Fraction(row["probability"]) * row["outcome"] for row in rows)
    caption = ("moyenne" if fr else "mean") + f" {_number(float(mean), fr)}"
    if report["residual"] != "0":
        caption += (
            f" ; masse tronquée (explosions au-delà de {depth}) : {report['residual']}"
            if fr
            else f"; truncated mass (explosions past {depth}): {report['residual']}"
        )
    table = Table(title=escape(expression), caption=caption)
    table.add_column("total", justify="right")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    table.add_column("")
    for row in rows:
        percent = _number(row["p"] * 100, fr)
        table.add_row(str(row["outcome"]), row["probability"], percent, bar(row["p"] / top))
    console().print(table)


def _number(x: float, fr: bool) -> str:
    text = f"{x:.2f}"
    return text.replace(".", ",") if fr else text


def _markup(text: str) -> str:
    """The roll's Markdown-flavoured work as Rich markup (struck dice, bold successes)."""
    text = _STRIKE.sub(r"[strike]\1[/strike]", escape(text))
    return _BOLD.sub(r"[bold]\1[/bold]", text)
