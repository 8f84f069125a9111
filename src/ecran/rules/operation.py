"""Operations: the changes of state the rules define (take a wound, rest, spend a point...).

An operation reads a sheet and parameters, may roll dice, and returns a new sheet: sheets are
never changed in place, so the event log can store before and after and an encounter can undo.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from ecran.dice import DiceSource
from ecran.rules.errors import from_validation
from ecran.rules.outcome import Resolution
from ecran.rules.sheet import CharacterSheet
from ecran.rules.text import Source, Text

S = TypeVar("S", bound=CharacterSheet)
P = TypeVar("P", bound=BaseModel)


@dataclass(frozen=True)
class Change(Generic[S]):
    sheet: S
    summary: Text
    resolution: Resolution | None = None


class Operation(ABC, Generic[S, P]):
    name: ClassVar[str]
    title: ClassVar[Text]
    params: ClassVar[type[BaseModel]]
    sources: ClassVar[Sequence[Source]]

    @abstractmethod
    def apply(self, sheet: S, params: P, dice: DiceSource) -> Change[S]:
        """Return the changed sheet; raise EcranError when the rules forbid the change."""

    def run(self, sheet: S, params: P, dice: DiceSource) -> Change[S]:
        """`apply` for a user: a change that would leave a sheet its own model refuses (a value
        past a field's bound) is that one-line EcranError, never a traceback; nothing changes."""
        try:
            return self.apply(sheet, params, dice)
        except ValidationError as exc:
            raise from_validation(exc) from None
