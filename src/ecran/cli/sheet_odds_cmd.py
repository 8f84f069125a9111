"""`ecran odds-sheet FILE.json [--ladder] [--json]`: every action of a sheet with its exact odds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ecran.cli.file_name import FILE_NAME
from ecran.cli.lang import current
from ecran.cli.render import answered_in_json, bar, console, percent, plain, working
from ecran.cli.words import _


def build(lang: str) -> click.Command:
    def run(sheet_file: str, ladder: bool, as_json: bool) -> None:
        from ecran.cli.characters import read_sheet
        from ecran.engine.sheet_odds import sheet_odds

        system, sheet = read_sheet(Path(sheet_file))
        with working(_("Computing the odds of every action…")):
            report = sheet_odds(system, sheet, current(), ladder=ladder)
        if answered_in_json(as_json, report):
            return
        _show(report.model_dump(), system.check, current())

    return click.Command(
        "odds-sheet",
        callback=run,
        params=[
            click.Argument(["sheet_file"], metavar=_("FILE.json"), type=FILE_NAME),
            click.Option(
                ["--ladder"],
                is_flag=True,
                help=_("every difficulty of each check's range, not only the sheet's own"),
            ),
            click.Option(["--json", "as_json"], is_flag=True, help=_("JSON output")),
        ],
        help=_("Exact odds of every action of a character sheet, at every difficulty."),
    )


def _show(report: dict[str, object], check_of: object, lang: str) -> None:
    from rich.table import Table

    fr = lang == "fr"
    table = Table(title=plain(report["name"]))
    for title in (
        "action",
        "difficulté" if fr else "difficulty",
        "résultats" if fr else "outcomes",
    ):
        table.add_column(title)
    actions: list[dict[str, Any]] = report["actions"]  # type: ignore[assignment]
    for action in actions:
        label = plain(_named(action, actions))
        if action["error"]:
            table.add_row(label, "", f"[red]{plain(action['error'])}[/red]")
            continue
        check = check_of(action["check"])  # type: ignore[operator]
        for rung in action["odds"]:
            cells = ", ".join(
                f"{check.outcome(o['outcome']).label(lang)} {percent(o['p'], lang)}"
                for o in rung["outcomes"]
            )
            table.add_row(label, _difficulty(rung, action), plain(cells))
    console().print(table)


def _named(action: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    """An action's label, with its group where another action bears the same label (Artémis's
    "Apaiser" as a skill and under the professional's privilege)."""
    same = sum(1 for other in actions if other["label"] == action["label"])
    group = action.get("group") or ""
    return f"{action['label']} ({group})" if same > 1 and group else str(action["label"])


def _difficulty(rung: dict[str, Any], action: dict[str, Any]) -> str:
    """The rung's difficulty, else the one the sheet's own action rolls at (its parameters)."""
    level = rung["difficulty"]
    if level is None:
        level = (action.get("params") or {}).get("difficulty")
    return "" if level is None else str(level)


__all__ = ["bar", "build"]
