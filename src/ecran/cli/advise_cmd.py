"""`ecran advise SYSTEM CHECK [--param v]... [--json]`: the player's choices for a roll about to be
made (the game's `choices.toml`), ranked by their exact odds (`ecran.engine.advise`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ecran.cli.checks import (
    as_flags,
    check_command,
    flag,
    given,
    systems_group,
)
from ecran.cli.lang import current
from ecran.cli.render import answered_in_json, console, number, params_line, percent, plain
from ecran.cli.words import _
from ecran.engine import get_system
from ecran.rules import Check, EcranError, Text
from ecran.rules.refusals import from_errors, given_said
from ecran.rules.wording import value_words

if TYPE_CHECKING:  # the advice's engine loads when a command asks for it
    from ecran.engine.advise import RefusedAlternative

HELP = "The player's choices for a roll (privilege, experience, aim...), ranked by exact odds."


def _bar(p: float) -> str:
    return "█" * round(p * 12)


def either_option() -> click.Option:
    return click.Option(
        ["--either", "either"],
        multiple=True,
        metavar="PARAM=V1,V2",
        help=_("a choice of your own: the values one parameter may take (the skills that apply)"),
    )


def alternatives(either: tuple[str, ...]) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {}
    for item in either:
        name, sep, values = item.partition("=")
        if not sep or not name or not values:
            raise EcranError(
                Text(
                    fr=f"--either attend PARAMÈTRE=V1,V2 ({given_said(item, 'fr')})",
                    en=f"--either expects PARAM=V1,V2 ({given_said(item, 'en')})",
                )
            )
        param = name.strip().replace("-", "_")
        if param in found:
            shown = flag(param)
            raise EcranError(
                Text(
                    fr=f"--either : {shown} donné deux fois ; ses valeurs vont dans un seul "
                    f"--either {name.strip()}=V1,V2",
                    en=f"--either: {shown} given twice; its values go in one "
                    f"--either {name.strip()}=V1,V2",
                )
            )
        found[param] = [v.strip() for v in values.split(",")]
    return found


def either_refused(exc: RefusedAlternative) -> EcranError:
    """The engine's refusal of a `--either`, worded by the options the reader typed."""
    from ecran.engine.advise import MAX_ALTERNATIVES

    param = flag(exc.param)
    if exc.reason == "unknown":
        allowed = ", ".join(flag(name) for name in exc.allowed)
        said = Text(
            fr=f"paramètre inconnu : {param} (permis : {allowed})",
            en=f"unknown parameter: {param} (allowed: {allowed})",
        )
    elif exc.reason == "count":
        said = Text(
            fr=f"entre 1 et {MAX_ALTERNATIVES} valeurs pour {param}",
            en=f"between 1 and {MAX_ALTERNATIVES} values for {param}",
        )
    elif exc.reason == "twice":
        said = Text(
            fr=f"{param} : valeur donnée deux fois ({value_words(exc.value, 'fr')})",
            en=f"{param}: value given twice ({value_words(exc.value, 'en')})",
        )
    elif exc.own:  # the field's own refusal, the field named by its option
        said = from_errors(exc.refused, {exc.param: Text(fr=param, en=param)}).text
    else:  # the whole parameters refused this value: the option and the value, then why
        why = from_errors(exc.refused).text
        said = Text(
            fr=f"{param} ({exc.value!r}) : {why.fr}", en=f"{param} ({exc.value!r}): {why.en}"
        )
    return EcranError(Text(fr=f"--either : {said.fr}", en=f"--either: {said.en}"))


def heading(system_id: str, check: Check[Any], lang: str) -> str:
    """A report's title in the reader's words: the check's title and the game's name
    (`Test d'action — Règles pour Nephilim v3`), never their ids (the JSON keeps those)."""
    return f"{check.title(lang)} — {get_system(system_id).name(lang)}"


def _command(system_id: str, check: Check[Any], lang: str) -> click.Command:
    def run(as_json: bool, either: tuple[str, ...], **values: Any) -> None:
        from ecran.engine.advise import RefusedAlternative, advise

        try:
            report = advise(system_id, check.name, given(values), alternatives(either), current())
        except RefusedAlternative as exc:
            raise either_refused(exc) from None
        except EcranError as exc:
            raise as_flags(exc, check.params) from None
        if answered_in_json(as_json, report):
            return
        from rich.table import Table

        fr = current() == "fr"
        success = (
            check.outcome(report.success).label(current())
            if report.success in check.outcome_names()
            else report.success
        )
        table = Table(
            title=plain(heading(system_id, check, current())),
            caption=plain(
                params_line(report.params, check.params, current())
                + "\n"
                + (" ; " if fr else "; ").join(report.references)
            ),
        )
        table.add_column("choix" if fr else "choice")
        better = f"{success} ou mieux" if fr else f"{success} or better"
        table.add_column(plain(better), justify="right")
        table.add_column("", no_wrap=True)
        table.add_column("coût" if fr else "cost")
        for row in report.choices:
            shown = percent(row.p_success, current())
            if row.expected is not None:
                shown += f" (×{number(row.expected, current())})"
            table.add_row(plain(row.label), shown, _bar(row.p_success), plain(row.cost))
        console().print(table)

    return check_command(
        check,
        lang,
        run,
        [
            either_option(),
        ],
    )


def build(lang: str) -> click.Group:
    return systems_group("advise", _(HELP), lang, _command)
