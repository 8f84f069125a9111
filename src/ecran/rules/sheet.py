"""The common part of every system's character sheet, and how a sheet is shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ecran.rules.sizes import TEXT_MAX, check_numbers, check_sizes
from ecran.rules.text import Text


class CharacterSheet(BaseModel):
    """Every sheet names its system, so a JSON file says which rules validate it.

    Systems subclass this with `system: Literal["<id>"]` and their own fields. Every sheet is
    bounded in size (`ecran.rules.sizes`: texts, lists, nesting) before its fields are read.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    system: str
    name: str = Field(min_length=1, max_length=120)
    kind: Literal["pc", "npc"] = "pc"
    player: str = Field("", max_length=120)
    notes: str = Field("", max_length=TEXT_MAX)

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: Any) -> Any:
        check_sizes(cls.__name__, data)
        return data

    @model_validator(mode="after")
    def _numbers_bounded(self) -> Self:
        check_numbers(self)
        return self


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
