"""The shapes of the table API: what a client sends (extra fields refused) and what it gets.

Write answers are what the caller may see of the stored event (`EventView`), or the character as
it now stands; every answer that carries events or state has been through `view_for` /
`view_state`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ecran.dice.roller import MAX_SEED
from ecran.engine.records import OddsReport, RollRecord
from ecran.engine.sheet_odds import RungOdds
from ecran.play import EventView, Member, StoredCharacter, TableInfo, Visibility
from ecran.play.encounter import ROUNDS_MAX
from ecran.play.payloads import OperationRoll
from ecran.rules import RuleViolation, Text
from ecran.web.limits import MAX_COUNT, MAX_INT
from ecran.web.text import ClientText, Name


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def said(fr: str, en: str) -> dict[str, Any]:
    """A field's words (`x-label`), by which a refusal names its place (`rules.places`)."""
    return {"x-label": {"fr": fr, "en": en}}


#: The words of a body's `params` (a check's or an operation's parameters).
PARAMS_SAID = said("Paramètres", "Parameters")


def seed_field() -> Any:
    return Field(
        None,
        ge=0,
        le=MAX_SEED,
        description="replays the same dice; drawn if absent",
        json_schema_extra=said("Graine", "Seed"),
    )


def version_field() -> Any:
    return Field(
        None,
        ge=0,
        le=MAX_INT,
        description="the version this step starts from; a stale one is a 409",
        json_schema_extra=said("Version attendue", "Expected version"),
    )


# -- tables and members -------------------------------------------------------------------------


class CreateTable(Strict):
    name: Name = Field(description="the table's (campaign's) name")
    system: Name = Field(description="a system id: artemis, warp, fluid, nephilim, organique")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="option values (optional rules, readings, house rules); the others keep "
        "their default, the recommended reading",
    )
    gm_name: Name = Field("MJ", description="the GM's display name")


class CreatedTable(BaseModel):
    table: TableInfo
    gm: Member
    gm_token: str
    invite_token: str
    gm_link: str
    invite_link: str


class InviteInfo(BaseModel):
    """What an invite link shows before joining."""

    table_id: str
    name: str
    system: str
    system_name: Text
    members: int


class JoinTable(Strict):
    display_name: Name


class Joined(BaseModel):
    table_id: str
    member: Member
    token: str
    link: str


class TableOut(BaseModel):
    table: TableInfo
    system_name: Text
    me: Member
    members: list[Member]
    last_seq: int
    #: The GM only: the invite to share.
    invite_token: str | None = None
    invite_link: str | None = None


class ChangeOptions(Strict):
    options: dict[str, Any]


# -- characters ---------------------------------------------------------------------------------


class CharacterOut(BaseModel):
    id: str
    owner_id: str
    name: str
    sheet: dict[str, Any]
    version: int
    secret: bool
    #: The rules the sheet breaks (a draft); None where not computed (lists).
    violations: list[RuleViolation] | None = None

    @classmethod
    def of(
        cls, stored: StoredCharacter, violations: list[RuleViolation] | None = None
    ) -> CharacterOut:
        return cls(
            id=stored.id,
            owner_id=stored.owner_id,
            name=stored.name,
            sheet=stored.sheet,
            version=stored.version,
            secret=stored.secret,
            violations=violations,
        )


class CharacterSaved(CharacterOut):
    """A character after a write: the event's sequence number and, for an operation, its dice."""

    seq: int
    operation: OperationRoll | None = None


class CreateCharacter(Strict):
    sheet: dict[str, Any]
    owner_id: Name | None = Field(None, description="the GM creates for a member; default: self")
    secret: bool | None = Field(None, description="a GM's NPC hidden from players")
    allow_violations: bool = Field(False, description="keep a draft that breaks rules")


class UpdateCharacter(CreateCharacter):
    expected_version: int = Field(ge=1, le=MAX_INT, description="the version this edit starts from")


class ApplyOperation(Strict):
    params: dict[str, Any] = Field(default_factory=dict, json_schema_extra=PARAMS_SAID)
    seed: int | None = seed_field()
    expected_version: int | None = version_field()


class OperationInfo(BaseModel):
    name: str
    title: Text
    params_schema: dict[str, Any]
    sources: list[str]


class ActionOut(BaseModel):
    """A prefilled check from the sheet, with its exact odds at this table when asked."""

    label: Text
    group: Text | None
    check: str
    params: dict[str, Any]
    odds: OddsReport | None = None
    #: Why the odds are missing (too many dice combinations...), in the request's language.
    odds_error: str | None = None
    #: With `ladder=true`: the odds at every difficulty of the check's range, easiest first
    #: (one rung with `difficulty` null for a check without one), as `ecran odds-sheet`.
    ladder: list[RungOdds] | None = None
    #: The values the GM must give before this action has odds (an opponent's), as a player
    #: reads them.
    needs: list[str] = Field(default_factory=list)
    #: With `target_token`: the parameters the board filled (`{param: {"value", "label"}}`),
    #: already in `params`, each still the player's or GM's to change.
    board: dict[str, dict[str, Any]] = Field(default_factory=dict)


class AttackOut(ActionOut):
    """An attack an encounter offers (`GET …/attacks`), with its number to send as the
    attack's `option` (a player facing a secret side gets fewer than the system offers, each
    with its own number)."""

    option: int


# -- rolls and the log --------------------------------------------------------------------------


class AskOdds(Strict):
    check: Name = Field(json_schema_extra=said("Test", "Check"))
    params: dict[str, Any] = Field(default_factory=dict, json_schema_extra=PARAMS_SAID)


class MakeRoll(AskOdds):
    visibility: Visibility = Field("public", json_schema_extra=said("Visibilité", "Visibility"))
    character_id: Name | None = Field(None, json_schema_extra=said("Personnage", "Character"))
    label: ClientText = Field("", json_schema_extra=said("Libellé", "Label"))
    seed: int | None = seed_field()


class LogPage(BaseModel):
    """Events in ascending order; `before` asks for the next (older) page, None at the start."""

    events: list[EventView]
    before: int | None


class EventReplay(BaseModel):
    """An event as the member sees it; a visible roll is rolled again from its seed."""

    event: EventView
    replay: RollRecord | None = None
    #: The replay gave the same record (None: nothing to replay).
    matches: bool | None = None


# -- encounters ---------------------------------------------------------------------------------


class Step(Strict):
    expected_version: int | None = version_field()


class CreateEncounter(Strict):
    name: Name = Field(json_schema_extra=said("Nom", "Name"))


class AddParticipant(Step):
    """A stored character (`character_id`), or an NPC: a name, a sheet, or a random NPC of the
    system (`random_npc`, from `seed`)."""

    character_id: Name | None = Field(None, json_schema_extra=said("Personnage", "Character"))
    name: Name | None = Field(None, json_schema_extra=said("Nom", "Name"))
    sheet: dict[str, Any] | None = Field(None, json_schema_extra=said("Fiche", "Sheet"))
    random_npc: bool = Field(False, json_schema_extra=said("PNJ au hasard", "Random NPC"))
    seed: int | None = seed_field()
    secret: bool = Field(
        True,
        description="an NPC's sheet and dice are shown to the GM only",
        json_schema_extra=said("Secret", "Secret"),
    )
    hidden: bool = Field(
        False,
        description="an NPC kept off the players' tracker until the GM shows it",
        json_schema_extra=said("Caché des joueurs", "Hidden from the players"),
    )
    initiative: int | None = Field(
        None, ge=-MAX_COUNT, le=MAX_COUNT, json_schema_extra=said("Initiative", "Initiative")
    )


class SetHidden(Step):
    hidden: bool = Field(
        description="true: kept off the players' tracker; false: shown to them",
        json_schema_extra=said("Caché des joueurs", "Hidden from the players"),
    )


class RollInitiative(Step):
    participant_ids: list[Name] | None = Field(
        None, description="default: everyone without an initiative yet"
    )
    seed: int | None = seed_field()


class SetInitiative(Step):
    value: int = Field(
        ge=-MAX_COUNT, le=MAX_COUNT, json_schema_extra=said("Initiative", "Initiative")
    )


class Reorder(Step):
    order: list[Name]


class AddCondition(Step):
    name: Name = Field(json_schema_extra=said("État", "Condition"))
    rounds: int | None = Field(
        None,
        ge=1,
        le=ROUNDS_MAX,
        description="turns of the bearer; None: until removed",
        json_schema_extra=said("Durée", "Duration"),
    )


class EncounterOperation(Step):
    params: dict[str, Any] = Field(
        default_factory=dict, json_schema_extra=said("Paramètres", "Parameters")
    )
    seed: int | None = seed_field()
