"""The encounter file (`ecran encounter simulate FILE.json`, the tracker's participants): its
schema, and reading it into the game, its participants' sheets and their sides."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ecran.engine.registry import get_system
from ecran.rules import CharacterSheet, EcranError, System, Text
from ecran.rules.errors import in_file, whose_sheet
from ecran.rules.option import param
from ecran.rules.refusals import from_validation

MAX_PARTICIPANTS = 16
MAX_ROUNDS = 200


#: One participant of the file: its name, side, sheet and chosen attack (no docstring: it
#: would enter the JSON schema). The labels name a refused value's place (`rules.places`).
class FighterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = param(Text(fr="Nom", en="Name"), min_length=1, max_length=60)
    side: str = param(Text(fr="Camp", en="Side"), min_length=1, max_length=40)
    sheet: dict[str, Any] = param(Text(fr="Fiche", en="Sheet"))
    #: Which of the attacks the tracker offers against each opponent (0: the first).
    attack: int = param(Text(fr="Attaque", en="Attack"), default=0, ge=0, le=500)


class EncounterFile(BaseModel):
    """`ecran encounter simulate FILE.json`: the system, the participants (their sheets as the
    table exports them, each with a side) and the longest fight followed."""

    model_config = ConfigDict(extra="forbid")

    system: str = param(Text(fr="Jeu", en="Game"))
    participants: list[FighterFile] = param(
        Text(fr="Participants", en="Participants"), min_length=2, max_length=MAX_PARTICIPANTS
    )
    max_rounds: int = param(
        Text(fr="Longueur maximale d'un combat", en="Longest fight"),
        default=30,
        ge=1,
        le=MAX_ROUNDS,
    )


def load_encounter(
    data: Any, system: System[Any] | None = None
) -> tuple[EncounterFile, System[Any], list[CharacterSheet]]:
    """An encounter file read: its participants' sheets, its game (`system` where the caller
    holds it: a job of the work budget carries the table's)."""
    try:
        spec = EncounterFile.model_validate(data)
    except ValidationError as exc:
        raise in_file(from_validation(exc, EncounterFile)) from None
    if system is None or system.id != spec.system:
        system = get_system(spec.system)
    model = system.sheet_model()
    sheets = []
    for p in spec.participants:
        try:
            sheets.append(model.model_validate(p.sheet))
        except ValidationError as exc:
            raise whose_sheet(p.name, from_validation(exc, model)) from None
    if len({p.side for p in spec.participants}) < 2:
        raise EcranError(
            Text(fr="il faut au moins deux camps", en="a fight needs at least two sides")
        )
    return spec, system, sheets
