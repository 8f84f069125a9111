"""The encounter file (`ecran encounter simulate FILE.json`, the tracker's participants): its
schema, and reading it into the game, its participants' sheets and their sides."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ecran.engine.registry import get_system
from ecran.rules import CharacterSheet, EcranError, System, Text
from ecran.rules.errors import from_validation

MAX_PARTICIPANTS = 16
MAX_ROUNDS = 200


#: One participant of the file: its name, side, sheet and chosen attack (no docstring: it
#: would enter the JSON schema).
class FighterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    side: str = Field(min_length=1, max_length=40)
    sheet: dict[str, Any]
    #: Which of the attacks the tracker offers against each opponent (0: the first).
    attack: int = Field(default=0, ge=0, le=500)


class EncounterFile(BaseModel):
    """`ecran encounter simulate FILE.json`: the system, the participants (their sheets as the
    table exports them, each with a side) and the longest fight followed."""

    model_config = ConfigDict(extra="forbid")

    system: str
    participants: list[FighterFile] = Field(min_length=2, max_length=MAX_PARTICIPANTS)
    max_rounds: int = Field(default=30, ge=1, le=MAX_ROUNDS)


def load_encounter(
    data: Any, system: System[Any] | None = None
) -> tuple[EncounterFile, System[Any], list[CharacterSheet]]:
    """An encounter file read: its participants' sheets, its game (`system` where the caller
    holds it: a job of the work budget carries the table's)."""
    try:
        spec = EncounterFile.model_validate(data)
    except ValidationError as exc:
        raise from_validation(exc) from None
    if system is None or system.id != spec.system:
        system = get_system(spec.system)
    model = system.sheet_model()
    sheets = []
    for p in spec.participants:
        try:
            sheets.append(model.model_validate(p.sheet))
        except ValidationError as exc:
            raise from_validation(exc, model) from None
    if len({p.side for p in spec.participants}) < 2:
        raise EcranError(
            Text(fr="il faut au moins deux camps", en="a fight needs at least two sides")
        )
    return spec, system, sheets
