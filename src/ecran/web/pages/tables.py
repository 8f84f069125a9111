"""The live table's pages: create a table, join it, and the table page (members, characters, roll
panel, live log, encounters). Rolls, characters and encounters have their own modules."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup
from starlette.datastructures import UploadFile

from ecran.engine import all_systems, get_system
from ecran.play import Member
from ecran.play import table as play_table
from ecran.play.export import parse_export
from ecran.play.rights import require_gm
from ecran.rules import EcranError, System, Text
from ecran.web import commands
from ecran.web.deps import Db, Form, Here, Seat, bad_link, table_url
from ecran.web.edge import CheckedRoute
from ecran.web.forms import form_values, option_fields, option_values
from ecran.web.i18n import request_lang
from ecran.web.pages.common import multi, page, page_text, redirect
from ecran.web.pages.kept import Kept, kept
from ecran.web.pages.live_panels import encounters_context
from ecran.web.pages.rolls import form_of, log_context, roll_panel_context
from ecran.web.render import fragment, html
from ecran.web.sessions import (
    INVITE_COOKIE,
    csrf_token,
    entered,
    forget_invite,
    forget_session,
    keep_invite,
    keep_session,
)

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


def _playable() -> list[System[Any]]:
    return [s for s in all_systems().values() if s.checks]


def _options_context(system: System[Any]) -> dict[str, Any]:
    fields = option_fields(system)
    shown = form_values({f.name: f.default for f in fields})
    return {"option_system": system, "option_fields": fields, "shown": shown}


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
def create_table(request: Request, form: Form) -> Response:
    given = multi(form)
    system = get_system(_one(given, "system"))
    options = option_values(option_fields(system), given)
    name, gm_name = _one(given, "name"), _one(given, "gm_name") or "MJ"
    created = commands.create_table(request.app, name, system.id, options, gm_name)
    return _seated(request, created.table.id, created.gm_token)


def _seated(request: Request, table_id: str, token: str) -> Response:
    """To the table's clean address, seated: the member's session cookie set."""
    target = f"/tables/{table_id}?lang={request_lang(request)}"
    if request.headers.get("HX-Request"):
        return keep_session(redirect(request, target), table_id, token)
    return entered(table_id, token, target)


#: The largest export file the page takes (the API and `ecran table import` take more).
IMPORT_MAX = 8 * 1024 * 1024


@router.post("/tables/import")
def import_table(request: Request, form: Form) -> Response:
    """A GM's table export (a file) as a new table here; the importer lands on it as its GM.
    A bad file is one line (422) and nothing is stored."""
    file = form.get("file")
    if not isinstance(file, UploadFile):
        raise EcranError(Text(fr="aucun fichier choisi", en="no file chosen"))
    raw = file.file.read(IMPORT_MAX + 1)  # a plain file: this handler runs in a thread
    if len(raw) > IMPORT_MAX:
        raise EcranError(
            Text(
                fr=f"fichier trop gros (max {IMPORT_MAX // 2**20} Mo) : utilisez « ecran table "
                "import »",
                en=f"file too large (max {IMPORT_MAX // 2**20} MB): use 'ecran table import'",
            )
        )
    made = commands.import_table(request.app, parse_export(raw, file.filename or "le fichier"))
    return _seated(request, made.table.id, made.gm_token)


def _one(form: dict[str, list[str]], name: str) -> str:
    values = form.get(name) or [""]
    return values[-1]


@router.get("/join/{invite}")
def open_invite(request: Request, invite: str, store: Db) -> Response:
    """An invite link opened: kept in a cookie of `/join`, on to the clean `/join` (a bad one
    is the bad link's page, as before)."""
    store.table_for_invite(invite)
    target = f"/join?lang={request_lang(request)}"
    return keep_invite(RedirectResponse(target, status_code=303), invite)


def _opened_invite(request: Request) -> str:
    invite = request.cookies.get(INVITE_COOKIE)
    if not invite:
        raise bad_link()
    return invite


@router.get("/join")
def join_page(request: Request, store: Db) -> Response:
    """The form to join the table whose invite this browser opened."""
    table = store.table_for_invite(_opened_invite(request))
    context = {"invited": table, "invited_system": get_system(table.system_id)}
    return page(request, None, "table/join.html", context)


@router.post("/join")
def join(request: Request, form: Form) -> Response:
    name = str(form.get("display_name") or "")
    access, token = commands.join(request.app, _opened_invite(request), name)
    return forget_invite(_seated(request, access.table_id, token))


@router.post("/join/{invite}")
def join_by_address(request: Request, invite: str, form: Form) -> Response:
    """Joining with the invite in the address (a form of before: kept working)."""
    name = str(form.get("display_name") or "")
    access, token = commands.join(request.app, invite, name)
    return _seated(request, access.table_id, token)


@router.post("/tables/{table_id}/logout")
def logout(request: Request, here: Here) -> Response:
    """ "Se déconnecter": this browser forgets its session at the table (the link still works)."""
    return forget_session(RedirectResponse(f"/?lang={here.lang}", status_code=303), here.table_id)


@router.get("/tables/{table_id}")
def table_page(request: Request, here: Here) -> Response:
    """The table as this member sees it: rendered once per event (`kept`), served as it was
    rendered until the next one."""
    pages: Kept[bytes] = kept(request.app, "pages")
    view = (here.table_id, here.member.id, here.token, here.lang, request.url.query)
    text = pages.get(view, here.state.last_seq)  # kept encoded: a GM's page is ~0.5 MB
    if text is None:
        query = request.query_params
        check = form_of(here, query.get("check"), query.get("character"), query)
        panel = roll_panel_context(here, check)
        context: dict[str, Any] = {
            **_members_context(request, here),
            "characters": _characters(here.state.characters.values(), here.member),
            **panel,
            **log_context(here, None),
            **encounters_context(here),
        }
        text = page_text(request, here, "table/table.html", context).encode()
        if panel["odds_error"] is None:  # an error may be transient (a busy budget): not kept
            pages.keep(view, here.state.last_seq, text)
    return html(text)


def _members_context(request: Request, here: Seat) -> dict[str, Any]:
    """The members list, rendered once for what it shows (a GM's list has three forms per
    member): the table page includes it as it is."""
    members = list(here.state.members.values())
    shown = tuple((m.id, m.role, m.display_name) for m in members)  # all _members.html reads
    lists: Kept[str] = kept(request.app, "members")
    view = (here.table_id, here.member.id, here.member.role, here.token, here.lang)
    text = lists.get(view, shown)
    if text is None:
        csrf = csrf_token(here.token)
        context = {"members": members, "me": here.member, "csrf": csrf, "url": here.url}
        text = fragment(here.lang, "table/_members.html", context)
        lists.keep(view, shown, text)
    return {"members": members, "members_html": Markup(text)}


@router.get("/tables/{table_id}/members")
def members_panel(request: Request, here: Here) -> Response:
    """The members list (htmx reloads it when someone joins or a link changes)."""
    return html(_members_context(request, here)["members_html"])


@router.post("/tables/{table_id}/invite")
def renew_invite(request: Request, here: Here) -> Response:
    """The GM's new invite link; the table page then shows it."""
    commands.renew_invite(request.app, here.access)
    return redirect(request, here.url())


def _link_changed(request: Request, here: Here, member_id: str, revoke: bool) -> Response:
    token = commands.renew_link(request.app, here.access, member_id, revoke)
    here = here.refresh()
    member = here.state.member(member_id)
    new_link = None
    if token is not None:
        new_link = str(request.base_url).rstrip("/") + table_url(here.table_id, token)
    if member_id == here.member.id and token is not None:
        return _seated(request, here.table_id, token)
    context = {"member": member, "new_link": new_link}
    return page(request, here, "table/_member_link.html", context)


@router.post("/tables/{table_id}/members/{member_id}/link")
def renew_link(request: Request, here: Here, member_id: str) -> Response:
    """The GM gives a member a new link (shown once, to copy); the old one stops working.
    The GM's own: the page moves to the new link."""
    return _link_changed(request, here, member_id, revoke=False)


@router.post("/tables/{table_id}/members/{member_id}/revoke")
def revoke_link(request: Request, here: Here, member_id: str) -> Response:
    """The GM revokes a member's link (confirmed in the page); the seat stays."""
    return _link_changed(request, here, member_id, revoke=True)


@router.post("/tables/{table_id}/members/{member_id}/remove")
def remove_member(request: Request, here: Here, member_id: str) -> Response:
    """The GM removes a member (confirmed in the page); back to the table."""
    commands.remove_member(request.app, here.access, member_id)
    return redirect(request, here.url())


@router.post("/tables/{table_id}/members/{member_id}/rename")
def rename_member(request: Request, here: Here, member_id: str, form: Form) -> Response:
    """A member's new display name (their own; the GM may rename anyone); every open page's
    members list follows live. To htmx: the list, else back to the table."""
    name = str(form.get("display_name") or "")
    commands.execute(
        request.app, here.access, lambda s, a, _: play_table.rename(s, a, member_id, name)
    )
    if request.headers.get("HX-Request"):
        return members_panel(request, here.refresh())
    return redirect(request, here.url())


@router.post("/tables/{table_id}/archive")
def archive(request: Request, here: Here, form: Form) -> Response:
    """The GM archives the table or reopens it (confirmed in the page)."""
    archived = form.get("archived") != "0"
    commands.execute(request.app, here.access, lambda s, a, _: play_table.archive(s, a, archived))
    return redirect(request, here.url())


@router.post("/tables/{table_id}/delete")
def delete_table(request: Request, here: Here, form: Form) -> Response:
    """The GM deletes the table once its name is typed again; then the home page."""
    commands.delete_table(request.app, here.access, str(form.get("confirm") or ""))
    return redirect(request, "/")


@router.get("/tables/{table_id}/links")
def links_panel(request: Request, here: Here) -> Response:
    """The GM's invite link and own link, when asked for: the table page carries no token (a
    page is kept, cached, shown on a shared screen)."""
    require_gm(here.member, Text(fr="voir les liens de la table", en="see the table's links"))
    context = {
        "invite": f"/join/{here.store.invite_token(here.access)}",
        "gm_link": here.link(),
        "origin": str(request.base_url).rstrip("/"),
    }
    shown = page(request, here, "table/_links.html", context)
    shown.headers["Cache-Control"] = "no-store"
    return shown


def _characters(characters: Any, me: Member) -> list[Any]:
    """Mine first, then the others; deleted ones gone."""
    alive = [c for c in characters if not c.deleted]
    return sorted(alive, key=lambda c: (c.owner_id != me.id, c.name.casefold()))
