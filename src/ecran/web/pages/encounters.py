"""The encounter tracker: the GM adds characters and NPCs, rolls or sets initiative, starts, moves
turn by turn (rounds, conditions running down), runs attacks (the system's attack rolled, its
damage applied to the target's tracks), applies the system's operations to a participant and
undoes the last steps. Each step is an event: players see the tracker live. On their
character's turn a player gets the cue ("à vous de jouer"), attacks from their own page with
one of the system's attacks (its exact odds shown first) and ends the turn; the result of an
attack shows in the panel of whoever made it.

The attack panel (`attack_panel`), the GM's chances of victory (`chances`) and the roll panel's
advice (`advice`) are included in its router."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData

from ecran.dice import Roller
from ecran.engine.table_options import forced
from ecran.play import EventDraft, Member, TableState
from ecran.play import encounter as play_encounter
from ecran.play.characters import parse_sheet
from ecran.play.encounter.seen import unseen_in
from ecran.play.payloads import AttackRoll, EncounterChanged
from ecran.play.rights import is_turn_of
from ecran.play.tracker import Encounter, Participant, npcs_among
from ecran.play.visibility import view_for
from ecran.rules import EcranError, SheetRow, System, Text, from_validation
from ecran.rules.refusals import given_said
from ecran.web import commands
from ecran.web.deps import Form, Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.errors import is_htmx, refusal
from ecran.web.forms import fields_of, values_from_form
from ecran.web.pages import advice, attack_panel, chances
from ecran.web.pages.common import multi, operation_forms, page
from ecran.web.pages.rolls import log_context

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


#: One step of the tracker: the table's system, the form, the state, the GM, the version seen.
Step = Callable[[System[Any], FormData, TableState, Member, int | None], EventDraft]


def _text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


#: The forms' number fields in words: what a refusal names them by (never their ids).
_NUMBERS = {
    "initiative": Text(fr="Initiative", en="Initiative"),
    "value": Text(fr="Initiative", en="Initiative"),
    "rounds": Text(fr="Durée", en="Duration"),
    "a_pick": Text(fr="Attaque proposée", en="Attack offered"),
    "version": Text(fr="Version de la rencontre", en="Encounter's version"),
}


def _int(form: FormData, name: str, *, optional: bool = False) -> int | None:
    raw = _text(form, name).strip()
    if raw == "" and optional:
        return None
    try:
        return int(raw)
    except ValueError:
        # a field added without its words is still never named by its id
        field = _NUMBERS.get(name, Text(fr="Valeur", en="Value"))
        raise EcranError(
            Text(
                fr=f"{field.fr} : nombre entier attendu ({given_said(raw, 'fr')})",
                en=f"{field.en}: a whole number is expected ({given_said(raw, 'en')})",
            )
        ) from None


@router.post("/tables/{table_id}/encounters")
def create_encounter(request: Request, here: Here, form: Form) -> Response:
    name = _text(form, "name")
    event = commands.execute(
        request.app, here.access, lambda s, a, _: play_encounter.create(s, a, name)
    )
    encounter_id = str(event.payload["encounter_id"])
    return RedirectResponse(here.url(f"/encounters/{encounter_id}"), status_code=303)


def panel_context(here: Seat, encounter_id: str) -> dict[str, Any]:
    enc: Encounter = here.state.encounter(encounter_id).encounter
    in_it = {p.character_id for p in enc.participants.values() if p.character_id}
    operations = operation_forms(here)
    undo = here.state.encounter(encounter_id).undo
    acting = enc.participants.get(enc.current or "")
    owner = None if acting is None else play_encounter.owner_of(here.state, acting)
    return {
        "my_turn": is_turn_of(here.member, enc, owner),
        "acting_player": None if owner is None else _member_name(here, owner),
        "tracks": {p.id: _tracks(here, p) for p in enc.participants.values()},
        "enc": enc,
        # the GM's view holds the board: the NPCs its hidden tokens keep from the players
        "unseen": (
            npcs_among(enc, unseen_in(here.state).of(enc.id)) if here.member.is_gm else frozenset()
        ),
        "ordered": [enc.participants[pid] for pid in enc.order],
        "addable": [
            c for c in here.state.characters.values() if not c.deleted and c.id not in in_it
        ],
        "operations": operations,
        "can_undo": bool(undo),
        "undo_summary": undo[-1].summary if undo else None,
        "has_npcs": _has_npcs(here),
        "npc_fields": fields_of(here.system.npc_params),
        "npc_shown": _npc_defaults(here.system),
    }


def _member_name(here: Seat, member_id: str) -> str | None:
    member = here.state.members.get(member_id)
    return None if member is None else member.display_name


def _tracks(here: Seat, who: Participant) -> list[SheetRow]:
    """The participant's tracks (`System.tracks`: what combat changes on the sheet) as this
    member may see them (a secret NPC's sheet never reaches a player: `view_state` removed it)."""
    sheet = who.sheet
    if who.character_id is not None:
        stored = here.state.characters.get(who.character_id)
        sheet = None if stored is None else stored.sheet
    if sheet is None:
        return []
    try:
        return here.system.tracks(parse_sheet(here.system, sheet))
    except EcranError:
        return []


def _npc_defaults(system: System[Any]) -> dict[str, str]:
    """The NPC choices' defaults, shown in the form (an empty number would be refused)."""
    defaults = system.npc_params().model_dump(mode="json")
    return {
        k: str(v).lower() if isinstance(v, bool) else str(v)
        for k, v in defaults.items()
        if v is not None
    }


def _has_npcs(here: Seat) -> bool:
    try:
        here.system.random_npc(Roller(1))
    except EcranError:
        return False
    return True


@router.get("/tables/{table_id}/encounters/{encounter_id}")
def encounter_page(request: Request, here: Here, encounter_id: str) -> Response:
    context = {**panel_context(here, encounter_id), **log_context(here, None)}
    context["choice"] = _choice(request)
    return page(request, here, "table/encounter.html", context)


@router.get("/tables/{table_id}/encounters/{encounter_id}/panel")
def encounter_panel(request: Request, here: Here, encounter_id: str) -> Response:
    """The tracker alone: the live client reloads it when an encounter event arrives."""
    context = {**panel_context(here, encounter_id), "choice": _choice(request)}
    return page(request, here, "table/_encounter.html", context)


def _choice(request: Request) -> dict[str, str]:
    """The GM's attack choice (attacker, target, attack) survives a live refresh of the panel."""
    q = request.query_params
    return {k: q[k] for k in ("a_attacker", "a_target", "a_pick") if q.get(k)}


def _add(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid = _text(form, "encounter")
    character = _text(form, "character_id")
    initiative = _int(form, "initiative", optional=True)
    if character:
        return play_encounter.add_participant(
            s,
            system,
            a,
            eid,
            character_id=character,
            initiative=initiative,
            expected_version=v,
        )
    random = _text(form, "random") == "true"
    name = _text(form, "name").strip() or None
    return play_encounter.add_participant(
        s,
        system,
        a,
        eid,
        name=name,
        random_npc=random,  # drawn with the table's dice (its key)
        npc_choices=_npc_choices(system, form) if random else None,
        secret=_text(form, "secret") == "true",
        hidden=_text(form, "hidden") == "true",
        initiative=initiative,
        expected_version=v,
    )


#: The add-NPC form's inputs for `System.npc_params` carry this prefix (a choice named like
#: another input of the form, `name`, stays apart).
NPC_PREFIX = "npc_"


def _npc_choices(system: System[Any], form: FormData) -> dict[str, Any]:
    """The random NPC's choices (`System.npc_params`: a level, a role…) as the model reads them;
    a bad one is the model's one-line refusal."""
    given = {
        k.removeprefix(NPC_PREFIX): v for k, v in multi(form).items() if k.startswith(NPC_PREFIX)
    }
    try:
        chosen = system.npc_params.model_validate(
            values_from_form(fields_of(system.npc_params), given)
        )
    except ValidationError as exc:
        raise from_validation(exc, system.npc_params) from None
    return dict(chosen)


def _operation(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    name = _text(form, "operation")
    op = system.operation(name)
    values = {
        **values_from_form(fields_of(op.params), multi(form), strict=True),
        **forced(s.table.options, op.params),
    }
    return play_encounter.apply_operation(
        s,
        system,
        a,
        _text(form, "encounter"),
        _text(form, "participant"),
        name,
        values,
        expected_version=v,
    )


def _initiative(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid = _text(form, "encounter")
    who = _text(form, "participant")
    value = _int(form, "value", optional=True)
    if who and value is not None:
        return play_encounter.set_initiative(s, a, eid, who, value, expected_version=v)
    targets = [who] if who else None
    return play_encounter.roll_initiative(s, system, a, eid, targets, expected_version=v)


def _condition(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid, who, name = _text(form, "encounter"), _text(form, "participant"), _text(form, "name")
    if _text(form, "remove") == "true":
        return play_encounter.remove_condition(s, a, eid, who, name, expected_version=v)
    rounds = _int(form, "rounds", optional=True)
    return play_encounter.add_condition(s, a, eid, who, name, rounds, expected_version=v)


def _attack(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid, attacker, target = (
        _text(form, "encounter"),
        _text(form, "a_attacker"),
        _text(form, "a_target"),
    )
    if not a.is_gm:  # a player's attack is one of the system's, as offered: its number
        pick = _int(form, "a_pick", optional=True)
        return play_encounter.attack(
            s, system, a, eid, attacker, target, "", {}, expected_version=v, option=pick or 0
        )
    check = system.check(_text(form, "check"))
    values = values_from_form(fields_of(check.params), multi(form))
    label = None
    if _text(form, "label_fr") or _text(form, "label_en"):
        label = Text(fr=_text(form, "label_fr"), en=_text(form, "label_en"))
    return play_encounter.attack(
        s,
        system,
        a,
        eid,
        attacker,
        target,
        check.name,
        values,
        expected_version=v,
        label=label,
    )


STEPS: dict[str, Step] = {
    "add": _add,
    "remove": lambda h, f, s, a, v: play_encounter.remove_participant(
        s, a, _text(f, "encounter"), _text(f, "participant"), expected_version=v
    ),
    "initiative": _initiative,
    "hide": lambda h, f, s, a, v: play_encounter.set_hidden(
        s,
        a,
        _text(f, "encounter"),
        _text(f, "participant"),
        _text(f, "hidden") == "true",
        expected_version=v,
    ),
    "start": lambda h, f, s, a, v: play_encounter.start(
        s, a, _text(f, "encounter"), expected_version=v
    ),
    "next": lambda h, f, s, a, v: play_encounter.next_turn(
        s, a, _text(f, "encounter"), expected_version=v
    ),
    "condition": _condition,
    "operation": _operation,
    "attack": _attack,
    "undo": lambda h, f, s, a, v: play_encounter.undo(
        s, a, _text(f, "encounter"), expected_version=v
    ),
    "end": lambda h, f, s, a, v: play_encounter.end(
        s, a, _text(f, "encounter"), expected_version=v
    ),
}


@router.post("/tables/{table_id}/encounters/{encounter_id}/step")
def encounter_step(request: Request, here: Here, form: Form, encounter_id: str) -> Response:
    """One step of the tracker (the form's `step` says which), checked against the version the
    GM was looking at: a step made from a stale view is refused, never applied twice."""
    try:
        step = STEPS.get(_text(form, "step"))
        if step is None:
            raise EcranError(Text(fr="étape inconnue", en="unknown step"))
        version = _int(form, "version", optional=True)
        patched = _with_encounter(form, encounter_id)
        event = commands.execute(
            request.app, here.access, lambda s, a, system: step(system, patched, s, a, version)
        )
    except EcranError as exc:
        return _refused(request, here, encounter_id, exc)
    here = here.refresh()
    if is_htmx(request):
        context = panel_context(here, encounter_id)
        change = EncounterChanged.model_validate(view_for(event, here.member).payload)
        if change.attack is not None:
            context["result"] = attack_result(here, change.encounter, change.attack)
        return page(request, here, "table/_encounter.html", context)
    return RedirectResponse(here.url(f"/encounters/{encounter_id}"), status_code=303)


def attack_result(here: Seat, enc: Encounter, made: AttackRoll) -> dict[str, Any]:
    """An attack's result as its author reads it in the panel: the outcome, the dice and total
    (unless a secret side's redaction took them), and what it did to each side this member may
    see (a secret participant's share stays with the GM: the tracker shows its conditions)."""
    check = here.system.check(made.record.check)
    names = {pid: p.name for pid, p in enc.participants.items()}
    hidden = {pid for pid, p in enc.participants.items() if p.secret and not here.member.is_gm}
    return {
        "attacker": names.get(made.attacker_id, "?"),
        "target": names.get(made.target_id, "?"),
        "label": made.label or check.title,
        "outcome": made.record.outcome,
        "outcome_label": check.outcome(made.record.outcome).label,
        "total": made.record.total,
        "dice": made.record.dice,
        "effects": [
            (names.get(c.participant_id, "?"), c.roll.summary)
            for c in made.consequences
            if c.participant_id not in hidden
        ],
        "no_damage": made.no_damage,
    }


def _with_encounter(form: FormData, encounter_id: str) -> FormData:
    items = [(k, v) for k, v in form.multi_items() if k != "encounter"]
    return FormData([*items, ("encounter", encounter_id)])


def _refused(request: Request, here: Seat, encounter_id: str, error: EcranError) -> Response:
    """A refused step: the tracker as it stands, the reason on top (nothing changed)."""
    if not is_htmx(request):
        return refusal(request, error)
    try:
        here = here.refresh()
        context = panel_context(here, encounter_id)
    except EcranError:
        return refusal(request, error)
    context["step_error"] = error.message(here.lang).splitlines()[0]
    return page(request, here, "table/_encounter.html", context, status=422)


for part in (attack_panel, chances, advice):
    router.include_router(part.router)
