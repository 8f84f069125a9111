"""Terminal prompts generated from a pydantic model: the generic guided creation.

Scalars are asked with their current value as default, Literal/Enum fields as a choice, nested
models and dicts of scores field by field, lists of sub-objects by "add another?" loops. Types the
prompts cannot ask for keep their value (the sheet can still be completed with --from FILE.json).
"""

from __future__ import annotations

import types
from enum import Enum
from typing import Any, Union, get_args, get_origin

import click
import typer
from pydantic import BaseModel

from ecran.cli.fields import choices_of, prompt_label


def ask_model(
    model: type[BaseModel],
    data: dict[str, Any],
    lang: str,
    skip: set[str] | frozenset[str] = frozenset(),
) -> dict[str, Any]:
    result = dict(data)
    for name, info in model.model_fields.items():
        if name not in result and not info.is_required():
            result[name] = info.get_default(call_default_factory=True)
        if name not in skip:
            result[name] = ask_value(
                prompt_label(name, info, lang), info.annotation, result.get(name), lang
            )
    return result


def ask_value(label: str, annotation: Any, value: Any, lang: str) -> Any:
    optional = _unwrap_optional(annotation) is not annotation
    annotation = _unwrap_optional(annotation)
    if optional and annotation in (int, float):
        return _ask_optional_number(label, annotation, value, lang)
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ask_model(annotation, value or {}, lang)
    if origin is list:
        (item,) = get_args(annotation) or (Any,)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return _ask_list(label, item, list(value or []), lang)
        return value
    if origin is dict and isinstance(value, dict):
        item = (get_args(annotation) or (Any, Any))[1]
        return {k: ask_value(f"{label} · {k}", item, v, lang) for k, v in value.items()}
    choices = choices_of(annotation)
    if choices:
        default = (
            str(value.value if isinstance(value, Enum) else value) if value is not None else None
        )
        return typer.prompt(label, default=default, type=click.Choice(choices))
    if annotation is bool:
        return typer.confirm(label, default=bool(value))
    if annotation is int:
        return typer.prompt(label, default=value, type=int)
    if annotation is float:
        return typer.prompt(label, default=value, type=float)
    if annotation is str:
        return typer.prompt(label, default=value or "", show_default=bool(value))
    return value


def _ask_optional_number(label: str, kind: type, value: Any, lang: str) -> Any:
    """An empty answer keeps the field empty (None)."""
    hint = "vide = aucun" if lang == "fr" else "empty = none"
    while True:
        answer = typer.prompt(f"{label} ({hint})", default="" if value is None else str(value))
        if not answer.strip():
            return None
        try:
            return kind(answer)
        except ValueError:
            click.echo("nombre attendu" if lang == "fr" else "a number is expected", err=True)


def _ask_list(label: str, item: type[BaseModel], items: list[Any], lang: str) -> list[Any]:
    fr = lang == "fr"
    kept = []
    for index, entry in enumerate(items, 1):
        keep = typer.confirm(
            f"{label} #{index} : {_short(entry)} — {'garder' if fr else 'keep'}?", default=True
        )
        if keep:
            kept.append(ask_model(item, entry, lang))
    while typer.confirm(f"{label} : {'en ajouter un' if fr else 'add one'}?", default=False):
        kept.append(ask_model(item, {}, lang))
    return kept


def _short(entry: Any) -> str:
    if isinstance(entry, dict):
        return ", ".join(f"{k}={v}" for k, v in list(entry.items())[:3])
    return str(entry)


def _unwrap_optional(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation
