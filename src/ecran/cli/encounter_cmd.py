"""`ecran encounter simulate FILE.json --trials N [--seed S] [--json]`: a whole fight, many times
(`ecran.engine.fight`): each side's chance to win, how many rounds, who ends out of action or
dead. The file's shape is described in the README ("Chances de victoire")."""

from __future__ import annotations

from typing import Any

import click

from ecran.cli.checks import json_command, seed_option
from ecran.cli.file_name import FILE_NAME
from ecran.cli.files import EXPORT_MAX_BYTES, parse_json, read_bounded, too_big
from ecran.cli.lang import current
from ecran.cli.render import (
    answered_in_json,
    bar,
    console,
    number,
    percent,
    plain,
    progress_bar,
)
from ecran.cli.simulate_cmd import run_line, trials_option
from ecran.cli.words import _
from ecran.engine import get_system
from ecran.rules import EcranError, Text

HELP = "Simulate a whole fight: each side's probability of winning."
MAX_FILE_BYTES = 2_000_000


def read_fight(path: str, encounter: str | None = None) -> Any:
    """The fight to simulate, as the simulator reads it: an encounter file, or one encounter of
    a table's export (`ecran table export`, the table's "Exporter" button), the one named, or
    the only one still running."""
    from ecran.play.export import EXPORT_FORMAT, parse_export
    from ecran.play.fight_file import pick_encounter, readable_fight

    raw = read_bounded(path, EXPORT_MAX_BYTES)
    data = parse_json(path, raw)
    if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
        export = parse_export(raw, path)
        found = pick_encounter(export.encounters, encounter)
        characters = {c.id: c for c in export.characters}
        table = export.table
        return readable_fight(table.system_id, found, characters, current(), table.options)
    if encounter is not None:
        raise EcranError(
            Text(
                fr="--encounter choisit une rencontre dans l'export d'une table ; "
                f"{path} est un fichier de rencontre",
                en=f"--encounter picks an encounter of a table's export; {path} is a fight file",
            )
        )
    if len(raw) > MAX_FILE_BYTES:
        raise too_big(path, MAX_FILE_BYTES)
    return data


def _simulate(
    file: str, trials: int, seed: int | None, as_json: bool, encounter: str | None
) -> None:
    from ecran.engine.fight.simulation import simulate_encounter

    data = read_fight(file, encounter)
    # whatever the count: a slow game's few fights can take longer than many of another's
    with progress_bar(trials, _("fights"), not as_json) as tell:
        report = simulate_encounter(data, trials, seed, tell)
    if answered_in_json(as_json, report):
        return
    from rich.table import Table

    lang = current()

    sides = Table(title=_("Chances of victory"))
    sides.add_column(_("side"))
    sides.add_column(_("wins"), justify="right")
    sides.add_column("")
    for side, chance in [
        *((row.side, row.probability) for row in report.sides),
        (_("no one standing"), report.draw),
        (_("undecided"), report.undecided),
    ]:
        sides.add_row(plain(side), percent(chance, lang), bar(chance))
    people = Table()
    people.add_column("participant")
    people.add_column(_("side"))
    people.add_column(_("out of action"), justify="right")
    people.add_column(_("dead"), justify="right")
    for p in report.participants:
        people.add_row(plain(p.name), plain(p.side), percent(p.out, lang), percent(p.dead, lang))
    out = console()
    out.print(sides)
    out.print(people)
    out.print(_rounds(report, lang))
    # under the tables, not as a caption: a caption wraps at the narrow table's width
    run = run_line(report.trials, report.seed, report.seconds, ("combats", "fights"))
    margin = number(report.margin * 100, lang, 1)
    within = _("Margin: within {margin} points, 19 times out of 20").format(margin=margin)
    out.print(run)
    out.print(within)


def _rounds(report: Any, lang: str) -> Any:
    """The round each decided fight ended in, as a chart; a line where none ended."""
    from rich.table import Table

    if not report.rounds:
        return _("No fight ended.")
    word = get_system(report.system).round_word(lang)  # the book's: "tour" or "round"
    rounds = Table(title=_("{Round} the fight ends in").format(Round=word.capitalize()))
    rounds.add_column(word, justify="right")
    rounds.add_column("%", justify="right")
    rounds.add_column("")
    top = max(report.rounds.values())
    for r, c in report.rounds.items():
        rounds.add_row(str(r), percent(c / report.trials, lang), bar(c / top))
    return rounds


def _attack(
    file: str, attacker: str, target: str, attack: int, as_json: bool, encounter: str | None
) -> None:
    from ecran.engine.fight.chances import planned_attack

    report = planned_attack(read_fight(file, encounter), attacker, target, attack, current())
    if answered_in_json(as_json, report):
        return
    lang = current()

    colon = _(": ")
    click.echo(f"{report.attacker} → {report.target} ({report.attack}){colon.rstrip()}")
    click.echo(f"  {_('out of action')}{colon}{percent(report.p_out, lang)} ({report.out})")
    click.echo(f"  {_('dead')}{colon}{percent(report.p_dead, lang)} ({report.dead})")
    click.echo(f"  {_('attacker out of action')}{colon}{percent(report.p_attacker_out, lang)}")
    if report.p_unsettled:
        left = percent(report.p_unsettled, lang, 3)  # small: one decimal would say 0
        click.echo(f"  {_('left out (the longest explosions)')}{colon}{left} ({report.unsettled})")


def encounter_option() -> click.Option:
    return click.Option(
        ["--encounter"],
        metavar=_("TEXT"),
        help=_("in a table's export: the encounter's name (default: the one still running)"),
    )


def build(lang: str) -> click.Group:
    group = click.Group("encounter", help=_(HELP), subcommand_metavar=_("COMMAND [ARGS]..."))
    group.add_command(
        json_command(
            "attack",
            _attack,
            [
                click.Argument(["file"], metavar=_("FILE.json"), type=FILE_NAME),
                click.Option(
                    ["--attacker"], required=True, metavar=_("TEXT"), help=_("the attacker's name")
                ),
                click.Option(
                    ["--target"], required=True, metavar=_("TEXT"), help=_("the target's name")
                ),
                click.Option(
                    ["--attack"],
                    type=click.IntRange(0, 500),
                    default=0,
                    metavar=_("INT"),
                    help=_("which of the offered attacks (0: the first)"),
                ),
                encounter_option(),
            ],
            _("Exact chance that one planned attack takes the target out."),
        )
    )
    group.add_command(
        json_command(
            "simulate",
            _simulate,
            [
                click.Argument(["file"], metavar=_("FILE.json"), type=FILE_NAME),
                trials_option(),
                seed_option(),
                encounter_option(),
            ],
            _(HELP),
        )
    )
    return group
