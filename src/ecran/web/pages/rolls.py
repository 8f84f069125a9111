"""Rolling at the table and reading its log: the roll panel (a check's form prefilled from a
sheet's action, its exact odds, the visibility), the roll itself (stored, then broadcast), the
log's pages and single events (each rendered for the member asking), and a roll's replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import ValidationError
from starlette.datastructures import FormData, QueryParams

from ecran.engine.records import RollRecord, odds_report
from ecran.play import EventView, StoredCharacter
from ecran.play import rolls as play_rolls
from ecran.play.errors import not_found
from ecran.play.model import VISIBILITIES, VISIBILITY_LABELS
from ecran.play.payloads import CharacterSaved, EncounterChanged, RollMade
from ecran.play.rights import can_edit
from ecran.play.visibility import SECRET_ROLL
from ecran.rules import Check, EcranError, Text
from ecran.web import commands
from ecran.web.deps import Form, Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.forms import FormField, fields_of, form_values, values_from_form
from ecran.web.pages.chat import message_entry
from ecran.web.pages.common import forced, multi, page
from ecran.web.pages.systems import outcome_rows, replay_url

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

LOG_PAGE = 30


@dataclass(frozen=True)
class RollForm:
    """The roll panel's state: which check, its fields and the values they show."""

    check: Check[Any]
    fields: list[FormField]
    values: dict[str, Any]
    forced: dict[str, Any]
    character_id: str | None = None
    label: str = ""
    visibility: str = "public"
    characters: list[StoredCharacter] = field(default_factory=list)

    @property
    def shown(self) -> dict[str, str]:
        return form_values({f.name: self.values.get(f.name, f.default) for f in self.fields})

    @property
    def free_fields(self) -> list[FormField]:
        """The fields the roller sets (the table's options are not theirs to change)."""
        return [f for f in self.fields if f.name not in self.forced]


def form_of(
    here: Seat,
    check_name: str | None,
    character_id: str | None,
    given: Mapping[str, Any] | QueryParams | FormData,
) -> RollForm:
    system = here.system
    check = system.check(check_name) if check_name else system.checks[0]
    fields = fields_of(check.params)
    sent = multi(given) if isinstance(given, QueryParams | FormData) else {}
    values = _with_example(check, values_from_form(fields, sent))
    given_by_table = forced(here.state.table.options, check.params)
    mine = [c for c in here.state.characters.values() if not c.deleted and can_edit(here.member, c)]
    if character_id and all(c.id != character_id for c in mine):
        character_id = None
    visibility = _first(sent, "visibility") or "public"
    return RollForm(
        check=check,
        fields=fields,
        values={**values, **given_by_table},
        forced=given_by_table,
        character_id=character_id or None,
        label=_first(sent, "label") or "",
        visibility=visibility,  # an unknown one is refused by the roll, never made public
        characters=mine,
    )


def _with_example(check: Check[Any], values: dict[str, Any]) -> dict[str, Any]:
    """A fresh panel starts from the check's example; a sheet's action sends its own values,
    and only what it leaves out that the check requires comes from the example (an example's
    bonus or skill must not slip into an action that has none)."""
    if not values:
        return dict(check.example)
    fields = check.params.model_fields
    missing = {
        k: v for k, v in check.example.items() if k not in values and fields[k].is_required()
    }
    return {**missing, **values}


def _first(multi: Mapping[str, Sequence[str]], name: str) -> str | None:
    given = multi.get(name)
    return given[-1] if given else None


def roll_panel_context(here: Seat, form: RollForm) -> dict[str, Any]:
    context: dict[str, Any] = {
        "roll": form,
        "visibilities": [(v, VISIBILITY_LABELS[v]) for v in VISIBILITIES],
        "report": None,
        "odds_error": None,
    }
    try:
        report = odds_report(here.system.id, form.check.name, form.values)
    except EcranError as exc:
        context["odds_error"] = exc.message(here.lang).splitlines()[0]
    else:
        context["report"] = report
        context["rows"] = outcome_rows(form.check, report)
    return context


@router.get("/tables/{table_id}/roll-panel")
def roll_panel(request: Request, here: Here) -> Response:
    """The roll panel for a check, prefilled from the query (a sheet's action gives its values
    and the character's current penalties)."""
    q = request.query_params
    form = form_of(here, q.get("check"), q.get("character"), q)
    return page(request, here, "table/_roll_panel.html", roll_panel_context(here, form))


@router.get("/tables/{table_id}/odds")
def roll_odds(request: Request, here: Here) -> Response:
    q = request.query_params
    form = form_of(here, q.get("check"), None, q)
    report = odds_report(here.system.id, form.check.name, form.values)
    context = {"check": form.check, "report": report, "rows": outcome_rows(form.check, report)}
    return page(request, here, "_odds.html", context)


@router.post("/tables/{table_id}/roll")
def make_roll(request: Request, here: Here, data: Form) -> Response:
    sent = multi(data)
    chosen = _first(sent, "character")
    form = form_of(here, _first(sent, "check"), chosen, data)
    if chosen and form.character_id is None:  # not one of the roller's: never rolled without it
        raise not_found(Text(fr="personnage", en="character"), chosen[:60])
    event = commands.execute(
        request.app,
        here.access,
        lambda state, actor, _: play_rolls.roll(
            state,
            actor,
            form.check,
            form.values,
            visibility_name=form.visibility,
            character_id=form.character_id,
            label=form.label[: play_rolls.LABEL_MAX],
        ),
    )
    here = here.refresh()
    view = here.store.event(here.access, event.seq)
    return page(request, here, "table/_roll_result.html", {"entry": describe(here, view)})


# -- the log ------------------------------------------------------------------------------------


def _name_of(here: Seat, member_id: str | None, view: EventView | None = None) -> str:
    """A member's name; one removed since is named by the event that says it (their join)."""
    member = here.state.members.get(member_id or "")
    if member is not None:
        return member.display_name
    joined = (
        view.payload.get("member") if view is not None and view.kind == "member_joined" else None
    )
    return str(joined.get("display_name") or "?") if isinstance(joined, dict) else "?"


def _character_name(here: Seat, character_id: str | None) -> str:
    found = here.state.characters.get(character_id or "")
    return found.name if found is not None else ""


def describe(here: Seat, view: EventView) -> dict[str, Any]:
    """What the log shows of one event, as this member may see it."""
    entry: dict[str, Any] = {
        "view": view,
        "seq": view.seq,
        "kind": view.kind,
        "actor": _name_of(here, view.actor_id, view),
        "mine": view.actor_id == here.member.id,
        "visibility": view.visibility,
        "visibility_label": VISIBILITY_LABELS[view.visibility],
        "open": here.url(f"/events/{view.seq}"),
    }
    if view.kind == "roll" and "record" in view.payload:
        entry.update(_roll_entry(here, RollMade.model_validate(view.payload)))
    elif view.kind == "roll":
        entry.update(_blind_entry(here, view.payload))
    elif view.kind == "character_saved":
        saved = CharacterSaved.model_validate(view.payload)
        entry["character"] = saved.character
        entry["operation"] = saved.operation
        entry["violations"] = saved.violations
    elif view.kind == "encounter":
        change = EncounterChanged.model_validate(view.payload)
        entry["summary"] = change.summary
        entry["encounter_id"] = change.encounter_id
    elif view.kind == "message":
        entry.update(message_entry(here, view))
    elif view.kind == "hidden" and view.payload == SECRET_ROLL:
        entry["secret_roll"] = True
    elif view.kind == "member_joined":
        entry["joined"] = view.payload.get("member", {}).get("display_name", "")
    return entry


def _roll_entry(here: Seat, made: RollMade) -> dict[str, Any]:
    check = here.system.check(made.record.check)
    return {
        "record": made.record,
        "check": check,
        "label": made.label,
        "character_name": _character_name(here, made.character_id),
        "outcome": check.outcome(made.record.outcome),
        "detail_labels": check.detail_labels,
    }


def _blind_entry(here: Seat, payload: dict[str, Any]) -> dict[str, Any]:
    asked = payload.get("asked", {})
    check = here.system.check(str(asked.get("check")))
    return {
        "blind": True,
        "check": check,
        "label": payload.get("label", ""),
        "character_name": _character_name(here, payload.get("character_id")),
        "asked": asked.get("params", {}),
    }


def log_context(here: Seat, before: int | None) -> dict[str, Any]:
    found = here.store.page(here.access, before, LOG_PAGE)
    entries = [describe(here, v) for v in reversed(found.events)]
    return {"entries": entries, "older": found.before, "last_seq": here.state.last_seq}


@router.get("/tables/{table_id}/log")
def log_page(request: Request, here: Here, before: int | None = None) -> Response:
    """An older page of the log (newest first), with its own 'older' button."""
    return page(request, here, "table/_log_page.html", log_context(here, before))


@router.get("/tables/{table_id}/events")
def events_after(request: Request, here: Here, after: int = 0) -> Response:
    """The events after `after`, newest first, each rendered for this member: what the live
    client fetches when the WebSocket says something happened (or after a reconnection)."""
    views = here.store.events_after(here.access, max(after, 0))
    entries = [describe(here, v) for v in reversed(views)]
    return page(request, here, "table/_entries.html", {"entries": entries})


@router.get("/tables/{table_id}/events/{seq}")
def event_page(request: Request, here: Here, seq: int) -> Response:
    """One event opened: a roll with every die, its parameters and seed, replayed from its
    record (the same dice come back unless the record was tampered with)."""
    view = here.store.event(here.access, seq)
    entry = describe(here, view)
    context: dict[str, Any] = {"entry": entry, "replayed": None, "check_link": None}
    record: RollRecord | None = entry.get("record")
    if record is not None:
        replayed = _replay(record)
        context["replayed"] = replayed
        context["same"] = replayed is not None and replayed.model_dump() == record.model_dump()
        context["check_link"] = replay_url(record, here.lang)
    return page(request, here, "table/event.html", context)


def _replay(record: RollRecord) -> RollRecord | None:
    try:
        return play_rolls.replay(record)
    except (EcranError, ValidationError):
        return None
