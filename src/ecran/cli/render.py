"""How odds, rolls and sheets look in a terminal (Rich tables) or as `--json`. No rules here."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # Rich loads when a table is drawn: a `--json` answer never needs it
    from rich.console import Console
    from rich.table import Table

    from ecran.engine.records import OddsReport, RollRecord
    from ecran.rules import Check, SheetSection

BAR_WIDTH = 40


def bar(p: float) -> str:
    cells = round(p * BAR_WIDTH * 8)
    full, part = divmod(cells, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def odds_table(report: OddsReport, check: Check[Any], lang: str) -> Table:
    from rich.table import Table

    title = f"{check.title(lang)} — {report.system} {report.check}"
    table = Table(title=title, caption=params_line(report.params))
    table.add_column("résultat" if lang == "fr" else "outcome")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    table.add_column("")
    for row in report.outcomes:
        label = check.outcome(row.outcome).label(lang)
        percent = f"{row.p * 100:.2f}".replace(".", "," if lang == "fr" else ".")
        table.add_row(label, row.probability, percent, bar(row.p))
    return table


def roll_table(record: RollRecord, check: Check[Any], lang: str) -> Table:
    from rich.table import Table

    table = Table(title=f"{check.title(lang)} — {record.system} {record.check}", show_header=False)
    table.add_column(style="bold")
    table.add_column()
    fr = lang == "fr"
    table.add_row("résultat" if fr else "outcome", check.outcome(record.outcome).label(lang))
    if record.total is not None:
        table.add_row("total", str(record.total))
    table.add_row("dés" if fr else "dice", " ".join(str(d) for d in record.dice))
    for key, value in record.details.items():
        label = check.detail_labels.get(key)
        table.add_row(label(lang) if label else key, str(value))
    table.add_row("paramètres" if fr else "parameters", params_line(record.params))
    table.add_row("graine" if fr else "seed", str(record.seed))
    return table


def params_line(params: dict[str, Any]) -> str:
    return " ".join(f"{k.replace('_', '-')}={v}" for k, v in params.items())


def sheet_tables(sections: list[SheetSection], lang: str) -> list[Table]:
    from rich.table import Table

    tables = []
    for section in sections:
        table = Table(title=section.title(lang), show_header=False, title_justify="left")
        table.add_column(style="bold")
        table.add_column()
        table.add_column(style="dim")
        for row in section.rows:
            table.add_row(row.label(lang), row.value, row.note)
        tables.append(table)
    return tables


def echo_json(value: Any) -> None:
    """A `--json` answer: one line of UTF-8 JSON (the fixed contract)."""
    click.echo(json.dumps(value, ensure_ascii=False))


def console() -> Console:
    from rich.console import Console

    return Console(highlight=False)
