"""A system's options (optional rules, readings, house rules, GM inputs) as form fields, and the
form's text read back as typed values (the table checks them strictly)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ecran.rules import EcranError, Option, System, Text
from ecran.rules.refusals import given_said
from ecran.web.forms.fields import FormField, fields_of


def _declared(system: System[Any]) -> dict[str, FormField]:
    """Each option as a check or the sheet declares it (type, bounds, choices)."""
    found: dict[str, FormField] = {}
    models = [check.params for check in system.checks]
    if system.character is not None:
        models.append(system.character)
    for model in models:
        for f in fields_of(model):
            if f.option_kind and f.name not in found:
                found[f.name] = f
    return found


def _kind_of(default: Any) -> Any:
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, float):
        return "number"
    return "text"


def _fallback(option: Option) -> FormField:
    return FormField(
        path=option.name,
        kind=_kind_of(option.default),
        label=option.label,
        help=option.help,
        default=option.default,
        option_kind=option.kind,
        source=str(option.source),
    )


def option_fields(system: System[Any]) -> list[FormField]:
    declared = _declared(system)
    fields = []
    for option in system.table_options():
        f = declared.get(option.name) or _fallback(option)
        # the system's declaration wins for label, help and source; the field gives the type
        fields.append(
            FormField(
                path=option.name,
                kind=f.kind,
                label=option.label,
                help=option.help,
                nullable=f.nullable,
                default=option.default,
                minimum=f.minimum,
                maximum=f.maximum,
                choices=list(f.choices),
                choice_labels=dict(option.choices) or f.choice_labels,
                option_kind=option.kind,
                source=str(option.source),
            )
        )
    return fields


def _bad(f: FormField, given: str, what: Text) -> EcranError:
    return EcranError(
        Text(
            fr=f"{f.label.fr}\u00a0: {what.fr} ({given_said(given, 'fr')})",
            en=f"{f.label.en}: {what.en} ({given_said(given, 'en')})",
        )
    )


def _typed(f: FormField, given: str) -> Any:
    if given == "" and f.nullable:
        return None
    if f.kind == "bool":
        if given not in ("true", "false"):  # a checkbox's two values: nothing else reads as "no"
            said = Text(fr="booléen attendu (true/false)", en="yes or no expected (true/false)")
            raise _bad(f, given, said)
        return given == "true"
    if f.kind == "choice":
        for choice in f.choices:
            if str(choice) == given:
                return choice
        return given
    try:
        if f.kind == "int":
            return int(given)
        if f.kind == "number":
            return float(given)
    except ValueError:
        raise _bad(f, given, Text(fr="nombre attendu", en="a number is expected")) from None
    return given


def option_values(fields: Sequence[FormField], form: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """Only the options the form sends (the others keep their default at the table)."""
    values = {}
    for f in fields:
        given = form.get(f"option:{f.name}")
        if given:
            values[f.name] = _typed(f, given[-1])
    return values
