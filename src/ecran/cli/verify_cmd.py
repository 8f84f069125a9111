"""`ecran verify TABLE.json`: check a table's dice from its export.

Recomputes every roll the export shows from the keys the GM revealed: each revealed key against
its published commitment, each roll's seed against HMAC(key, its number), each roll's dice and
result against its seed — rolls, encounter steps, operations on characters, NPCs drawn at the
table and chat rolls alike (`ecran.play.audit`); and that the scene board's log folds, every
image it names there and readable (`ecran.play.board.exported`). Exit 0 when all agree, 1
listing each roll (and key) that does not, 2 on bad input. The export comes from
`GET /api/tables/{id}/export` (see the README).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import typer

from ecran.cli.file_name import FILE_NAME
from ecran.cli.files import read_table_export
from ecran.cli.lang import current
from ecran.cli.words import _, ngettext

#: Events from which checking them is worth a progress bar (about a second here).
PROGRESS_FROM = 5_000


def verify_file(path: Path, as_json: bool = False) -> int:
    """Print the verdict (`as_json`: one JSON object); the exit code (0 all agree, 1 some do
    not)."""
    from ecran.cli.render import progress_bar, working
    from ecran.play.audit import audit
    from ecran.play.board.exported import board_summary

    lang = current()
    with working(_("Reading the export…")):
        export = read_table_export(path)
    total = len(export.events)
    # a table of many rolls takes seconds
    with progress_bar(total, _("verifying"), total >= PROGRESS_FROM) as tell:
        found = audit(export, tell)
    if as_json:
        from ecran.cli.render import echo_json

        echo_json(verdict_json(found, lang))
        return 0 if found.ok else 1
    for index, why in found.bad_keys:
        click.echo(_("key #{index}: {why}").format(index=index, why=why(lang)))
    for roll in found.failed:
        said = _("; ").join(p(lang) for p in roll.problems)
        click.echo(
            _("roll #{seq} ({label}): {problems}").format(
                seq=roll.seq, label=roll.said(current()), problems=said
            )
        )
    checked = len(found.rolls)
    verified, gm, pending, legacy = (found.count(s) for s in ("ok", "gm_seed", "pending", "legacy"))
    # each count's own words agree with it (French: "1 jet", "0 vérifié", "2 vérifiés")
    summary = _(
        "{rolls}: {verified}, {gm} with a GM-chosen seed, {pending} under the key in force "
        "(not revealed yet), {legacy} from before verifiable dice, {failed} failing; {hidden}"
    ).format(
        rolls=ngettext("{count} roll", "{count} rolls", checked).format(count=checked),
        verified=ngettext(
            "{count} verified by the revealed key", "{count} verified by the revealed key", verified
        ).format(count=verified),
        gm=gm,
        pending=pending,
        legacy=legacy,
        failed=len(found.failed),
        hidden=ngettext(
            "{count} event hidden from the exporter",
            "{count} events hidden from the exporter",
            found.hidden,
        ).format(count=found.hidden),
    )
    click.echo(summary)
    broken = None
    boarded = _as_events(export)
    if boarded or export.images:
        board, broken = board_summary(boarded, export.images)
        click.echo(board(lang))
        if broken is not None:
            click.echo(broken(lang))
    return 0 if found.ok and broken is None else 1


def _as_events(export: Any) -> list[Any]:
    """The export's board events as the log's (the GM's views hold them whole)."""
    from ecran.play.events import Event

    return [
        Event(
            kind="board",
            actor_id=v.actor_id,
            visibility=v.visibility,
            payload=v.payload,
            table_id=v.table_id,
            seq=v.seq,
            at=v.at,
        )
        for v in export.events
        if v.kind == "board"
    ]


def verdict_json(found: Any, lang: str) -> dict[str, Any]:
    """`verify --json`: the counts of the summary line, each failing roll and key, in the
    reader's language for the reasons (keys stay English, as every `--json`)."""
    return {
        "ok": found.ok,
        "rolls": len(found.rolls),
        "verified": found.count("ok"),
        "gm_seed": found.count("gm_seed"),
        "pending": found.count("pending"),
        "legacy": found.count("legacy"),
        "hidden": found.hidden,
        "failed": [
            {"seq": r.seq, "label": r.label, "problems": [p(lang) for p in r.problems]}
            for r in found.failed
        ],
        "bad_keys": [{"index": i, "why": why(lang)} for i, why in found.bad_keys],
    }


def register(app: typer.Typer) -> None:
    @app.command()
    def verify(
        table: Path = typer.Argument(
            ...,
            metavar="TABLE.json",
            click_type=FILE_NAME,
            help="a table's export (JSON; - for standard input)",
        ),
        as_json: bool = typer.Option(False, "--json", help="JSON output"),
    ) -> None:
        """Check a table's dice from its export: commitments, seeds and dice."""
        code = verify_file(table, as_json)
        if code:
            raise typer.Exit(code)
