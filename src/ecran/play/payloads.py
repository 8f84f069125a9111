"""The payload of each kind of event (stored as JSON, read back through these models)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ecran.engine.records import RollRecord
from ecran.play.dice_key import Commitment, DiceKeyChanged
from ecran.play.model import SHIFTS_MAX, Member, Record, Shift, StoredCharacter, TableInfo
from ecran.play.npcs import NpcDrawn
from ecran.play.tracker import Encounter
from ecran.rules import PutCondition, RuleViolation, Text


class TableCreated(Record):
    table: TableInfo
    gm: Member
    #: The first dice key's commitment (and its secret, dropped from every view); None in tables
    #: created before verifiable dice.
    dice: DiceKeyChanged | None = None


class MemberJoined(Record):
    member: Member


class LinkRenewed(Record):
    """The GM gave a member a new link (`revoked`: or none at all); the old one stops working.
    The token itself is never in an event: only the store keeps it."""

    member_id: str
    revoked: bool = False


class MemberRemoved(Record):
    """The GM removed a member: their link stops working, their seat is gone (the name is free
    again), and their characters pass to the GM (`characters`, as they stand after it)."""

    member_id: str
    characters: list[StoredCharacter] = []
    #: Whom, as the table named them then (the log says it; empty in an older event).
    display_name: str = ""


class MemberRenamed(Record):
    member_id: str
    display_name: str


class TableArchived(Record):
    """The GM archived the table (read-only: the log and sheets stay readable) or reopened it."""

    archived: bool = True


class OptionsChanged(Record):
    options: dict[str, Any]


class ConditionPut(Record):
    """A condition an operation puts on its bearer (`Change.conditions`), as the log keeps it."""

    label: Text
    #: The bearer's turns it lasts; None: until the GM removes it.
    rounds: int | None = None
    #: Its mechanical effect (`PutCondition.effect`, `.facing`): parameter -> shift.
    effect: dict[str, Shift] = Field(default_factory=dict, max_length=SHIFTS_MAX)
    facing: dict[str, Shift] = Field(default_factory=dict, max_length=SHIFTS_MAX)
    #: A lost action or reaction, the sheet condition it lifts (`PutCondition`).
    acts: bool = True
    reacts: bool = True
    lifts: str | None = Field(default=None, max_length=60)
    #: The bearer's condition it takes the place of (`PutCondition.replaces`).
    replaces: str | None = Field(default=None, max_length=60)

    @classmethod
    def of(cls, put: PutCondition) -> ConditionPut:
        return cls(
            label=put.label,
            rounds=put.rounds,
            effect=dict(put.effect),
            facing=dict(put.facing),
            acts=put.acts,
            reacts=put.reacts,
            lifts=put.lifts,
            replaces=put.replaces,
        )


class OperationRoll(Record):
    """A system operation applied to a sheet: what it said and the dice it rolled (replayable
    from the seed)."""

    operation: str
    params: dict[str, Any]
    seed: int
    dice: list[int]
    summary: Text
    resolution: dict[str, Any] | None = None
    #: Conditions the operation puts on its bearer (the tracker puts them on in an encounter).
    conditions: list[ConditionPut] = []


class RoundTest(Record):
    """A test a participant's state called for at a round's end (`System.round_tests`), which
    the tracker rolled and applied: whose, the operation's title as the log said it, and the
    operation's record (its seed derives from the step's, `play.encounter.round_tests`)."""

    participant_id: str
    title: Text
    operation: OperationRoll


class CharacterSaved(Record):
    character: StoredCharacter
    violations: list[RuleViolation] = []
    operation: OperationRoll | None = None
    #: The sheet is a random NPC the table drew (the GM's "générer un PNJ"): what regenerates it.
    npc: NpcDrawn | None = None
    #: A save that rolled the table's dice (an operation, a random NPC): the event's seed, the
    #: dice key in force (the seed derives from it unless `gm_seed`), as a roll's (`RollMade`),
    #: so `ecran verify` checks them too. None in saves made before, and in saves that roll none.
    seed: int | None = None
    commitment: Commitment | None = None
    gm_seed: bool = False


class CharacterDeleted(Record):
    character_id: str
    version: int


class RollMade(Record):
    record: RollRecord
    label: str = ""
    character_id: str | None = None
    #: The dice key in force when the roll was made (its seed derives from it unless `gm_seed`);
    #: None in rolls made before verifiable dice.
    commitment: Commitment | None = None
    #: The GM chose the seed (allowed, and shown as such in every log).
    gm_seed: bool = False


EncounterStep = Literal[
    "create",
    "add",
    "remove",
    "initiative",
    "reorder",
    "start",
    "next_turn",
    "condition",
    "operation",
    "attack",
    "end",
    "undo",
    "hide",
    "reveal",
]


class InitiativeRoll(Record):
    participant_id: str
    seed: int
    dice: list[int]
    total: int
    outcome: str
    details: dict[str, Any] = {}


class ConsequenceRoll(Record):
    """One of `System.consequences`: the operation applied to one side of an attack."""

    side: Literal["attacker", "defender"]
    participant_id: str
    roll: OperationRoll


class AttackRoll(Record):
    """One attack of the tracker's chain: who attacked whom, with which of the system's attacks
    (its label when the GM picked one of `System.attacks`), and the check's roll record."""

    attacker_id: str
    target_id: str
    label: Text | None = None
    record: RollRecord
    #: Why no damage was applied (the target has no sheet...); None when the system decided.
    no_damage: Text | None = None
    #: The first thing the result did to the attacker (a counter, a cost), if anything; the
    #: whole list is `consequences`.
    counter: OperationRoll | None = None
    #: Everything the result did to either side (`System.consequences`), in the order applied.
    #: Empty in events written before consequences existed (they kept `counter` and the
    #: step's `operation` only).
    consequences: list[ConsequenceRoll] = []


class EncounterChanged(Record):
    """One step of an encounter, with the encounter as it stands after it and the characters it
    changed (as they stand after it)."""

    encounter_id: str
    step: EncounterStep
    summary: Text
    encounter: Encounter
    characters: list[StoredCharacter] = []
    initiative: list[InitiativeRoll] = []
    operation: OperationRoll | None = None
    attack: AttackRoll | None = None
    participant_id: str | None = None
    expired: list[str] = []
    undoes: int | None = None
    #: A `next_turn` that ended a round: the tests the participants' states called for
    #: (`System.round_tests`), in the acting order, each applied (#30 item 5).
    round_tests: list[RoundTest] = []
    #: A step that rolls the table's dice (an attack): its seed, the dice key in force (the
    #: seed derives from it unless `gm_seed`), as a roll's (`RollMade`), so `ecran verify`
    #: checks encounter rolls too. None in steps made before.
    seed: int | None = None
    commitment: Commitment | None = None
    gm_seed: bool = False
    #: An `add` step of a random NPC: what regenerates its sheet (from the step's seed).
    npc: NpcDrawn | None = None
    #: The participants the GM kept off the players' board when the step was made (their
    #: tokens all hidden: `board.visibility.hidden_participants`): players read the step
    #: without them (`play.visibility`). Set by the store as it writes the step.
    unseen: list[str] = []
