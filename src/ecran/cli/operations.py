"""`ecran op SYSTEM OPERATION FILE.json [--param v]... [--seed N] [--out FILE] [--json]`.

Applies one of the rules' state changes (take a wound, rest, spend a point...) to a sheet file,
with the same generated parameters as the web forms. The sheet is only written with --out.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from pydantic import ValidationError

from ecran.cli import op_round
from ecran.cli.characters import read_sheet
from ecran.cli.checks import (
    NamedGroup,
    SystemsGroup,
    as_flags,
    given,
    json_flag,
    param_options,
    seed_option,
)
from ecran.cli.fields import kebab
from ecran.cli.file_name import FILE_NAME
from ecran.cli.files import write_file
from ecran.cli.lang import current
from ecran.cli.names import subcommand_names
from ecran.cli.render import console, details_rows, echo_json, plain
from ecran.cli.words import _
from ecran.engine.records import seeded_roller
from ecran.rules import Operation, System, Text, from_validation

if TYPE_CHECKING:
    from rich.table import Table


def _run(system_id: str, operation: Operation[Any, Any], values: dict[str, Any]) -> None:
    path = Path(values.pop("sheet_file"))
    seed, out, as_json = values.pop("seed"), values.pop("out"), values.pop("as_json")
    _, sheet = read_sheet(path, expected_system=system_id)
    try:
        params = operation.params.model_validate(given(values))
    except ValidationError as exc:
        raise as_flags(from_validation(exc, operation.params), operation.params) from None
    roller = seeded_roller(seed)
    change = operation.run(sheet, params, roller)
    # no tracker here: the conditions that act go into the sheet file (#30 item 5)
    after = change.worn
    if out is not None:
        write_file(out, after.model_dump_json(indent=2) + "\n")
    resolution = change.resolution
    if as_json:
        report = {
            "system": system_id,
            "operation": operation.name,
            "params": params.model_dump(mode="json"),
            "seed": roller.seed,
            "dice": roller.rolled,
            "summary": change.summary.model_dump(),
            "outcome": resolution.outcome if resolution else None,
            "total": resolution.total if resolution else None,
            "details": resolution.details if resolution else {},
            "sheet": after.model_dump(mode="json"),
        }
        echo_json(report)
        return
    lang = current()
    screen = console()
    title, summary = plain(operation.title(lang)), plain(change.summary(lang))
    screen.print(f"[bold]{title}[/bold] — {summary}", highlight=False)
    if resolution is not None:
        screen.print(_work(system_id, resolution.details, roller.rolled, roller.seed, lang))
    if out is None:
        click.echo(
            "(feuille non écrite : --sortie FICHIER)" if lang == "fr" else "(not saved: --out FILE)"
        )


def _work(system_id: str, details: dict[str, Any], dice: list[int], seed: int, lang: str) -> Table:
    """The roll behind an operation: its dice and each detail a check of the game labels, in
    words (never the details' dict)."""
    from rich.table import Table

    from ecran.engine import get_system

    checks = get_system(system_id).checks
    labels = {key: text for check in checks for key, text in check.detail_labels.items()}
    table = Table(show_header=False, box=None)
    table.add_column(style="bold")
    table.add_column()
    fr = lang == "fr"
    table.add_row("dés" if fr else "dice", " ".join(str(d) for d in dice))
    for label, value in details_rows(details, labels, checks, lang):
        table.add_row(plain(label), plain(value))
    table.add_row("graine" if fr else "seed", str(seed))
    return table


def _command(system_id: str, operation: Operation[Any, Any], lang: str) -> click.Command:
    def run(**values: Any) -> None:
        _run(system_id, operation, values)

    params: list[click.Parameter] = [
        click.Argument(["sheet_file"], metavar=_("FILE.json"), type=FILE_NAME),
        *param_options(operation.params, lang),
        seed_option(),
        click.Option(
            ["--out", "-o"],
            default=None,
            metavar=_("FILE"),
            type=FILE_NAME,
            help=_("write the changed sheet here"),
        ),
        json_flag(),
    ]
    return click.Command(operation.name, callback=run, params=params, help=operation.title(lang))


class OperationsGroup(NamedGroup[Operation[Any, Any]]):
    """A game's operations, then the ends of a turn and of a round of a sheet file
    (`op_round`), named in `names.toml`'s `[subcommands.op]`."""

    lang = "fr"

    def base_list(self, ctx: click.Context) -> list[str]:
        return [*super().base_list(ctx), *op_round.NAMES]

    def french_names(self, english: list[str]) -> dict[str, list[str]]:
        ends = {e: [f] for e, f in subcommand_names("op").items() if e in op_round.NAMES}
        return {**super().french_names(english), **ends}

    def base_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in op_round.NAMES:
            return self.commands.setdefault(name, op_round.command(self.system_id, name, self.lang))
        return super().base_command(ctx, name)


def build(lang: str) -> click.Group:
    def operations_of(system: System[Any]) -> click.Group:
        def make(operation: Operation[Any, Any]) -> click.Command:
            command = _command(system.id, operation, lang)
            command.name = kebab(operation.name)
            return command

        kind = Text(fr="opération", en="operation")
        group = OperationsGroup(system, lang, kind, system.operations, system.operation, make)
        group.lang = lang
        return group

    return SystemsGroup(
        "op", "Apply a rules operation (wound, rest, spend...) to a sheet file.", operations_of
    )
