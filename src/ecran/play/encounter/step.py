"""A step of an encounter: one event carrying the encounter after it (and, for a step that
rolls the table's dice, the seed it rolled from)."""

from __future__ import annotations

from typing import Any

from ecran.play.dice_key import SeedChoice
from ecran.play.events import EventDraft
from ecran.play.model import Member
from ecran.play.payloads import EncounterChanged, EncounterStep
from ecran.play.tracker import Encounter
from ecran.rules import Text

NAME_MAX = 60


ROUNDS_MAX = 1000


def step_event(
    actor: Member,
    before: Encounter,
    after: Encounter,
    step: EncounterStep,
    summary: Text,
    **extra: Any,
) -> EventDraft:
    after = after.model_copy(update={"version": before.version + 1})
    payload = EncounterChanged(
        encounter_id=after.id, step=step, summary=summary, encounter=after, **extra
    )
    return EventDraft(kind="encounter", actor_id=actor.id, payload=payload.model_dump(mode="json"))


def drawn_seed(drawn: SeedChoice) -> dict[str, Any]:
    """What a step that rolls the table's dice records of its seed (`EncounterChanged.seed`)."""
    return {"seed": drawn.seed, "commitment": drawn.commitment, "gm_seed": drawn.gm_seed}
