"""What each member may see. Everything sent to a client (page, API answer, WebSocket frame)
must pass through `view_for` (events) or `view_state` (state): a hidden roll or a secret NPC
sheet never leaves the server for a member who may not see it.

- public: everyone.
- gm: the GMs and the roller.
- blind: the GMs; the roller sees that they rolled and what, never the result (a GM rolling
  blind still sees it: the GM is behind the screen anyway).
- self: the roller only (not even the GM).
- whisper: a chat message's; the GMs, its author and its addressees (`payload["to"]`).

Others get a stub in the event's place (`kind="hidden"`), so the sequence has no gap and a
reconnecting client knows it missed nothing. A secret roll's stub (`gm`, `blind`) says who rolled
and when, never what (`payload={"secret": "roll"}`: "le MJ a lancé un jet secret"); every other
stub says nothing, and a whisper's says no more than a secret NPC's save (`visibility="gm"`).

Secret NPCs: players read an encounter step without the NPC's sheet, dice or numbers, and its
log line as `ecran.play.encounter.players_summary` words it (the outcome of an attack on it, hit
or miss, never its tracks).

Unseen participants (`encounter.seen`: an NPC the GM hides on the tracker, `Participant.hidden`,
or one whose tokens the GM keeps hidden on the board, `board.visibility.hidden_participants`):
players get the encounter without them at all (not in
the list, the order, the initiatives; no one acts while one of them does), and a step's line as
`ecran.play.encounter.unseen` words it (it never names them). The state uses the board as it is
now; a step, those unseen when it was made (`EncounterChanged.unseen`, which `sealed` records
as the step is written) and those unseen now (the store's reads pass them): the log never names
an NPC hidden now (its steps before it was hidden included), and once it is revealed, its steps
made while it was hidden read as they were seen live.
"""

from __future__ import annotations

from typing import Any

from ecran.engine.records import RollRecord
from ecran.play.board.model import Board
from ecran.play.board.visibility import Unseen, hidden_participants
from ecran.play.dice_key import public_payload
from ecran.play.encounter import SECRET_EFFECT, players_summary
from ecran.play.encounter.seen import hidden_npcs, unseen_in
from ecran.play.encounter.unseen import turn_bearer, unseen_summary
from ecran.play.events import Event, EventDraft, EventView
from ecran.play.model import Member, Visibility
from ecran.play.payloads import AttackRoll, EncounterChanged, OperationRoll, RollMade
from ecran.play.state import TableState
from ecran.play.tracker import Encounter, EncounterState, for_players, npcs_among


def sees(event: Event, viewer: Member) -> bool:
    """May `viewer` see the whole of `event` (results included)?"""
    if event.visibility == "public":
        return True
    if event.visibility == "gm":
        return viewer.is_gm or viewer.id == event.actor_id
    if event.visibility == "blind":
        return viewer.is_gm
    if event.visibility == "whisper":
        return viewer.is_gm or viewer.id == event.actor_id or viewer.id in _addressees(event)
    return viewer.id == event.actor_id


def _addressees(event: Event) -> list[str]:
    to = event.payload.get("to", [])
    return [str(m) for m in to] if isinstance(to, list) else []


#: The stubs that tell who and when (a secret roll at the table), not what.
SECRET_ROLL = {"secret": "roll"}


def view_for(event: Event, viewer: Member, unseen: Unseen = Unseen()) -> EventView:
    """`event` as `viewer` may see it; `unseen`: the participants players do not see now
    (`unseen_in`), left out of an encounter step with those it names as unseen then."""
    if event.kind == "board" and not viewer.is_gm:
        # what a player sees of the board depends on the board (fog, hidden tokens): the store
        # and the hub give them `play.board.log.event_view`; without the board, a stub
        return _view(event, "hidden", None, {}, True)
    if sees(event, viewer):
        payload = event.payload
        redacted = False
        if event.kind == "encounter" and not viewer.is_gm:
            payload, redacted = _player_encounter(event.payload, unseen), True
        return _view(event, event.kind, event.actor_id, payload, redacted)
    if event.visibility == "blind" and event.kind == "roll" and viewer.id == event.actor_id:
        return _view(event, "roll", event.actor_id, _blind(event.payload), True)
    if event.kind == "roll" and event.visibility in ("gm", "blind"):
        return _view(event, "hidden", event.actor_id, dict(SECRET_ROLL), True)
    if event.visibility == "whisper":
        return _view(event, "hidden", None, {}, True, visibility="gm")
    return _view(event, "hidden", None, {}, True)


def _view(
    event: Event,
    kind: Any,
    actor_id: str | None,
    payload: dict[str, Any],
    redacted: bool,
    *,
    visibility: Visibility | None = None,
) -> EventView:
    if kind in ("table_created", "dice_key"):
        payload = public_payload(payload)  # a dice key's secret is no one's before its reveal
    return EventView(
        table_id=event.table_id,
        seq=event.seq,
        at=event.at,
        kind=kind,
        actor_id=actor_id,
        visibility=visibility or event.visibility,
        payload=payload,
        redacted=redacted,
    )


def _blind(payload: dict[str, Any]) -> dict[str, Any]:
    """The roller of a blind roll keeps what they asked for, not the dice, seed or result."""
    made = RollMade.model_validate(payload)
    asked = {"system": made.record.system, "check": made.record.check, "params": made.record.params}
    return {"label": made.label, "character_id": made.character_id, "asked": asked}


def player_encounter(enc: Encounter, unseen: frozenset[str] = frozenset()) -> Encounter:
    """Secret participants keep their name, place and conditions; their sheet and dice go.
    Unseen ones go altogether: from the list, the order, and as the one acting (no one then)."""
    return for_players(enc, unseen)


def sealed(state: TableState, draft: EventDraft) -> EventDraft:
    """An encounter step as it is written: with the participants players did not see then
    (`EncounterChanged.unseen`), so every view of it, live or read back, leaves them out."""
    if draft.kind != "encounter":
        return draft
    change = EncounterChanged.model_validate(draft.payload)
    ids = set(change.encounter.participants)
    # the board as it was; the tracker's flags as the step leaves them (a step that shows an
    # NPC names it, one that hides it does not)
    hidden = hidden_participants(state.board).of(change.encounter_id)
    hidden |= hidden_npcs(change.encounter)
    before = state.encounters.get(change.encounter_id)
    if before is not None:  # a step that removed one still speaks of it, as it was
        gone = before.encounter.participants.keys() - ids
        hidden |= hidden_npcs(before.encounter) & gone
        ids |= gone
    unseen = sorted(npcs_among(change.encounter, hidden) & ids)
    if not unseen:
        return draft
    payload = change.model_copy(update={"unseen": unseen}).model_dump(mode="json")
    return draft.model_copy(update={"payload": payload})


def _player_encounter(payload: dict[str, Any], now: Unseen) -> dict[str, Any]:
    change = EncounterChanged.model_validate(payload)
    unseen = npcs_among(change.encounter, frozenset(change.unseen) | now.of(change.encounter_id))
    shown = player_encounter(change.encounter, unseen)
    secret = {pid for pid, p in change.encounter.participants.items() if p.secret} | unseen
    summary = unseen_summary(change, unseen, frozenset(secret)) if unseen else None
    update: dict[str, Any] = {
        "summary": summary or players_summary(change),
        "encounter": shown,
        "characters": [c for c in change.characters if not c.secret],
        "initiative": [r for r in change.initiative if r.participant_id not in secret],
        "unseen": [],
    }
    if change.participant_id in unseen:
        update.update(participant_id=None, operation=None, npc=None)
    elif change.participant_id in secret and change.operation is not None:
        update["operation"] = _what_only(change.operation)
    if change.step == "next_turn" and turn_bearer(change.encounter) in unseen:
        update["expired"] = []  # the conditions that ended were an unseen one's
    if any(t.participant_id in secret for t in change.round_tests):
        update["round_tests"] = [
            # the title too: « Hémorragie : test de VOL ou coma » names the secret NPC's state
            t.model_copy(update={"operation": _what_only(t.operation), "title": SECRET_EFFECT})
            if t.participant_id in secret
            else t
            for t in change.round_tests
            if t.participant_id not in unseen
        ]
    if change.participant_id in secret and change.npc is not None:
        update["npc"] = None  # it regenerates the secret NPC's sheet
    attack = change.attack
    if attack is not None and {attack.attacker_id, attack.target_id} & unseen:
        update["attack"] = None  # its ids name the unseen side: the line says what it did
    elif attack is not None and {attack.attacker_id, attack.target_id} & secret:
        update["attack"] = _secret_attack(attack, secret)
    if _secret_dice(change, secret):
        update["seed"] = None  # the step's seed replays every die of it, the secret ones too
    return change.model_copy(update=update).model_dump(mode="json")


def _secret_attack(attack: AttackRoll, secret: set[str]) -> AttackRoll:
    """An attack with a secret side: the record's parameters and the attack's label name the
    secret side's numbers, gear."""
    hidden: dict[str, Any] = {"record": _outcome_only(attack), "label": None}
    if attack.counter is not None:
        hidden["counter"] = _what_only(attack.counter, attack.attacker_id in secret)
    hidden["consequences"] = [
        c.model_copy(update={"roll": _what_only(c.roll, c.participant_id in secret)})
        for c in attack.consequences
    ]
    return attack.model_copy(update=hidden)


def _secret_dice(change: EncounterChanged, secret: set[str]) -> bool:
    """Whether the step rolled dice for a secret participant (its seed then stays the GM's)."""
    if (change.operation is not None or change.npc is not None) and change.participant_id in secret:
        return True
    if change.attack is not None and {change.attack.attacker_id, change.attack.target_id} & secret:
        return True
    if any(t.participant_id in secret for t in change.round_tests):
        return True
    return any(r.participant_id in secret for r in change.initiative)


def _what_only(roll: OperationRoll, on_secret: bool = True) -> OperationRoll:
    """An operation of a step involving a secret participant: players read the conditions it
    put on (they see them on the tracker anyway), not its dice or parameters; and on the secret
    side not what it did either (its summary reads the secret tracks: « // (0 grave,
    2 légères) »)."""
    hidden: dict[str, Any] = {"params": {}, "dice": [], "seed": 0, "resolution": None}
    if on_secret:
        hidden["summary"] = SECRET_EFFECT
    return roll.model_copy(update=hidden)


def _outcome_only(attack: AttackRoll) -> RollRecord:
    """An attack involving a secret participant: players learn whether it hit, not the dice,
    the seed or the parameters (they hold the secret sheet's values)."""
    shown = attack.record
    return shown.model_copy(
        update={"params": {}, "dice": [], "seed": 0, "total": None, "details": {}}
    )


def view_state(state: TableState, viewer: Member) -> TableState:
    """The table as `viewer` may see it: no secret character, no secret sheet, no unseen
    participant, and for players no undo history (its snapshots hold what they may not see)."""
    if viewer.is_gm:
        return state
    characters = {k: c for k, c in state.characters.items() if not c.secret}
    unseen = unseen_in(state)
    encounters = {
        k: EncounterState(encounter=player_encounter(e.encounter, unseen.of(k)))
        for k, e in state.encounters.items()
    }
    return state.model_copy(
        update={"characters": characters, "encounters": encounters, "board": Board()}
    )
