"""`/api/tables/{table_id}/encounters/…`: the encounter tracker. The GM drives; on their
character's turn a player attacks with it and ends the turn (`…/attacks`, `…/attack`, `…/next`),
every other step is refused to a player with 403. Everyone sees the encounter live, players
without the secret NPCs' sheets and dice. Each step answers the stored event as the caller sees
it (its payload holds the encounter after the step). `expected_version` (optional) refuses a
step made from a stale view of the encounter with 409.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from ecran.play import EventDraft, EventView, TableState, view_for
from ecran.play import encounter as enc
from ecran.play.errors import Forbidden, not_found
from ecran.play.fight_file import readable_fight
from ecran.play.tracker import Encounter
from ecran.rules import Text
from ecran.web import commands
from ecran.web.api.models import (
    AddCondition,
    AddParticipant,
    AttackOut,
    CreateEncounter,
    EncounterOperation,
    Reorder,
    RollInitiative,
    SetHidden,
    SetInitiative,
    Step,
    said,
    seed_field,
)
from ecran.web.deps import Me, Seat
from ecran.web.downloads import json_file
from ecran.web.edge import CheckedRoute
from ecran.web.i18n import request_lang
from ecran.web.limits import MAX_INT

router = APIRouter(route_class=CheckedRoute)
BASE = "/{table_id}/encounters"
ONE = BASE + "/{encounter_id}"
PARTICIPANT = ONE + "/participants/{participant_id}"


def _step(request: Request, me: Seat, command: commands.Command) -> EventView:
    """One step through the one write path, answered as the caller sees it."""
    return view_for(commands.execute(request.app, me.access, command), me.member)


def _run(
    request: Request, me: Seat, move: Callable[..., EventDraft], *args: Any, **kw: Any
) -> EventView:
    """The step `move(state, actor, *args, **kw)` (one that needs no rules of the system)."""
    return _step(request, me, lambda s, a, _: move(s, a, *args, **kw))


def _ruled(
    request: Request, me: Seat, move: Callable[..., EventDraft], *args: Any, **kw: Any
) -> EventView:
    """The step `move(state, system, actor, *args, **kw)`, which reads the system's rules."""
    return _step(request, me, lambda s, a, system: move(s, system, a, *args, **kw))


def _encounter(state: TableState, encounter_id: str) -> Encounter:
    if encounter_id not in state.encounters:
        raise not_found(Text(fr="rencontre", en="encounter"), encounter_id)
    return state.encounters[encounter_id].encounter


def _version(expected_version: int | None = Query(None, ge=0, le=MAX_INT)) -> int | None:
    return expected_version


Version = Annotated[int | None, Depends(_version)]


@router.get(BASE, response_model=list[Encounter])
def encounters(me: Me) -> list[Encounter]:
    return [e.encounter for e in me.state.encounters.values()]


@router.get(ONE, response_model=Encounter)
def encounter(encounter_id: str, me: Me) -> Encounter:
    return _encounter(me.state, encounter_id)


@router.get(ONE + "/fight")
def fight(encounter_id: str, me: Me, request: Request) -> JSONResponse:
    """The encounter as `ecran encounter simulate` reads it, as a file to download: every
    participant's sheet as it is now, player characters against NPCs (the sides in words). For
    the GM: the NPCs' sheets are theirs to see."""
    if not me.member.is_gm:
        raise Forbidden(
            Text(fr="réservé au MJ : le fichier de la rencontre", en="the GM's only: its file")
        )
    state = me.state
    found = _encounter(state, encounter_id)
    lang, options = request_lang(request), state.table.options
    data = readable_fight(me.system.id, found, state.characters, lang, options)
    return json_file(data, found.name, "encounter")


@router.post(BASE, response_model=EventView, status_code=201)
def create(body: CreateEncounter, me: Me, request: Request) -> EventView:
    """A new encounter (its id is in the answer's `payload.encounter_id`)."""
    return _run(request, me, enc.create, body.name)


@router.post(ONE + "/participants", response_model=EventView, status_code=201)
def add(encounter_id: str, body: AddParticipant, me: Me, request: Request) -> EventView:
    """A stored character, or an NPC (name, sheet, or a random NPC of the system from a seed)."""

    # a random NPC is drawn with the table's dice (`add_participant`: from its key; a GM's
    # `seed` is kept and flagged)
    return _ruled(
        request,
        me,
        enc.add_participant,
        encounter_id,
        character_id=body.character_id,
        name=body.name,
        sheet=body.sheet,
        secret=body.secret,
        hidden=body.hidden,
        initiative=body.initiative,
        expected_version=body.expected_version,
        random_npc=body.random_npc,
        lang=request_lang(request),
        seed=body.seed,
    )


@router.delete(PARTICIPANT, response_model=EventView)
def remove(
    encounter_id: str,
    participant_id: str,
    me: Me,
    request: Request,
    expected_version: Version,
) -> EventView:
    return _run(
        request,
        me,
        enc.remove_participant,
        encounter_id,
        participant_id,
        expected_version=expected_version,
    )


@router.put(PARTICIPANT + "/hidden", response_model=EventView)
def set_hidden(
    encounter_id: str,
    participant_id: str,
    body: SetHidden,
    me: Me,
    request: Request,
) -> EventView:
    """The GM hides an NPC from the players' tracker (`hidden: true`) or shows it again."""
    return _run(
        request,
        me,
        enc.set_hidden,
        encounter_id,
        participant_id,
        body.hidden,
        expected_version=body.expected_version,
    )


@router.post(ONE + "/initiative", response_model=EventView)
def roll_initiative(
    encounter_id: str, me: Me, request: Request, body: RollInitiative | None = None
) -> EventView:
    """Roll initiative by the system's rule (default: everyone who has none yet)."""
    asked = body or RollInitiative()
    return _ruled(
        request,
        me,
        enc.roll_initiative,
        encounter_id,
        asked.participant_ids,
        seed=asked.seed,
        expected_version=asked.expected_version,
    )


@router.put(PARTICIPANT + "/initiative", response_model=EventView)
def set_initiative(
    encounter_id: str,
    participant_id: str,
    body: SetInitiative,
    me: Me,
    request: Request,
) -> EventView:
    """The GM enters an initiative (a system without an initiative rule, a sheetless NPC)."""
    return _run(
        request,
        me,
        enc.set_initiative,
        encounter_id,
        participant_id,
        body.value,
        expected_version=body.expected_version,
    )


@router.put(ONE + "/order", response_model=EventView)
def reorder(encounter_id: str, body: Reorder, me: Me, request: Request) -> EventView:
    """Break ties by hand: every participant once (initiative still rules)."""
    return _run(
        request, me, enc.reorder, encounter_id, body.order, expected_version=body.expected_version
    )


def _simple(name: str, doc: str) -> None:
    """A step that takes nothing but the encounter (start, next turn, end, undo)."""
    move: Any = getattr(enc, name)

    def step(encounter_id: str, me: Me, request: Request, body: Step | None = None) -> EventView:
        expected = (body or Step()).expected_version
        return _run(request, me, move, encounter_id, expected_version=expected)

    path = ONE + "/" + name.replace("next_turn", "next")
    step.__doc__ = doc
    router.add_api_route(
        path, step, methods=["POST"], response_model=EventView, name=f"encounter_{name}"
    )


_simple("start", "Start round 1 (everyone needs an initiative).")
_simple("next_turn", "The next participant acts; conditions run down; rounds turn.")
_simple("end", "End the encounter.")
_simple("undo", "Undo the last step not undone (characters it changed go back too).")


@router.post(PARTICIPANT + "/conditions", response_model=EventView, status_code=201)
def add_condition(
    encounter_id: str,
    participant_id: str,
    body: AddCondition,
    me: Me,
    request: Request,
) -> EventView:
    """A condition for `rounds` of the bearer's turns (None: until removed)."""
    return _run(
        request,
        me,
        enc.add_condition,
        encounter_id,
        participant_id,
        body.name,
        body.rounds,
        expected_version=body.expected_version,
    )


@router.delete(PARTICIPANT + "/conditions/{name}", response_model=EventView)
def remove_condition(
    encounter_id: str,
    participant_id: str,
    name: str,
    me: Me,
    request: Request,
    expected_version: Version,
) -> EventView:
    return _run(
        request,
        me,
        enc.remove_condition,
        encounter_id,
        participant_id,
        name,
        expected_version=expected_version,
    )


@router.post(PARTICIPANT + "/operations/{operation}", response_model=EventView)
def operate(
    encounter_id: str,
    participant_id: str,
    operation: str,
    body: EncounterOperation,
    me: Me,
    request: Request,
) -> EventView:
    """A system operation (damage, wounds...) on a participant: a character gets a new version,
    an NPC's sheet changes inside the encounter."""
    return _ruled(
        request,
        me,
        enc.apply_operation,
        encounter_id,
        participant_id,
        operation,
        body.params,
        seed=body.seed,
        expected_version=body.expected_version,
    )


#: More attacks than any system offers between two sheets: a bound on `option`.
OPTIONS_MAX = 1000


class Attack(Step):
    """One attack of the chain: `option`, the index of one of `GET …/attacks` (its check,
    parameters and label), or `check` and `params` as offered (or changed by the GM); the
    system's damage goes to `target`'s sheet in the same step. A player attacks with their
    character on its turn, with an attack as offered, and never chooses the seed."""

    attacker: str = Field(json_schema_extra=said("Attaquant", "Attacker"))
    target: str = Field(json_schema_extra=said("Cible", "Target"))
    check: str = Field("", json_schema_extra=said("Test", "Check"))
    params: dict[str, Any] = Field(
        default_factory=dict, json_schema_extra=said("Paramètres", "Parameters")
    )
    option: int | None = Field(
        None,
        ge=0,
        le=OPTIONS_MAX,
        description="the index of one of `GET …/attacks`",
        json_schema_extra=said("Attaque proposée", "Attack offered"),
    )
    seed: int | None = seed_field()


@router.get(PARTICIPANT + "/attacks", response_model=list[AttackOut])
def attacks(
    encounter_id: str,
    participant_id: str,
    me: Me,
    request: Request,
    target: str = Query(description="the participant attacked"),
) -> list[AttackOut]:
    """The attacks `participant_id` can make on `target`, prefilled by the system from both
    sheets, each with its exact odds at this table: for the GM; for a player, for their own
    character on its turn (against a secret side: the labels only)."""
    # the whole state: the options read both sheets (a player's lose what a secret one holds)
    state = me.store.state(me.table_id)
    offered = enc.attack_options(state, me.system, me.member, encounter_id, participant_id, target)
    lang = request_lang(request)
    return [
        AttackOut(
            label=o.label,
            group=o.group,
            check=o.check,
            params=o.params,
            odds=o.odds,
            odds_error=None if o.odds_error is None else o.odds_error(lang),
            option=o.index,
        )
        for o in offered
    ]


@router.post(ONE + "/attack", response_model=EventView)
def attack(encounter_id: str, body: Attack, me: Me, request: Request) -> EventView:
    """Roll the attack and apply the system's damage to the target: one step, one undo."""
    return _ruled(
        request,
        me,
        enc.attack,
        encounter_id,
        body.attacker,
        body.target,
        body.check,
        body.params,
        seed=body.seed,  # the table's dice: `attack` draws them from the table's key
        expected_version=body.expected_version,
        option=body.option,
    )
