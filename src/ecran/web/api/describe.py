"""What the registry holds, as JSON: systems, their checks, parameters, outcomes and options.

Everything here is read off the System contract; nothing is specific to a game.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ecran.rules import Check, FieldMeta, Option, Source, System, Text
from ecran.rules.option import KIND_LABELS


class SourceInfo(BaseModel):
    """Where a rule comes from: `text` is the seed file and its lines (for tools), `label` the
    book's title and its lines, in each language (what a person reads)."""

    seed: str
    lines: tuple[int, int]
    note: str
    text: str
    label: Text


class OutcomeInfo(BaseModel):
    name: str
    label: Text
    help: Text | None


class OptionInfo(BaseModel):
    """An optional rule, a reading of an ambiguity, a house rule or a GM input."""

    name: str
    kind: str
    kind_label: Text
    label: Text
    help: Text | None
    source: str
    default: Any


class CheckSummary(BaseModel):
    name: str
    title: Text
    description: Text


class CheckInfo(CheckSummary):
    system: str
    params_schema: dict[str, Any]
    outcomes: list[OutcomeInfo]
    options: list[OptionInfo]
    sources: list[SourceInfo]
    example: dict[str, Any]


class OperationSummary(BaseModel):
    name: str
    title: Text


class SystemSummary(BaseModel):
    id: str
    name: Text
    seed: str
    checks: list[CheckSummary]


class SystemInfo(BaseModel):
    """A system in full: every check with its parameters' schema, outcomes and options."""

    id: str
    name: Text
    seed: str
    checks: list[CheckInfo]
    options: list[OptionInfo]
    operations: list[OperationSummary]
    has_character: bool


def source_info(source: Source) -> SourceInfo:
    return SourceInfo(
        seed=source.seed, lines=source.lines, note=source.note, text=str(source), label=source.label
    )


def param_options(check: Check[Any]) -> list[OptionInfo]:
    """The parameters declared through `Option.field()` (their metadata names an option kind)."""
    found = []
    for name, prop in check.params.model_json_schema().get("properties", {}).items():
        meta = FieldMeta.of(name, prop)
        if meta.option is None:
            continue
        found.append(
            OptionInfo(
                name=name,
                kind=meta.option,
                kind_label=KIND_LABELS.get(meta.option, Text(fr=meta.option, en=meta.option)),
                label=meta.label,
                help=meta.help,
                source=meta.source or "",
                default=prop.get("default"),
            )
        )
    return found


def system_option(option: Option) -> OptionInfo:
    return OptionInfo(
        name=option.name,
        kind=option.kind,
        kind_label=KIND_LABELS[option.kind],
        label=option.label,
        help=option.help,
        source=str(option.source),
        default=option.default,
    )


def check_summary(check: Check[Any]) -> CheckSummary:
    return CheckSummary(name=check.name, title=check.title, description=check.description)


def check_info(system: System[Any], check: Check[Any]) -> CheckInfo:
    return CheckInfo(
        system=system.id,
        name=check.name,
        title=check.title,
        description=check.description,
        params_schema=check.params.model_json_schema(),
        outcomes=[OutcomeInfo(name=o.name, label=o.label, help=o.help) for o in check.outcomes],
        options=param_options(check),
        sources=[source_info(s) for s in check.sources],
        example=dict(check.example),
    )


def system_summary(system: System[Any]) -> SystemSummary:
    return SystemSummary(
        id=system.id,
        name=system.name,
        seed=system.seed,
        checks=[check_summary(c) for c in system.checks],
    )


def system_info(system: System[Any]) -> SystemInfo:
    return SystemInfo(
        id=system.id,
        name=system.name,
        seed=system.seed,
        checks=[check_info(system, c) for c in system.checks],
        options=[system_option(o) for o in system.options],
        operations=[OperationSummary(name=op.name, title=op.title) for op in system.operations],
        has_character=system.character is not None,
    )
