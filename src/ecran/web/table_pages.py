"""The live table's pages: create a table, join it, and the table page (members, characters, roll
panel, live log, encounters). Sheets, rolls and encounters have their own `table_*` modules,
whose routes are gathered here."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from ecran.engine import all_systems, get_system
from ecran.play import Member
from ecran.rules import EcranError, System
from ecran.store import Access, Store
from ecran.web import table_encounters, table_rolls, table_sheets
from ecran.web.i18n import request_lang
from ecran.web.store_dep import get_store
from ecran.web.table_common import (
    error_fragment,
    nudge,
    page,
    seat,
    table_url,
)
from ecran.web.table_options import option_fields, option_values
from ecran.web.table_rolls import form_of, log_context, roll_panel_context

router = APIRouter(include_in_schema=False)
router.include_router(table_rolls.router)
router.include_router(table_sheets.router)
router.include_router(table_encounters.router)


def _playable() -> list[System[Any]]:
    return [s for s in all_systems().values() if s.checks]


def _options_context(system: System[Any]) -> dict[str, Any]:
    fields = option_fields(system)
    shown = {f.name: _shown(f.default) for f in fields}
    return {"option_system": system, "option_fields": fields, "shown": shown}


def _shown(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@router.get("/tables/new")
def new_table_page(request: Request, system: str | None = None) -> Response:
    systems = _playable()
    chosen = get_system(system) if system else systems[0]
    context = {"systems": systems, "chosen": chosen, **_options_context(chosen)}
    return page(request, None, "table/new.html", context)


@router.get("/tables/new/options")
def new_table_options(request: Request, system: str) -> Response:
    """The chosen system's options (htmx swaps them in when the system changes)."""
    return page(request, None, "table/_options.html", _options_context(get_system(system)))


@router.post("/tables")
async def create_table(request: Request) -> Response:
    form = await request.form()
    multi = {k: [str(v) for v in form.getlist(k)] for k in form}
    store = get_store(request)
    lang = request_lang(request)
    try:
        system = get_system(_one(multi, "system"))
        options = option_values(option_fields(system), multi)
        created = store.create_table(
            _one(multi, "name"), system.id, options, _one(multi, "gm_name") or "MJ"
        )
    except EcranError as exc:
        return error_fragment(request, exc)
    # table_created has no reader yet (no one is connected): nothing to publish
    target = table_url(created.table.id, created.gm_token, lang=lang)
    return _redirect(request, target)


def _one(form: dict[str, list[str]], name: str) -> str:
    values = form.get(name) or [""]
    return values[-1]


def _redirect(request: Request, target: str) -> Response:
    """A plain form gets a 303; an htmx one is told where to go."""
    if request.headers.get("HX-Request") == "true":
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)


@router.get("/join/{invite}")
def join_page(request: Request, invite: str) -> Response:
    store = get_store(request)
    try:
        table = store.table_for_invite(invite)
    except EcranError as exc:
        return error_fragment(request, exc)
    context = {"invited": table, "invited_system": get_system(table.system_id), "invite": invite}
    return page(request, None, "table/join.html", context)


@router.post("/join/{invite}")
async def join(request: Request, invite: str) -> Response:
    form = await request.form()
    name = str(form.get("display_name") or "")
    store = get_store(request)
    try:
        access, token = store.join(invite, name)
    except EcranError as exc:
        return error_fragment(request, exc)
    nudge(request, access.table_id)
    return _redirect(request, table_url(access.table_id, token, lang=request_lang(request)))


@router.get("/tables/{table_id}")
async def table_page(request: Request, table_id: str) -> Response:
    try:
        here = await seat(request, table_id)
    except EcranError as exc:
        return error_fragment(request, exc)
    query = request.query_params
    check = form_of(here, query.get("check"), query.get("character"), query)
    context: dict[str, Any] = {
        "invite": _invite(here.store, here.access),
        "gm_link": here.url() if here.member.is_gm else None,
        "members": list(here.state.members.values()),
        "characters": _characters(here.state.characters.values(), here.member),
        **roll_panel_context(here, check),
        **log_context(here, None),
    }
    return page(request, here, "table/table.html", context)


def _invite(store: Store, access: Access) -> str | None:
    if not access.member.is_gm:
        return None
    return f"/join/{store.invite_token(access)}"


def _characters(characters: Any, me: Member) -> list[Any]:
    """Mine first, then the others; deleted ones gone."""
    alive = [c for c in characters if not c.deleted]
    return sorted(alive, key=lambda c: (c.owner_id != me.id, c.name.casefold()))
