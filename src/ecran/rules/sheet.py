"""The common part of every system's character sheet, and how a sheet is shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules.text import Text


class CharacterSheet(BaseModel):
    """Every sheet names its system, so a JSON file says which rules validate it.

    Systems subclass this with `system: Literal["<id>"]` and their own fields.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False, defer_build=True)

    system: str
    name: str = Field(min_length=1, max_length=120)
    kind: Literal["pc", "npc"] = "pc"
    player: str = ""
    notes: str = ""


@dataclass(frozen=True)
class SheetRow:
    label: Text
    value: str
    note: str = ""


@dataclass(frozen=True)
class SheetSection:
    """One block of a sheet as shown to a person (terminal, web page, PDF)."""

    title: Text
    rows: list[SheetRow] = field(default_factory=list)


@dataclass(frozen=True)
class Action:
    """A thing a player clicks on the sheet: a check prefilled from the character's values and
    current penalties (wounds, fatigue...)."""

    label: Text
    check: str
    params: dict[str, Any]
    group: Text | None = None
