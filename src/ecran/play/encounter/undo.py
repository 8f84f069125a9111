"""Undoing an encounter's last step, as a step of its own."""

from __future__ import annotations

from ecran.play.encounter.access import run_by_gm
from ecran.play.encounter.step import step_event
from ecran.play.errors import Conflict
from ecran.play.events import EventDraft
from ecran.play.model import Member, StoredCharacter
from ecran.play.state import TableState
from ecran.rules import EcranError, Text


def undo(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    """Undo the last step not yet undone. Characters it changed go back to their sheet before it,
    as a new version, unless someone saved them since (then: Conflict, nothing changes)."""
    enc = run_by_gm(state, actor, encounter_id, expected_version)
    stack = state.encounter(encounter_id).undo
    if not stack:
        raise EcranError(Text(fr="rien à annuler", en="nothing to undo"))
    last = stack[-1]
    restored: list[StoredCharacter] = []
    for before in last.characters:
        current = state.characters[before.id]
        if current.version != last.after_versions[before.id]:
            raise Conflict(
                Text(
                    fr=f"« {current.name} » a changé depuis : annulation impossible",
                    en=f"'{current.name}' changed since: cannot undo",
                ),
                current_version=current.version,
                attempted_version=last.after_versions[before.id],
                current=current.sheet,
                attempted=before.sheet,
            )
        restored.append(before.model_copy(update={"version": current.version + 1}))
    summary = Text(fr=f"Annulé : {last.summary.fr}", en=f"Undone: {last.summary.en}")
    return step_event(
        actor, enc, last.encounter, "undo", summary, characters=restored, undoes=last.seq
    )
