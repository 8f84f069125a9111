"""A system operation on a participant's sheet: a character gets a new version, an NPC's sheet
changes inside the encounter."""

from __future__ import annotations

from typing import Any

from ecran.play.characters import run_operation
from ecran.play.dice_key import table_seed
from ecran.play.encounter.access import open_to_act, participant_of, sheet_of
from ecran.play.encounter.conditions import conditions_said, put_on
from ecran.play.encounter.sheet_change import changed_sheet
from ecran.play.encounter.step import drawn_seed, step_event
from ecran.play.events import EventDraft
from ecran.play.model import Member
from ecran.play.state import TableState
from ecran.rules import EcranError, System, Text


def apply_operation(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    participant_id: str,
    operation: str,
    params: dict[str, Any],
    *,
    seed: int | None = None,
    expected_version: int | None = None,
) -> EventDraft:
    """A system operation on a participant's sheet: a character gets a new version, an NPC's
    sheet changes inside the encounter. The GM on anyone; a player on their own character, on
    its turn (`rights.require_turn`). The dice are the table's, as a roll's: `seed` is the one
    asked for (a player's is refused, a GM's kept), else the table's key draws it
    (`play.dice_key.table_seed`); the operation rolls from that seed."""
    enc = open_to_act(state, actor, encounter_id, participant_id, expected_version)
    who = participant_of(enc, participant_id)
    sheet = sheet_of(state, who)
    if sheet is None:
        raise EcranError(Text(fr=f"{who.name} n'a pas de feuille", en=f"{who.name} has no sheet"))
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    changed, record = run_operation(system, sheet, operation, params, drawn.seed)
    after, characters = changed_sheet(state, enc, who, changed)
    after = put_on(after, who.id, record.conditions)
    summary = Text(
        fr=f"{who.name} : {record.summary.fr}{conditions_said(record, 'fr', system.round_word)}",
        en=f"{who.name}: {record.summary.en}{conditions_said(record, 'en', system.round_word)}",
    )
    return step_event(
        actor,
        enc,
        after,
        "operation",
        summary,
        characters=characters,
        operation=record,
        participant_id=participant_id,
        **drawn_seed(drawn),
    )
