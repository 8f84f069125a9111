"""The encounter tracker's data and its pure moves: participants, initiative order, turns and
rounds, conditions with durations.

Durations are our tracker's convention (the seeds give conditions but no common clock): a
condition of N rounds ends at the end of its bearer's N-th turn; if it was put on during the
bearer's own turn, that turn's end does not count. So "1 round" always covers one whole turn of
the bearer, whoever applied it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ecran.play.model import SHIFTS_MAX, Count, Record, Shift, Signed, StoredCharacter
from ecran.rules import Text, ongoing


class Condition(Record):
    #: The key the GM removes it by: what the GM typed, or a rule's label in French.
    name: str
    #: The rule's own words, when an operation put it on (`Change.conditions`): each member
    #: reads it in their language. None for a condition the GM typed (and in older events).
    label: Text | None = None
    #: Turns of the bearer it still lasts; None: until removed.
    rounds: Count | None = None
    #: Put on during the bearer's own turn: that turn's end does not count.
    fresh: bool = False
    #: What it does to the bearer's rolls, and to the rolls of those facing it: a check's
    #: parameter -> shift (an operation's `PutCondition`; none for a condition the GM typed).
    effect: dict[str, Shift] = Field(default_factory=dict, max_length=SHIFTS_MAX)
    facing: dict[str, Shift] = Field(default_factory=dict, max_length=SHIFTS_MAX)
    #: A lost action or reaction, and the sheet condition it lifts when it ends
    #: (`rules.ongoing.Ongoing`): the fight simulated from the tracker follows them.
    acts: bool = True
    reacts: bool = True
    lifts: str | None = Field(default=None, max_length=60)


class Participant(Record):
    id: str
    name: str
    #: A stored character of the table, or None for an NPC that lives in the encounter.
    character_id: str | None = None
    #: The NPC's sheet (a character's sheet stays in the character).
    sheet: dict[str, Any] | None = None
    #: The NPC's sheet and dice details are shown to the GM only.
    secret: bool = False
    #: The GM keeps this NPC off the players' tracker altogether (not in the list, the order or
    #: a step's line) until showing it (`encounter.set_hidden`), whatever its tokens on the
    #: board; an NPC whose tokens are all hidden is kept off too (`encounter.seen`).
    hidden: bool = False
    initiative: Signed | None = None
    initiative_roll: dict[str, Any] | None = None
    conditions: tuple[Condition, ...] = ()


class Encounter(Record):
    id: str
    name: str
    #: Grows by one at every step, undo included.
    version: Count = 0
    #: 0 until started.
    round: Count = 0
    current: str | None = None
    ended: bool = False
    next_number: Count = 1
    participants: dict[str, Participant] = {}
    #: Acting order: initiative descending, then the system's `tie_break` (see
    #: `System.initiative`); remaining ties keep their previous (or GM-set) order.
    order: tuple[str, ...] = ()

    @property
    def started(self) -> bool:
        return self.round > 0


class UndoEntry(Record):
    """What one step replaced: the encounter and the characters as they were before it, and the
    versions the step left the characters at (an undo is refused if they moved on since)."""

    seq: Count
    summary: Text
    encounter: Encounter
    characters: tuple[StoredCharacter, ...] = ()
    after_versions: dict[str, Count] = {}


class EncounterState(Record):
    encounter: Encounter
    undo: tuple[UndoEntry, ...] = ()


def sort_order(enc: Encounter) -> Encounter:
    kept = [pid for pid in enc.order if pid in enc.participants]
    kept += [pid for pid in enc.participants if pid not in kept]

    def key(pid: str) -> tuple[int, int, tuple[float, ...]]:
        who = enc.participants[pid]
        if who.initiative is None:
            return (1, 0, ())
        rolled = (who.initiative_roll or {}).get("details", {})
        tie_break = tuple(-float(x) for x in rolled.get("tie_break", ()))
        return (0, -who.initiative, tie_break)

    return enc.model_copy(update={"order": tuple(sorted(kept, key=key))})


def with_participant(enc: Encounter, participant: Participant) -> Encounter:
    participants = {**enc.participants, participant.id: participant}
    return sort_order(enc.model_copy(update={"participants": participants}))


def add(enc: Encounter, participant: Participant) -> Encounter:
    numbered = participant.model_copy(update={"id": f"p{enc.next_number}"})
    enc = enc.model_copy(update={"next_number": enc.next_number + 1})
    return with_participant(enc, numbered)


def remove(enc: Encounter, pid: str) -> Encounter:
    current = enc.current
    if current == pid:
        current = _after(enc, pid)[0] if len(enc.order) > 1 else None
    participants = {k: v for k, v in enc.participants.items() if k != pid}
    order = tuple(k for k in enc.order if k != pid)
    return enc.model_copy(update={"participants": participants, "order": order, "current": current})


def without(enc: Encounter, gone: frozenset[str]) -> Encounter:
    """The encounter without the participants `gone` (none of them acting: no one then)."""
    if not gone & enc.participants.keys():
        return enc
    participants = {k: v for k, v in enc.participants.items() if k not in gone}
    order = tuple(k for k in enc.order if k not in gone)
    current = None if enc.current in gone else enc.current
    return enc.model_copy(update={"participants": participants, "order": order, "current": current})


def npcs_among(enc: Encounter, hidden: frozenset[str]) -> frozenset[str]:
    """The ids of `hidden` that are not `enc`'s characters: a token names its participant by
    id only, and another encounter's hidden NPC may share an id with a character here, who
    stays seen (its player's own, or one the table knows anyway)."""
    characters = {pid for pid, p in enc.participants.items() if p.character_id is not None}
    return hidden - characters


def for_players(enc: Encounter, unseen: frozenset[str] = frozenset()) -> Encounter:
    """The encounter as players see it (`play.visibility`'s rule): secret participants keep
    their name, place and conditions, their sheet and dice go; the NPCs `unseen` go
    altogether."""
    seen = without(enc, npcs_among(enc, unseen))
    hidden = {
        pid: p.model_copy(update={"sheet": None, "initiative_roll": None})
        for pid, p in seen.participants.items()
        if p.secret
    }
    return seen.model_copy(update={"participants": {**seen.participants, **hidden}})


def _after(enc: Encounter, pid: str) -> tuple[str, bool]:
    """The participant acting after `pid`, and whether a new round begins with them."""
    index = enc.order.index(pid) + 1
    if index >= len(enc.order):
        return enc.order[0], True
    return enc.order[index], False


def start(enc: Encounter) -> Encounter:
    return enc.model_copy(update={"round": 1, "current": enc.order[0]})


def tick(participant: Participant) -> tuple[Participant, list[Condition]]:
    """The end of the bearer's turn: durations run down; returns the conditions that ended."""
    kept: list[Condition] = []
    expired: list[Condition] = []
    for cond in participant.conditions:
        if cond.rounds is None:
            kept.append(cond)
        elif cond.fresh:
            kept.append(cond.model_copy(update={"fresh": False}))
        elif cond.rounds > 1:
            kept.append(cond.model_copy(update={"rounds": cond.rounds - 1}))
        else:
            expired.append(cond)
    return participant.model_copy(update={"conditions": tuple(kept)}), expired


def advance(enc: Encounter) -> tuple[Encounter, list[Condition]]:
    """Next turn: the current participant's conditions run down, the next one acts."""
    assert enc.current is not None
    ticked, expired = tick(enc.participants[enc.current])
    participants = {**enc.participants, ticked.id: ticked}
    following, new_round = _after(enc, enc.current)
    update = {
        "participants": participants,
        "current": following,
        "round": enc.round + 1 if new_round else enc.round,
    }
    return enc.model_copy(update=update), expired


def put_condition(
    enc: Encounter,
    pid: str,
    name: str,
    rounds: int | None,
    label: Text | None = None,
    effect: dict[str, int] | None = None,
    facing: dict[str, int] | None = None,
    **turns: Any,
) -> Encounter:
    """Put a condition on (a condition of the same name is replaced: its duration restarts).
    `turns`: `acts`, `reacts`, `lifts` (a lost action or reaction, the condition lifted)."""
    bearer = enc.participants[pid]
    fresh = enc.started and enc.current == pid and rounds is not None
    others = tuple(c for c in bearer.conditions if c.name != name)
    cond = Condition(
        name=name,
        label=label,
        rounds=rounds,
        fresh=fresh,
        effect=effect or {},
        facing=facing or {},
        **turns,
    )
    return with_participant(enc, bearer.model_copy(update={"conditions": (*others, cond)}))


def wearing(sheet: Mapping[str, Any], participant: Participant) -> dict[str, Any]:
    """The participant's sheet (JSON) with the conditions that act on the tracker added to its
    `ongoing` (`worn`): the sheet as it fights now, for the game's attacks and the simulator."""
    added = worn(participant)
    return {**sheet, "ongoing": [*sheet.get("ongoing", []), *added]} if added else dict(sheet)


def worn(participant: Participant) -> list[dict[str, Any]]:
    """The participant's conditions that act (an operation's: shifts, a lost action or
    reaction, a condition it lifts), as its sheet's `ongoing` (`rules.ongoing.Ongoing`), with
    the turns they still last: what the game's own hooks read of them (`System.attacks`, the
    encounter simulator). A condition the GM typed does nothing and stays out."""
    return [
        {
            "label": (c.label or Text(fr=c.name, en=c.name)).model_dump(),
            "rounds": c.rounds,
            "effect": c.effect,
            "facing": c.facing,
            "acts": c.acts,
            "reacts": c.reacts,
            "lifts": c.lifts,
        }
        for c in participant.conditions
        if ongoing.acting(c)
    ]


def drop_condition(enc: Encounter, pid: str, name: str) -> Encounter:
    bearer = enc.participants[pid]
    kept = tuple(c for c in bearer.conditions if c.name != name)
    return with_participant(enc, bearer.model_copy(update={"conditions": kept}))
