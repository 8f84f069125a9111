"""A sheet's actions (prefilled checks) as printed grids: one per group, one column per number
a player needs at the table ("Compétence", "Difficulté"), one line per action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic.fields import FieldInfo

from ecran.rules import Action, EcranError, FieldMeta, System

#: Printed for a yes/no parameter that is on (a privilege, an option of the roll).
YES = "✓"
#: A group whose actions need more distinct numbers than this prints each action's numbers
#: inline ("Attaque 4 · Parade 6"): a wider grid does not fit half a page.
MAX_COLUMNS = 4


@dataclass(frozen=True)
class PrintedRoll:
    label: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class RollGroup:
    """With `columns`, each roll's `values` fill them; without, each roll has one inline value."""

    title: str
    columns: tuple[str, ...]
    rolls: tuple[PrintedRoll, ...]


def roll_groups(system: System[Any], actions: list[Action], lang: str) -> list[RollGroup]:
    """Actions in their groups, in the order the system gives them."""
    grouped: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for action in actions:
        title = action.group(lang) if action.group is not None else ""
        grouped.setdefault(title, []).append(
            (action.label(lang), shown_params(system, action, lang))
        )
    return [_grid(title, rows) for title, rows in grouped.items()]


def _grid(title: str, rows: list[tuple[str, dict[str, str]]]) -> RollGroup:
    columns: list[str] = []
    for _, shown in rows:
        columns.extend(label for label in shown if label not in columns)
    if len(columns) > MAX_COLUMNS:
        inline = tuple(
            PrintedRoll(label, (" · ".join(f"{k} {v}" for k, v in shown.items()),))
            for label, shown in rows
        )
        return RollGroup(title, (), inline)
    rolls = tuple(
        PrintedRoll(label, tuple(shown.get(column, "") for column in columns))
        for label, shown in rows
    )
    return RollGroup(title, tuple(columns), rolls)


def shown_params(system: System[Any], action: Action, lang: str) -> dict[str, str]:
    """Parameter label -> printed value, for the numbers and switches of the roll. Options and
    choice keys stay out: the action's label already names them."""
    try:
        params = system.check(action.check).params
    except EcranError:
        return {}
    metas = FieldMeta.of_model(params)
    shown: dict[str, str] = {}
    for name, value in action.params.items():
        meta = metas.get(name)
        if meta is None or meta.is_option:
            continue
        printed = _printed(params.model_fields[name], value)
        if printed is not None:
            shown[meta.label(lang)] = printed
    return shown


def _printed(info: FieldInfo, value: Any) -> str | None:
    """An unset modifier (a zero or off value that is also the default) is left blank."""
    if not value and not info.is_required() and value == info.default:
        return None
    if isinstance(value, bool):
        return YES if value else None
    if isinstance(value, int):
        return str(value)
    return None
