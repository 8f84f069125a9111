"""Conditions on participants: put on and removed by the GM, or put on by an operation."""

from __future__ import annotations

from ecran.engine import get_system
from ecran.play import tracker
from ecran.play.encounter.access import participant_of, running
from ecran.play.encounter.sheet_change import lifted
from ecran.play.encounter.step import NAME_MAX, ROUNDS_MAX, step_event
from ecran.play.errors import not_found
from ecran.play.events import EventDraft
from ecran.play.model import Member
from ecran.play.payloads import ConditionPut, OperationRoll
from ecran.play.state import TableState
from ecran.play.table import clean_name
from ecran.play.tracker import Condition, Encounter, Participant
from ecran.rules import EcranError, Text
from ecran.rules.ongoing import action_taken
from ecran.rules.ongoing import shifted as shifted
from ecran.rules.system import rounds_said
from ecran.rules.wording import de

#: A round, where the game's own word is not at hand.
ROUND = Text(fr="round", en="round")


def add_condition(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    name: str,
    rounds: int | None = None,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    """Put a condition on a participant, for `rounds` of its turns (None: until removed)."""
    enc = running(state, actor, encounter_id, expected_version)
    who = participant_of(enc, participant_id)
    clean = clean_name(name, NAME_MAX, Text(fr="nom de l'état", en="condition name"))
    word = get_system(state.table.system_id).round_word
    if rounds is not None and not 1 <= rounds <= ROUNDS_MAX:
        raise EcranError(
            Text(
                fr=f"durée : entre 1 et {rounds_said(word, ROUNDS_MAX, 'fr')}",
                en=f"duration: between 1 and {rounds_said(word, ROUNDS_MAX, 'en')}",
            )
        )
    after = tracker.put_condition(enc, participant_id, clean, rounds)
    span = Text(fr="", en="")
    if rounds is not None:
        span = Text(
            fr=f" ({rounds_said(word, rounds, 'fr')})", en=f" ({rounds_said(word, rounds, 'en')})"
        )
    summary = Text(fr=f"{who.name} : {clean}{span.fr}", en=f"{who.name}: {clean}{span.en}")
    return step_event(actor, enc, after, "condition", summary, participant_id=participant_id)


def remove_condition(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    name: str,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    """The GM removes a condition by hand: what its end lifts is lifted as when it runs out
    (`sheet_change.lifted`): Organique's knock-out removed wakes its bearer (L3203-3208), the
    sheet's unconsciousness gone in the same step (one undo)."""
    enc = running(state, actor, encounter_id, expected_version)
    who = participant_of(enc, participant_id)
    removed = [c for c in who.conditions if c.name == name]
    if not removed:
        raise not_found(Text(fr="état", en="condition"), name)
    after = tracker.drop_condition(enc, participant_id, name)
    after, characters = lifted(state, after, participant_id, removed)
    summary = Text(fr=f"{who.name} : fin {de(name)}", en=f"{who.name}: {name} ends")
    return step_event(
        actor,
        enc,
        after,
        "condition",
        summary,
        participant_id=participant_id,
        characters=characters,
    )


def put_on(enc: Encounter, pid: str, conditions: list[ConditionPut]) -> Encounter:
    """The conditions an operation put on its bearer, as tracker conditions (keyed by their
    French label, shown in each member's language). A duration below one round puts nothing on;
    one beyond the tracker's bound lasts that bound; one that `replaces` another removes it."""
    for put in conditions:
        if put.rounds is not None and put.rounds < 1:
            continue
        if put.replaces is not None:
            enc = tracker.drop_condition(enc, pid, put.replaces[:NAME_MAX])
        rounds = None if put.rounds is None else min(put.rounds, ROUNDS_MAX)
        name = put.label.fr[:NAME_MAX]
        turns = {"acts": put.acts, "reacts": put.reacts, "lifts": put.lifts}
        enc = tracker.put_condition(
            enc, pid, name, rounds, put.label, put.effect, put.facing, **turns
        )
    return enc


def action_lost(who: Participant) -> Text | None:
    """Why `who` cannot attack now: a condition that took its action (Organique's stun,
    L3231-3236) until it ends with the bearer's turn (`rules.ongoing.action_taken`)."""
    return action_taken(who.name, who.conditions)


def conditions_said(record: OperationRoll, lang: str, word: Text = ROUND) -> str:
    """` [Stunned (1 round)]`: what the operation put on, for the step's summary, its
    duration in the game's `word` for a round (`System.round_word`)."""
    said = []
    for put in record.conditions:
        if put.rounds is None:
            said.append(put.label(lang))
        elif put.rounds >= 1:
            said.append(f"{put.label(lang)} ({rounds_said(word, put.rounds, lang)})")
    return f" [{', '.join(said)}]" if said else ""


def bearer_conditions(state: TableState, character_id: str) -> list[Condition]:
    """The conditions on a stored character in the table's encounters not ended yet."""
    found: list[Condition] = []
    for es in state.encounters.values():
        enc = es.encounter
        if enc.ended:
            continue
        for p in enc.participants.values():
            if p.character_id == character_id:
                found.extend(p.conditions)
    return found
