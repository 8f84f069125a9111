"""Reading an encounter for whoever acts on it: the GM runs it, a player acts for their own
character on its turn (`rights.require_turn`); a step started from an older version is refused."""

from __future__ import annotations

from typing import Any

from ecran.play import tracker
from ecran.play.encounter.seen import unseen_in
from ecran.play.errors import Conflict, forbidden, not_found
from ecran.play.model import Member
from ecran.play.rights import plays, require_gm, require_turn
from ecran.play.state import TableState
from ecran.play.tracker import Encounter, Participant
from ecran.rules import EcranError, Text
from ecran.rules.wording import de


def run_by_gm(
    state: TableState, actor: Member, encounter_id: str, expected_version: int | None
) -> Encounter:
    require_gm(actor, Text(fr="mener la rencontre", en="run the encounter"))
    return read_at(state, encounter_id, expected_version)


def read_at(
    state: TableState,
    encounter_id: str,
    expected_version: int | None,
    viewer: Member | None = None,
) -> Encounter:
    """The encounter, unless the caller started from an older version of it (refused with
    the encounter as it stands, as `viewer` may see it: a player's without the GM's secrets)."""
    enc = state.encounter(encounter_id).encounter
    if expected_version is not None and expected_version != enc.version:
        seen = enc
        if viewer is not None and not viewer.is_gm:
            seen = tracker.for_players(enc, unseen_in(state).of(encounter_id))
        raise Conflict(
            Text(
                fr=f"la rencontre a changé entre-temps (version {enc.version}, "
                f"vous partiez de la {expected_version})",
                en=f"the encounter changed meanwhile (version {enc.version}, "
                f"you started from {expected_version})",
            ),
            current_version=enc.version,
            attempted_version=expected_version,
            current=seen.model_dump(mode="json"),
            attempted={},
        )
    return enc


def running(
    state: TableState, actor: Member, encounter_id: str, expected_version: int | None
) -> Encounter:
    enc = run_by_gm(state, actor, encounter_id, expected_version)
    return not_over(enc)


def not_over(enc: Encounter) -> Encounter:
    if enc.ended:
        raise EcranError(Text(fr="la rencontre est terminée", en="the encounter is over"))
    return enc


def open_to_act(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str | None,
    expected_version: int | None,
) -> Encounter:
    """The encounter, when `actor` may act for `participant_id` (None: the active one): the GM
    for anyone, a player for their own character on its turn."""
    enc = read_at(state, encounter_id, expected_version, actor)
    if actor.is_gm:
        return not_over(enc)
    pid = participant_id if participant_id is not None else enc.current
    if pid is None or (participant_id is None and enc.participants[pid].character_id is None):
        # before the start, or on an NPC's turn: the GM runs the encounter
        raise forbidden("réservé au MJ : mener la rencontre", "only the GM may run the encounter")
    who = participant_of(enc, pid)
    if participant_id is None and not plays(actor, who, owner_of(state, who)):
        raise forbidden(
            f"ce n'est pas votre tour (au tour {de(who.name)})",
            f"it is not your turn ({who.name}'s turn)",
        )
    require_turn(actor, enc, who, owner_of(state, who))
    return enc


def owner_of(state: TableState, participant: Participant) -> str | None:
    """The member who plays `participant` (None: an NPC of the encounter, or a character the
    viewer's state does not hold)."""
    if participant.character_id is None:
        return None
    character = state.characters.get(participant.character_id)
    return None if character is None else character.owner_id


def participant_of(enc: Encounter, pid: str) -> Participant:
    if pid not in enc.participants:
        raise not_found(Text(fr="participant", en="participant"), pid)
    return enc.participants[pid]


def sheet_of(state: TableState, participant: Participant) -> dict[str, Any] | None:
    if participant.character_id is not None:
        return state.character(participant.character_id).sheet
    return participant.sheet
