"""A participant's sheet changed by a step of the encounter: a new version of a stored
character, or the NPC's sheet inside the encounter; and the game's own conditions lifted on it
when the tracker's conditions that lift them end (`System.all_lifted`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecran.engine import get_system
from ecran.play import tracker
from ecran.play.characters import parse_sheet
from ecran.play.encounter.access import sheet_of
from ecran.play.model import StoredCharacter
from ecran.play.state import TableState
from ecran.play.tracker import Condition, Encounter, Participant


def changed_sheet(
    state: TableState, enc: Encounter, who: Participant, changed: dict[str, Any]
) -> tuple[Encounter, list[StoredCharacter]]:
    """A participant's new sheet: a new version of a character, or the NPC's in the encounter."""
    if who.character_id is not None:
        current = state.character(who.character_id)
        return enc, [current.model_copy(update={"sheet": changed, "version": current.version + 1})]
    return tracker.with_participant(enc, who.model_copy(update={"sheet": changed})), []


def lifted(
    state: TableState, enc: Encounter, pid: str, ended: Sequence[Condition]
) -> tuple[Encounter, list[StoredCharacter]]:
    """The bearer's sheet without the game's own conditions its `ended` ones lift
    (`System.all_lifted`, as the sheet file's `System.turn_end`), whether they ran out with
    its turn or the GM removed them by hand: Organique's knock-out ends « pour un nombre de
    tour égal à la marge de réussite de l'attaquant » (L3203-3208), and with it the sheet's
    unconsciousness, in the same step (one undo)."""
    who = enc.participants[pid]
    sheet = sheet_of(state, who)
    if sheet is None or all(c.lifts is None for c in ended):
        return enc, []
    system = get_system(state.table.system_id)
    changed = system.all_lifted(parse_sheet(system, sheet), ended).model_dump(mode="json")
    if changed == sheet:
        return enc, []
    return changed_sheet(state, enc, who, changed)
