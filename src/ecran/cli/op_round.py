"""`ecran op SYSTEM turn-end|round-end FILE.json [--seed N] [--out FILE] [--json]` (#30 item 5):
a sheet file's conditions count down and end by themselves, as the tracker's do.

`turn-end` (`fin-de-tour`) is the end of the bearer's turn (`System.turn_end`): each condition's
rounds run down, one that runs out is gone with the game's own condition it lifts. `round-end`
(`fin-de-round`) is the round's end (`System.round_steps`): the tests the sheet's state calls
for, rolled with the seed (Fluid's haemorrhage, L1501-1507; Nephilim's critical states, L88),
then the game's own round end (Organique's END reserve and first-aid clock, L309-317,
L630-640). As every `op`, the sheet is written only with --out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ecran.cli.characters import read_sheet
from ecran.cli.checks import json_flag, seed_option
from ecran.cli.file_name import FILE_NAME
from ecran.cli.files import write_file
from ecran.cli.lang import current
from ecran.cli.render import console, echo_json, plain
from ecran.cli.words import _
from ecran.engine import get_system
from ecran.engine.records import seeded_roller
from ecran.rules import System, Text
from ecran.rules.ongoing import Ongoing, counted_down

TURN_END, ROUND_END = "turn-end", "round-end"
#: The commands beside a game's operations (English ids; French names in names.toml).
NAMES = (TURN_END, ROUND_END)
#: The most steps one round's end runs on a sheet (each operation once).
STEPS_MAX = 8


def title(name: str, system: System[Any]) -> Text:
    word = system.round_word
    if name == TURN_END:
        return Text(
            fr="Fin de son tour : ses états décomptés",
            en="End of its turn: conditions counted down",
        )
    return Text(
        fr=f"Fin du {word.fr} : tests et effets",
        en=f"End of the {word.en}: tests and effects",
    )


def _sheet(values: dict[str, Any], system_id: str) -> tuple[System[Any], Any]:
    system, sheet = read_sheet(Path(values["sheet_file"]), expected_system=system_id)
    return system, system.own(sheet)


def _written(after: Any, out: str | None, lang: str) -> None:
    if out is not None:
        write_file(out, after.model_dump_json(indent=2) + "\n")
    else:
        click.echo(
            "(feuille non écrite : --sortie FICHIER)" if lang == "fr" else "(not saved: --out FILE)"
        )


def _colon(lang: str) -> str:
    """A label's colon as each language writes it (French: a space before)."""
    return " : " if lang == "fr" else ": "


def turn_end(system_id: str, values: dict[str, Any]) -> None:
    system, sheet = _sheet(values, system_id)
    kept, ended = counted_down(sheet.ongoing)
    after = system.turn_end(sheet) or sheet
    if values["as_json"]:
        counted = [{"label": o.label.fr, "rounds": o.rounds} for o in kept if o.rounds]
        report = {
            "system": system_id,
            "operation": "turn_end",
            "counted": counted,
            "ended": [o.label.fr for o in ended],
            "sheet": after.model_dump(mode="json"),
        }
        echo_json(report)
        return
    _turn_said(system, sheet.ongoing, kept, ended)
    _written(after, values["out"], current())


def _turn_said(
    system: System[Any], before: list[Ongoing], kept: list[Ongoing], ended: list[Ongoing]
) -> None:
    """Each condition's rounds before and after, and the ones that ended, in words."""
    lang, screen = current(), console()
    colon = _colon(lang)
    screen.print(f"[bold]{plain(title(TURN_END, system)(lang))}[/bold]", highlight=False)
    lasting = {o.label.fr: o.rounds for o in before}
    for o in kept:
        if o.rounds is not None:
            said = f"{plain(o.label(lang))}{colon}{lasting[o.label.fr]} → {o.rounds}"
            screen.print(said, highlight=False)
    for o in ended:
        screen.print(f"{'fin' if lang == 'fr' else 'ends'}{colon}{plain(o.label(lang))}")
    if all(o.rounds is None for o in before):
        screen.print("aucun état à décompter" if lang == "fr" else "no condition to count down")


def round_end(system_id: str, values: dict[str, Any]) -> None:
    system, sheet = _sheet(values, system_id)
    roller = seeded_roller(values["seed"])
    steps: list[dict[str, Any]] = []
    done: list[str] = []
    while len(done) < STEPS_MAX:
        step = system.next_round_step(sheet, done)
        if step is None:
            break
        done.append(step.operation)
        operation = system.operation(step.operation)
        params = operation.params.model_validate(step.params)
        rolled = len(roller.rolled)
        change = operation.run(sheet, params, roller)
        sheet = change.worn
        outcome = change.resolution.outcome if change.resolution else None
        steps.append(
            {
                "operation": operation.name,
                "title": operation.title,
                "params": params.model_dump(mode="json"),
                "summary": change.summary,
                "outcome": outcome,
                "dice": roller.rolled[rolled:],
            }
        )
    _round_said(system, sheet, steps, roller.seed, values)


def _round_said(
    system: System[Any], after: Any, steps: list[dict[str, Any]], seed: int, values: dict[str, Any]
) -> None:
    lang = current()
    if values["as_json"]:
        shown = [
            {**s, "title": s["title"].model_dump(), "summary": s["summary"].model_dump()}
            for s in steps
        ]
        report = {
            "system": system.id,
            "operation": "round_end",
            "seed": seed,
            "steps": shown,
            "sheet": after.model_dump(mode="json"),
        }
        echo_json(report)
        return
    screen = console()
    screen.print(f"[bold]{plain(title(ROUND_END, system)(lang))}[/bold]", highlight=False)
    for s in steps:
        dice = " ".join(str(d) for d in s["dice"])
        said = f"{plain(s['title'](lang))} — {plain(s['summary'](lang))}"
        screen.print(
            said + (f" ({'dés' if lang == 'fr' else 'dice'}{_colon(lang)}{dice})" if dice else ""),
            highlight=False,
        )
    if not steps:
        word = system.round_word
        nothing = Text(fr=f"rien à la fin du {word.fr}", en=f"nothing at the {word.en}'s end")
        screen.print(nothing(lang), highlight=False)
    screen.print(f"{'graine' if lang == 'fr' else 'seed'}{_colon(lang)}{seed}", highlight=False)
    _written(after, values["out"], lang)


def command(system_id: str, name: str, lang: str) -> click.Command:
    """`turn-end` or `round-end` for one game, with the options of every `op` command."""
    run = turn_end if name == TURN_END else round_end

    def callback(**values: Any) -> None:
        run(system_id, values)

    params: list[click.Parameter] = [
        click.Argument(["sheet_file"], metavar=_("FILE.json"), type=FILE_NAME),
        click.Option(
            ["--out", "-o"],
            default=None,
            metavar=_("FILE"),
            type=FILE_NAME,
            help=_("write the changed sheet here"),
        ),
        json_flag(),
    ]
    if name == ROUND_END:
        params.insert(1, seed_option())
    helped = title(name, get_system(system_id))(lang)
    return click.Command(name, callback=callback, params=params, help=helped)
