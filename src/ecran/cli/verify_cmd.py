"""`ecran verify TABLE.json`: check a table's dice from its export.

Recomputes every roll the export shows from the keys the GM revealed: each revealed key against
its published commitment, each roll's seed against HMAC(key, its number), each roll's dice and
result against its seed — rolls, encounter steps, operations on characters, NPCs drawn at the
table and chat rolls alike (`ecran.play.audit`). Exit 0 when all agree, 1 listing each roll
(and key) that does not, 2 on bad input. The export comes from `GET /api/tables/{id}/export`
(see the README).
"""

from __future__ import annotations

from pathlib import Path

import click
import typer

from ecran.cli.files import read_table_export
from ecran.cli.lang import current

#: Events from which checking them is worth a progress bar (about a second here).
PROGRESS_FROM = 5_000


def verify_file(path: Path) -> int:
    """Print the verdict; the exit code (0 all agree, 1 some do not)."""
    from ecran.cli.render import progress_bar, working
    from ecran.play.audit import audit

    lang = current()
    with working(_t("Lecture de l'export…", "Reading the export…", lang)):
        export = read_table_export(path)
    total = len(export.events)
    # a table of many rolls takes seconds
    with progress_bar(total, _t("vérification", "verifying", lang), total >= PROGRESS_FROM) as tell:
        found = audit(export, tell)
    for index, why in found.bad_keys:
        click.echo(_t(f"clé n° {index} : {why.fr}", f"key #{index}: {why.en}", lang))
    for roll in found.failed:
        said = " ; ".join(p.fr if lang == "fr" else p.en for p in roll.problems)
        click.echo(
            _t(
                f"jet n° {roll.seq} ({roll.label}) : {said}",
                f"roll #{roll.seq} ({roll.label}): {said}",
                lang,
            )
        )
    checked = len(found.rolls)
    verified, gm, pending, legacy = (found.count(s) for s in ("ok", "gm_seed", "pending", "legacy"))
    summary = _t(
        f"{checked} jet(s) : {verified} vérifié(s) par la clé révélée, {gm} à graine choisie "
        f"par le MJ, {pending} sous la clé en vigueur (pas encore révélée), {legacy} d'avant "
        f"les dés vérifiables, {len(found.failed)} en défaut ; {found.hidden} événement(s) "
        "caché(s) à l'exportateur",
        f"{checked} roll(s): {verified} verified by the revealed key, {gm} with a GM-chosen seed, "
        f"{pending} under the key in force (not revealed yet), {legacy} from before verifiable "
        f"dice, {len(found.failed)} failing; {found.hidden} event(s) hidden from the exporter",
        lang,
    )
    click.echo(summary)
    return 0 if found.ok else 1


def _t(fr: str, en: str, lang: str) -> str:
    return fr if lang == "fr" else en


def register(app: typer.Typer) -> None:
    @app.command()
    def verify(
        table: Path = typer.Argument(..., metavar="TABLE.json", help="a table's export (JSON)"),
    ) -> None:
        """Check a table's dice from its export: commitments, seeds and dice."""
        code = verify_file(table)
        if code:
            raise typer.Exit(code)
