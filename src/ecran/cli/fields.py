"""How the command line words a parameter or a sheet field: an option's help line, a prompt's
label, the values a choice allows. The words come from `FieldMeta`, the one reader of field
metadata; only the CLI's own layout is decided here."""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal, get_args, get_origin

from pydantic.fields import FieldInfo

from ecran.rules import FieldMeta, Text

#: How a bound reads after the help text: `[≥ 0, ≤ 30]`.
_BOUNDS = {"ge": "≥", "gt": ">", "le": "≤", "lt": "<"}


def declared_label(meta: FieldMeta) -> Text | None:
    """The label the field declares, None for a plain field (the CLI words that one its own way:
    the description, the bare name)."""
    return meta.label if meta.label_declared else None


def option_help(name: str, info: FieldInfo, lang: str) -> str:
    """`[reading] help (source) [≥ 0, ≤ 30] [default: 5]`: what `--help` says of one option."""
    meta = FieldMeta.of(name, info)
    text = meta.help or declared_label(meta)
    line = text(lang) if text is not None else (info.description or "")
    if meta.option:
        line = f"[{meta.option}] {line} ({meta.source or ''})"
    bounds = [f"{_BOUNDS[attr]} {value}" for attr, value in meta.bounds.items()]
    if bounds:
        line += " [" + ", ".join(bounds) + "]"
    if info.is_required():
        line += " [required]"
    elif info.default is not None and info.annotation is not bool:
        line += f" [default: {info.default}]"
    return line


def prompt_label(name: str, info: FieldInfo, lang: str) -> str:
    """`Label (name)` for a declared field, so the player can match it to the JSON file."""
    label = declared_label(FieldMeta.of(name, info))
    return f"{label(lang)} ({name})" if label is not None else info.title or name


def choices_of(annotation: Any) -> list[str]:
    """The allowed values of a Literal or Enum annotation (empty for anything else, an optional
    one included: the CLI asks for those as plain values)."""
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [str(m.value) for m in annotation]
    return []
