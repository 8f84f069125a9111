"""A check's form, generated from its parameters' JSON Schema, and the form's values read back.

Generic over the schema: integers (with bounds), booleans, optional integers, string choices
(Literal or Enum), numbers and free text. Values go to the check's pydantic model as the browser
sent them, so the page, the API and the CLI say the same thing about the same bad value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from ecran.rules import Text
from ecran.rules.option import KIND_LABELS

Kind = Literal["int", "number", "bool", "choice", "text"]
_SCALARS: dict[str, Kind] = {"integer": "int", "number": "number", "boolean": "bool"}


@dataclass(frozen=True)
class FormField:
    name: str
    kind: Kind
    label: Text
    help: Text | None = None
    required: bool = False
    nullable: bool = False
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: Sequence[Any] = field(default_factory=tuple)
    option_kind: str | None = None
    source: str | None = None

    @property
    def option_label(self) -> Text | None:
        return KIND_LABELS.get(self.option_kind) if self.option_kind else None


def _resolve(prop: dict[str, Any], defs: Mapping[str, Any]) -> dict[str, Any]:
    ref = prop.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return {**defs.get(ref.removeprefix("#/$defs/"), {}), **{k: v for k, v in prop.items()}}
    return prop


def _shape(prop: dict[str, Any], defs: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """The non-null branch of `X | None`, and whether null is allowed."""
    prop = _resolve(prop, defs)
    branches = prop.get("anyOf")
    if not isinstance(branches, list):
        return prop, False
    concrete = [_resolve(b, defs) for b in branches if b.get("type") != "null"]
    nullable = len(concrete) < len(branches)
    if len(concrete) == 1:
        return {**prop, **concrete[0]}, nullable
    return prop, nullable


def _kind(shape: dict[str, Any]) -> tuple[Kind, list[Any]]:
    if "enum" in shape:
        return "choice", list(shape["enum"])
    if "const" in shape:
        return "choice", [shape["const"]]
    return _SCALARS.get(str(shape.get("type")), "text"), []


def _text(value: Any, fallback: str) -> Text:
    return Text.model_validate(value) if isinstance(value, dict) else Text(fr=fallback, en=fallback)


def fields_of(model: type[BaseModel]) -> list[FormField]:
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    required = set(schema.get("required", ()))
    fields = []
    for name, raw in schema.get("properties", {}).items():
        shape, nullable = _shape(raw, defs)
        kind, choices = _kind(shape)
        fields.append(
            FormField(
                name=name,
                kind=kind,
                label=_text(raw.get("x-label"), str(raw.get("title", name))),
                help=_text(raw["x-help"], "") if isinstance(raw.get("x-help"), dict) else None,
                required=name in required,
                nullable=nullable,
                default=raw.get("default"),
                minimum=shape.get("minimum"),
                maximum=shape.get("maximum"),
                choices=choices,
                option_kind=raw.get("x-option"),
                source=raw.get("x-source"),
            )
        )
    return fields


def _last(form: Mapping[str, Sequence[str]], name: str) -> str | None:
    for key in (name, name.replace("_", "-")):
        given = form.get(key)
        if given:
            return given[-1]
    return None


def values_from_form(
    fields: Sequence[FormField], form: Mapping[str, Sequence[str]]
) -> dict[str, Any]:
    """The values a form (or a query string) gives, left as text for pydantic to judge.

    A checkbox sends a hidden "false" then, when ticked, "true": the last value wins. A field
    the form does not mention is left out, so the model's default applies. An empty optional
    field means "none"; an empty required one is passed on and refused by the model.
    """
    values: dict[str, Any] = {}
    for f in fields:
        given = _last(form, f.name)
        if given is None:
            continue
        if given == "" and f.nullable:
            values[f.name] = None
        elif f.kind == "choice":
            values[f.name] = _choice(f, given)
        else:
            values[f.name] = given
    return values


def _choice(f: FormField, given: str) -> Any:
    """Choices may be ints in an enum: give back the choice whose text the browser sent."""
    for choice in f.choices:
        if str(choice) == given:
            return choice
    return given


def form_values(values: Mapping[str, Any]) -> dict[str, str]:
    """Parameter values as a form or a link writes them (the replay link, the inputs)."""
    out = {}
    for name, value in values.items():
        if value is None:
            out[name] = ""
        elif isinstance(value, bool):
            out[name] = "true" if value else "false"
        else:
            out[name] = str(value)
    return out
