"""`ecran dice EXPR [--seed N] [--odds] [--json]`: Roll20's dice dialect, rolled or exact."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import typer

from ecran.cli.lang import current
from ecran.cli.render import bar, console, echo_json, number, working
from ecran.cli.words import _
from ecran.dice import Roller
from ecran.dice.notation import NotationError, arith, limits, parse
from ecran.dice.notation import report as reports
from ecran.dice.notation.report import odds_report
from ecran.dice.notation.roll import roll
from ecran.dice.notation.text import segments
from ecran.dice.roller import MAX_SEED

if TYPE_CHECKING:  # Rich loads when a table is drawn: a `--json` answer never needs it
    from rich.text import Text as RichText

# How the roll's work looks in a terminal, as Roll20 shows it: dropped dice struck through,
# crits in green (success) or red (failure), labels in italics
_STYLES = {
    "dropped": "strike dim",
    "success": "bold",
    "failure": "red",
    "crit-success": "bold green",
    "crit-fail": "bold red",
    "match": "underline",
    "label": "italic cyan",
}


def register(app: typer.Typer) -> None:
    # a leading minus is an expression, not an option: `ecran dice -1d4` as `ecran dice -- -1d4`
    @app.command(context_settings={"ignore_unknown_options": True})
    def dice(
        expression: str = typer.Argument(..., metavar="EXPR", help="e.g. 4d6kh3, 1d20+5, 6d10>8"),
        seed: int = typer.Option(
            None, "--seed", metavar="INT", help="seed (the same seed gives the same dice)"
        ),
        odds: bool = typer.Option(False, "--odds", help="exact odds instead of a roll"),
        depth: int = typer.Option(
            limits.DEFAULT_DEPTH, "--depth", metavar="INT", help="explosion depth for exact odds"
        ),
        as_json: bool = typer.Option(False, "--json", help="JSON output"),
    ) -> None:
        """Roll Roll20's dice notation or show its exact odds: 4d6kh3, 1d20+5, 6d10>8f1, 3d6!,
        {4d6, 3d8}kh1, 4dF, floor(3d6/2), 2d6[feu]. `>N` is N or more, `<N` N or less."""
        try:
            if odds:
                _odds(expression, depth, as_json)
            else:
                _roll(expression, seed, as_json)
        except NotationError as exc:
            from ecran.rules import EcranError, Text  # pydantic only when there is an error

            raise EcranError(Text(fr=exc.fr, en=exc.en)) from None


def roll_report(expression: str, seed: int | None) -> dict[str, Any]:
    """The roll `--json` object (see `ecran.dice.notation.report`); the expression is checked
    before the seed."""
    parse(expression)  # a bad expression is reported before a bad seed
    return reports.roll_report(expression, seeded_roller(seed))


def work(expression: str, seed: int) -> RichText:
    """The roll's work as Rich text: each die, dropped dice struck through, crits coloured."""
    from rich.text import Text as RichText

    result = roll(parse(expression), seeded_roller(seed))
    parts = segments(result, current())
    if not styled():  # no strike-through to show it (piped, NO_COLOR): a dropped die `~2~`
        return RichText("".join(f"~{t}~" if "dropped" in s else t for t, s in parts))
    out = RichText()
    for text, styles in parts:
        style = " ".join(_STYLES[s] for s in sorted(styles) if s in _STYLES)
        out.append(text, style=style or None)
    return out


def styled() -> bool:
    """Whether the terminal shows the roll's colours and strike-through (not when piped, not
    under NO_COLOR)."""
    screen = console()
    return screen.is_terminal and not screen.no_color


def _roll(expression: str, seed: int | None, as_json: bool) -> None:
    parse(expression)
    roller = seeded_roller(seed)
    result = roll(parse(expression), roller)
    report = reports.report_of(expression, result, roller.seed)
    if as_json:
        echo_json(report)
        return
    from rich.markup import escape
    from rich.table import Table

    fr = current() == "fr"
    total = Fraction(report["total"])
    table = Table(show_header=False, title=escape(expression))
    table.add_column(style="bold")
    table.add_column()
    table.add_row("total", f"[bold]{arith.show(arith.normal(total), 'fr' if fr else 'en')}[/bold]")
    table.add_row("détail" if fr else "work", work(expression, roller.seed))
    table.add_row("dés" if fr else "dice", " ".join(str(d) for d in report["dice"]))
    table.add_row("graine" if fr else "seed", str(report["seed"]))
    console().print(table)


def _odds(expression: str, depth: int, as_json: bool) -> None:
    with working(_("Computing the exact odds…")):  # seconds for the largest pools
        report = odds_report(expression, depth)
    if as_json:
        echo_json(report)
        return
    from rich.markup import escape
    from rich.table import Table

    fr = current() == "fr"
    lang = "fr" if fr else "en"
    rows = report["outcomes"]
    top = max((row["p"] for row in rows), default=1.0) or 1.0
    mean = sum(Fraction(row["probability"]) * Fraction(row["outcome"]) for row in rows)
    caption = ("moyenne" if fr else "mean") + f" {_number(mean, fr)}"
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
        shown = arith.show(arith.normal(Fraction(row["outcome"])), lang)
        table.add_row(shown, row["probability"], percent, bar(row["p"] / top))
    console().print(table)


def _number(x: float | Fraction, fr: bool) -> str:
    return number(x, "fr" if fr else "en")


def seeded_roller(seed: int | None) -> Roller:
    """`ecran.engine.records.seeded_roller` without importing the engine's models (start-up):
    the engine's one-line refusal only for a seed out of range."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        from ecran.engine.records import seeded_roller as refusing

        return refusing(seed)
    return Roller(seed)
