"""The common part of every system's character sheet, and how a sheet is shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, Self

from pydantic import ConfigDict, Field, model_validator
from pydantic.json_schema import SkipJsonSchema

from ecran.record import record
from ecran.rules.ongoing import Ongoing
from ecran.rules.sizes import TEXT_MAX, check_numbers, check_sizes
from ecran.rules.text import Text
from ecran.rules.values import Copied
from ecran.toml_cache import load_data

#: Conditions one sheet carries at once.
ONGOING_MAX = 32


class CharacterSheet(Copied):
    """Every sheet names its system, so a JSON file says which rules validate it.

    Systems subclass this with `system: Literal["<id>"]` and their own fields. Every sheet is
    bounded in size (`ecran.rules.sizes`: texts, lists, nesting) before its fields are read.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False, defer_build=True)

    system: str
    name: str = Field(min_length=1, max_length=120)
    kind: Literal["pc", "npc"] = "pc"
    player: str = Field("", max_length=120)
    notes: str = Field("", max_length=TEXT_MAX)
    #: Conditions that act, put on by operations away from a table's tracker (the command
    #: line's file, the encounter simulator): `ecran.rules.ongoing`. Left out of a sheet's
    #: JSON while empty, and of the forms' schema (operations write it, people do not).
    ongoing: SkipJsonSchema[list[Ongoing]] = Field(
        default_factory=list, max_length=ONGOING_MAX, exclude_if=lambda v: not v
    )

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: Any) -> Any:
        check_sizes(cls.__name__, data)
        return data

    @model_validator(mode="after")
    def _numbers_bounded(self) -> Self:
        check_numbers(self)
        return self


#: A random NPC's name, in the language of whoever drew it (a game without a list of names).
NPC_NAME = Text(fr="PNJ {number}", en="NPC {number}")


@cache
def npc_names(package: str) -> tuple[str, ...]:
    """The names a game gives its random NPCs (`data/npc_names.toml` of its package)."""
    return tuple(load_data(package, "npc_names.toml")["names"])


def drawn_name(package: str, seed: int) -> str:
    """A random NPC's name from its game's list, picked by the NPC's seed, no die drawn: the
    same seed draws the same NPC as before, now with a name people say (never `PNJ 2490…`)."""
    names = npc_names(package)
    return names[seed % len(names)]


#: A row's empty note.
NO_NOTE = Text(fr="", en="")


@dataclass(frozen=True, init=False)
class SheetRow:
    """One line of a sheet: its label, its value and a note, each read in the reader's language.

    A value or note given as a plain string is the same in both languages (a number, a name the
    player typed); anything with words or decimals is a `Text`, so one output is in one language.
    """

    label: Text
    value: Text
    note: Text = NO_NOTE

    def __init__(self, label: Text, value: Text | str, note: Text | str = NO_NOTE) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "value", as_text(value))
        object.__setattr__(self, "note", as_text(note))

    @property
    def blank(self) -> bool:
        """No value in either language (a field the player left empty)."""
        return not (self.value.fr or self.value.en)


def as_text(value: Text | str) -> Text:
    """A plain string (a number, a name) reads the same in both languages."""
    return value if isinstance(value, Text) else Text(fr=value, en=value)


def phrase(template: Text, **values: Text | str | int) -> Text:
    """`template` filled in each language with that language's words of each value."""
    words = {k: v if isinstance(v, Text) else as_text(str(v)) for k, v in values.items()}
    return Text(
        fr=template.fr.format(**{k: v.fr for k, v in words.items()}),
        en=template.en.format(**{k: v.en for k, v in words.items()}),
    )


def joined(parts: Sequence[Text | str], separator: Text | str = ", ", empty: str = "—") -> Text:
    """Several labels on one row, each read in the reader's language; `empty` when none."""
    texts, between = [as_text(part) for part in parts], as_text(separator)
    if not texts:
        return as_text(empty)
    return Text(
        fr=between.fr.join(t.fr for t in texts if t.fr),
        en=between.en.join(t.en for t in texts if t.en),
    )


@record
class SheetSection:
    """One block of a sheet as shown to a person (terminal, web page, PDF)."""

    title: Text
    rows: list[SheetRow] = field(default_factory=list)


@record
class Action:
    """A thing a player clicks on the sheet: a check prefilled from the character's values and
    current penalties (wounds, fatigue...)."""

    label: Text
    check: str
    params: dict[str, Any]
    group: Text | None = None
