"""How odds, rolls and sheets look in a terminal (Rich tables) or as `--json`. No rules here."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any

from ecran.cli.lang import current

if TYPE_CHECKING:  # Rich loads when a table is drawn: a `--json` answer never needs it
    from fractions import Fraction

    from pydantic import BaseModel
    from rich.console import Console
    from rich.table import Table

    from ecran.engine.records import OddsReport, RollRecord
    from ecran.rules import Check, SheetSection, Text

BAR_WIDTH = 40


@contextmanager
def working(message: str) -> Iterator[None]:
    """A Rich spinner with `message` on stderr while a step of unknown length runs (reading a
    large table's export, storing it), in a terminal only: a pipe reads nothing of it."""
    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(message):
        yield


@contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar on stderr while a long run goes on, where the caller judges it worth
    `show`ing, in a terminal only (None when not shown): a pipe reads nothing of it."""
    if not show or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TimeElapsedColumn

    # the spinner and the time turn between two updates (a slow game's first batch of fights
    # is one update), so a long run never looks stuck
    columns = (SpinnerColumn(), *Progress.get_default_columns(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar_:
        task = bar_.add_task(label, total=total)
        yield lambda done: bar_.update(task, completed=done)


def plain(text: object) -> str:
    """Text from a file, an argument or the rules, as Rich prints it: literally. A sheet named
    `[/]` or `[bold]x[/bold]` is shown as written, never read as Rich markup (which styles it,
    or refuses it with an error). Every such text goes into a table or a line through here."""
    from rich.markup import escape

    return escape(str(text))


def bar(p: float) -> str:
    cells = round(p * BAR_WIDTH * 8)
    full, part = divmod(cells, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def number(x: float | Fraction, lang: str, digits: int = 2) -> str:
    """A decimal as the reader writes it (Babel): `33,33` in French, `33.33` in English."""
    from ecran.rules.wording import number as worded

    return worded(x, lang, digits)


def percent(p: float, lang: str, decimals: int = 1) -> str:
    """A probability as the reader writes it, one decimal: `58,3 %` (a narrow no-break space
    before %, as French typography wants) / `58.3%`."""
    return number(p * 100, lang, decimals) + ("\u202f%" if lang == "fr" else "%")


def odds_table(report: OddsReport, check: Check[Any], lang: str) -> Table:
    from rich.table import Table

    caption = params_line(report.params, check.params, lang)
    table = Table(title=plain(check.title(lang)), caption=plain(caption))
    table.add_column("résultat" if lang == "fr" else "outcome")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    table.add_column("")
    for row in report.outcomes:
        label = check.outcome(row.outcome).label(lang)
        table.add_row(plain(label), row.probability, number(row.p * 100, lang), bar(row.p))
    return table


def roll_table(record: RollRecord, check: Check[Any], lang: str) -> Table:
    from rich.table import Table

    table = Table(title=plain(check.title(lang)), show_header=False)
    table.add_column(style="bold")
    table.add_column()
    fr = lang == "fr"
    table.add_row("résultat" if fr else "outcome", plain(check.outcome(record.outcome).label(lang)))
    if record.total is not None:
        table.add_row("total", str(record.total))
    table.add_row("dés" if fr else "dice", " ".join(str(d) for d in record.dice))
    for label, value in details_rows(record.details, check.detail_labels, [check], lang):
        table.add_row(plain(label), plain(value))
    table.add_row(
        "paramètres" if fr else "parameters", plain(params_line(record.params, check.params, lang))
    )
    table.add_row("graine" if fr else "seed", str(record.seed))
    return table


def params_line(params: dict[str, Any], model: type[BaseModel], lang: str) -> str:
    """The parameters a result was computed with, each by its label and its value in words
    (`Compétence : 4 · Difficulté : 7 · Professionnel : non`), never `name=False`."""
    from ecran.rules.wording import params_words

    return " · ".join(f"{k}{COLON[lang]}{v}" for k, v in params_words(params, model, lang))


#: Label and value: French puts a no-break space before the colon.
COLON = {"fr": "\u00a0: ", "en": ": "}


def in_words(
    value: Any,
    lang: str,
    checks: Sequence[Check[Any]] = (),
    labels: dict[str, Text] | None = None,
) -> str:
    """A detail's or parameter's value as a reader reads it (`rules.wording`)."""
    from ecran.rules.wording import value_words

    return value_words(value, lang, checks, labels)


def details_rows(
    details: dict[str, Any],
    labels: dict[str, Text],
    checks: Sequence[Check[Any]],
    lang: str,
) -> list[tuple[str, str]]:
    """A resolution's work as (label, value) rows: each detail the rules label, its value in
    words. A detail no rule labels is left out rather than shown by its key."""
    return [
        (labels[key](lang), in_words(value, lang, checks, labels))
        for key, value in details.items()
        if key in labels
    ]


def sheet_tables(sections: list[SheetSection], lang: str) -> list[Table]:
    from rich.table import Table

    tables = []
    for section in sections:
        title = section.title(lang)
        # at least as wide as its title, so a short table does not wrap it
        table = Table(
            title=plain(title), show_header=False, title_justify="left", min_width=len(title) + 4
        )
        table.add_column(style="bold")
        table.add_column()
        table.add_column(style="dim")
        for row in section.rows:
            table.add_row(plain(row.label(lang)), plain(row.value(lang)), plain(row.note(lang)))
        tables.append(table)
    return tables


def echo_json(value: Any) -> None:
    """A `--json` answer: one line of UTF-8 JSON (the fixed contract), never typeset."""
    raw_echo(json.dumps(value, ensure_ascii=False))


def answered_in_json(asked: bool, report: BaseModel) -> bool:
    """`report` as the `--json` answer when it was asked for: True then, the caller is done."""
    if asked:
        echo_json(report.model_dump())
    return asked


def raw_echo(text: str) -> None:
    """A line printed as it is (JSON, a shell script): no typographic pass."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def echo_typeset(line: str, *kept: str, err: bool = False) -> None:
    """A line in the reader's typography (`ecran.typography.typeset`), each of `kept` (a file's
    path, a link with its token) left as it is: typesetting could turn its "-5" into "−5". Each
    is typeset as a word in its place (a colon after it is spaced), then put back."""
    import click

    from ecran.typography import typeset

    marks = {f"ΞΞ{n}ΞΞ": verbatim for n, verbatim in enumerate(k for k in kept if k)}
    for mark, verbatim in marks.items():
        line = line.replace(verbatim, mark)
    said = typeset(line, current())
    for mark, verbatim in marks.items():
        said = said.replace(mark, verbatim)
    click.echo(said, err=err)


def console() -> Console:
    """The terminal, in the reader's typography: every string Rich renders (a table's cell, a
    title, a line) goes through `ecran.typography.typeset` first, and Rich's wrapping
    keeps a mark bound to its word by the no-break space before it (`typeset_console`)."""
    return typeset_console()(highlight=False)


@cache
def typeset_console() -> type[Console]:
    import rich._wrap
    from rich.console import Console
    from rich.text import Text as RichText

    from ecran.typography import typeset

    # Rich cuts a line at any whitespace, the no-break ones included: a French `:` or `%`
    # would start a line. A "word" here runs through them (Rich's own pattern otherwise).
    rich._wrap.re_word = re.compile(r"[^\S\u00a0\u202f]*[\S\u00a0\u202f]+[^\S\u00a0\u202f]*")

    class Typeset(Console):
        def render_str(self, text: str, **kwargs: Any) -> RichText:
            return super().render_str(typeset(text, current()), **kwargs)

    return Typeset
