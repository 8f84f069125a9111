"""Character commands: `character new|validate`, `npc`, `sheet`. System-neutral: everything
comes from the System contract (sheet model, validate, random_npc, sections).

The prompts and the sheets package load inside the commands that use them, so `ecran dice` or
`ecran odds` never pays for them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import typer
from pydantic import ValidationError
from typer.core import TyperGroup

from ecran.cli.file_name import FILE_NAME
from ecran.cli.files import SHEET_MAX_BYTES, check_writable, read_bounded, write_file
from ecran.cli.lang import current
from ecran.cli.localize import AliasGroup
from ecran.cli.render import console, echo_json, echo_typeset, plain, sheet_tables, working
from ecran.cli.suggest import unknown_name
from ecran.cli.words import _
from ecran.engine import get_system
from ecran.engine.creation import starting_sheet
from ecran.engine.records import seeded_roller
from ecran.engine.registry import known_ids
from ecran.rules import CharacterSheet, EcranError, System, Text, from_validation, tr
from ecran.rules.field import field_labels
from ecran.rules.violation import RuleViolation
from ecran.typography import typeset

if TYPE_CHECKING:
    from ecran.sheets.files import SheetProblems

character_app = typer.Typer(help="Create and check character sheets (JSON).", no_args_is_help=True)


def _said_seed(seed: int, lang: str) -> None:
    """The drawn NPC's seed, as the other commands say theirs (« graine : 7 »), on stderr: the
    sheet alone goes to stdout."""
    echo_typeset(f"graine : {seed}" if lang == "fr" else f"seed: {seed}", err=True)


def read_sheet(
    path: Path, expected_system: str | None = None
) -> tuple[System[Any], CharacterSheet]:
    """A sheet file as its system's sheet model (the rules are checked separately)."""
    from ecran.sheets import parse_sheet_json  # only the commands that read a file load it

    try:
        what = Text(fr=str(path), en=str(path))
        return parse_sheet_json(_read_bytes(path), expected_system, what)
    except EcranError as exc:
        exc.by_id = None  # a sheet's fields as the sheet shows them, never their JSON keys
        raise


def _read_bytes(path: Path) -> bytes:
    """A sheet file's bytes (`-`: standard input), bounded."""
    return read_bounded(path, SHEET_MAX_BYTES)


def _problems(path: Path) -> SheetProblems:
    """Everything wrong with a sheet file at once: the values its model refuses and the rules
    it breaks, with the sheet where it can still be shown."""
    from ecran.sheets.files import sheet_problems

    return sheet_problems(_read_bytes(path), what=Text(fr=str(path), en=str(path)))


def _print_problems(problems: SheetProblems) -> None:
    """One line per problem on stderr: the refused values first, then the broken rules."""
    lang = current()
    for refused in problems.refused:
        click.echo(typeset(refused(lang), lang), err=True)
    _print_violations(problems.violations, problems.system)


def _print_violations(violations: list[RuleViolation], system: System[Any]) -> None:
    """Each broken rule on its line, cited by its book (the rule's id and file stay in JSON)."""
    lang = current()
    labels = field_labels(system.sheet_model())  # each field as the sheet shows it
    for v in violations:
        click.echo(typeset(v.line(lang, labels), lang), err=True)  # SNG actuel (7) in French


def _refuse_broken(system: System[Any], sheet: CharacterSheet) -> None:
    """Every rule the sheet breaks on stderr, then exit 2."""
    violations = system.validate(sheet)
    if violations:
        _print_violations(violations, system)
        raise typer.Exit(2)


def _emit(sheet: CharacterSheet, out: Path | None, as_json: bool = False) -> None:
    """The sheet on stdout, or written to `out`; `as_json`: one object saying what was made
    (`system`, `file` or null, `sheet`)."""
    text = sheet.model_dump_json(indent=2)
    if out is not None:
        write_file(out, text + "\n")
    if as_json:
        file = None if out is None else str(out)
        echo_json({"system": sheet.system, "file": file, "sheet": sheet.model_dump(mode="json")})
    elif out is None:
        click.echo(text)
    else:
        click.echo(f"→ {out}", err=True)


@character_app.command("new")
def new(
    system_id: str = typer.Argument(..., metavar="SYSTEM"),
    from_file: Path = typer.Option(
        None, "--from", metavar="FILE", click_type=FILE_NAME, help="start from this JSON sheet"
    ),
    out: Path = typer.Option(
        None,
        "--out",
        "-o",
        metavar="FILE",
        click_type=FILE_NAME,
        help="write the sheet here (default: stdout)",
    ),
    as_json: bool = typer.Option(False, "--json", help="JSON output"),
) -> None:
    """Create a character: guided in a terminal, or from a JSON file (then validated)."""
    system = get_system(system_id)
    if from_file is not None:
        _, sheet = read_sheet(from_file, expected_system=system.id)
    else:
        if not _interactive():
            raise EcranError(
                tr(
                    "la création guidée demande un terminal ; sinon utilisez --from FICHIER.json",
                    "guided creation needs a terminal; otherwise use --from FILE.json",
                )
            )
        sheet = guided(system)
    _refuse_broken(system, sheet)
    _emit(sheet, out, as_json)


@character_app.command("validate")
def validate(
    path: Path = typer.Argument(..., metavar="FILE.json", click_type=FILE_NAME),
    as_json: bool = typer.Option(False, "--json", help="JSON output"),
) -> None:
    """Check a sheet against its system's model and rules; exit 2 and list every problem (each
    refused value and each broken rule, all at once) if there is any."""
    problems = _problems(path)
    if as_json:
        echo_json(problems_json(problems))
    elif problems.ok:
        click.echo("feuille valide" if current() == "fr" else "valid sheet")
    else:
        _print_problems(problems)
    if not problems.ok:
        raise typer.Exit(2)


def problems_json(problems: SheetProblems) -> dict[str, Any]:
    """What `--json` says of a sheet file's problems: each refused value and broken rule in the
    reader's language, with the rule's id and source (file and lines) for tools."""
    lang = current()
    return {
        "system": problems.system.id,
        "ok": problems.ok,
        "refused": [text(lang) for text in problems.refused],
        "violations": [
            {
                "rule": v.rule,
                "path": v.path,
                "message": v.message(lang),
                "source": str(v.source),
                "cited": v.source.label(lang),
            }
            for v in problems.violations
        ],
    }


def _interactive() -> bool:
    return sys.stdin.isatty()


def guided(system: System[Any]) -> CharacterSheet:
    """Ask for every field of the sheet in turn, then re-ask while the rules are broken."""
    from ecran.cli import prompts  # only guided creation asks

    lang = current()
    name = prompts.ask(lang, "Nom du personnage" if lang == "fr" else "Character name")
    data = starting_sheet(system, name, lang).model_dump()
    model = system.sheet_model()
    while True:
        asked = set(system.creation_fields or model.model_fields)
        skip = {"system", "name"} | (set(model.model_fields) - asked)
        data = prompts.ask_model(model, data, lang, skip=skip)
        try:
            sheet: CharacterSheet = model.model_validate(data)
        except ValidationError as exc:
            click.echo(from_validation(exc, model).message(lang), err=True)
            continue
        violations = system.validate(sheet)
        if not violations:
            return sheet
        _print_violations(violations, system)
        again = "Corriger ?" if lang == "fr" else "Fix it?"
        if not prompts.confirm(again, True, lang):
            return sheet


class NpcGroup(AliasGroup, TyperGroup):
    """`ecran npc SYSTEM [--level …|--role …] [--seed N] [--json]`: one command per system, its
    options generated from `System.npc_params` like a check's parameters (built when named, so
    `ecran npc warp` imports only warp). An unknown system is one line listing the known ones."""

    def base_list(self, ctx: click.Context) -> list[str]:
        return known_ids()

    def base_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in known_ids():
            return None
        return _npc_command(get_system(name), current())

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            raise unknown_name(tr("système", "system"), args[0], known_ids())
        return super().resolve_command(ctx, args)


def _npc_command(system: System[Any], lang: str) -> click.Command:
    from ecran.cli.checks import as_flags, given, json_flag, param_options, seed_option

    def run(seed: int | None, as_json: bool, out: str | None, **values: Any) -> None:
        try:
            chosen = system.npc_params.model_validate(given(values))
        except ValidationError as exc:
            raise as_flags(from_validation(exc, system.npc_params), system.npc_params) from None
        if out is not None:
            check_writable(out)
        roller = seeded_roller(seed)
        sheet = system.draw_npc(roller, lang, **dict(chosen))
        if out is not None:  # the sheet to a file, as `character new -o` writes it
            write_file(out, sheet.model_dump_json(indent=2) + "\n")
            click.echo(f"→ {out}", err=True)
            _said_seed(roller.seed, lang)
        elif as_json:
            click.echo(sheet.model_dump_json(indent=2))
        else:
            _show(system, sheet)
            _said_seed(roller.seed, lang)

    params: list[click.Parameter] = [
        *param_options(system.npc_params, lang),
        seed_option(),
        click.Option(
            ["--out", "-o"],
            default=None,
            metavar=_("FILE"),
            type=FILE_NAME,
            help=_("write the sheet here"),
        ),
        json_flag(),
    ]
    helped = _("A random NPC that passes the rules")
    return click.Command(system.id, callback=run, params=params, help=helped)


def register(app: typer.Typer) -> None:
    app.add_typer(character_app, name="character")

    app.add_typer(
        typer.Typer(
            cls=NpcGroup,
            help="A random NPC that passes the system's validation: "
            "npc SYSTEM (its choices) --seed N.",
            rich_markup_mode=None,
            no_args_is_help=True,
        ),
        name="npc",
    )

    @app.command()
    def sheet(
        path: Path = typer.Argument(..., metavar="FILE.json", click_type=FILE_NAME),
        pdf: Path = typer.Option(
            None,
            "--pdf",
            metavar="FILE",
            click_type=FILE_NAME,
            help="write a printable A4 sheet (PDF) here",
        ),
        html: Path = typer.Option(
            None,
            "--html",
            metavar="FILE",
            click_type=FILE_NAME,
            help="write the printable sheet as HTML here",
        ),
        rolls: bool | None = typer.Option(
            None,
            "--rolls/--no-rolls",
            help="grids of rolls on the print (default: when the sheet still fits on two pages)",
        ),
        as_json: bool = typer.Option(False, "--json", help="JSON output"),
    ) -> None:
        """Show a character sheet in the terminal (or print it), with the rules it breaks."""
        if pdf is None and html is None:
            problems = _problems(path)
            if as_json:
                echo_json(sheet_json(problems))
                raise typer.Exit(0 if problems.sheet is not None else 2)
            if problems.sheet is not None:
                _show(problems.system, problems.sheet)
            _print_problems(problems)
            if problems.sheet is None:
                raise typer.Exit(2)
            return
        system, character = read_sheet(path)
        for out in (html, pdf):  # both files or neither
            if out is not None:
                check_writable(out)
        if html is not None:
            from ecran.sheets import render_sheet_html

            _write(html, render_sheet_html(system, character, current(), rolls).encode("utf-8"))
        if pdf is not None:
            from ecran.sheets import render_sheet_pdf

            with working(_("Printing the sheet…")):  # WeasyPrint takes seconds
                printed = render_sheet_pdf(system, character, current(), rolls)
            _write(pdf, printed)


def sheet_json(problems: SheetProblems) -> dict[str, Any]:
    """`sheet --json`: the sheet's blocks as the terminal shows them (in the reader's language),
    the sheet itself, and its problems as `character validate --json` gives them."""
    lang = current()
    sheet = problems.sheet
    sections = problems.system.sections(sheet) if sheet is not None else []
    return {
        **problems_json(problems),
        "sheet": sheet.model_dump(mode="json") if sheet is not None else None,
        "sections": [
            {
                "title": section.title(lang),
                "rows": [
                    {"label": row.label(lang), "value": row.value(lang), "note": row.note(lang)}
                    for row in section.rows
                ],
            }
            for section in sections
        ],
    }


def _write(path: Path, content: bytes) -> None:
    write_file(path, content)
    click.echo(f"→ {path}", err=True)


def _show(system: System[Any], character: CharacterSheet) -> None:
    out = console()
    out.print(f"[bold]{plain(character.name)}[/bold] — {plain(system.name(current()))}")
    for table in sheet_tables(system.sections(character), current()):
        out.print(table)
