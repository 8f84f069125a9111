"""What every page of the live table shares: who is asking (their link's token), the table as
that member may see it, the links that carry the token, publishing events, and rendering.

A member's token travels with every request: in the query string of links (`?token=`), in a
hidden form field, or in the `X-Ecran-Token` header htmx adds (set on the page's wrapper).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse

from ecran.engine import get_system
from ecran.play import Event, EventView, Member, TableState, view_state
from ecran.play.errors import NotFound
from ecran.rules import EcranError, System, Text
from ecran.store import Access, Store
from ecran.web.errors import status_of
from ecran.web.i18n import request_lang
from ecran.web.live import hub
from ecran.web.render import render
from ecran.web.store_dep import get_store

HEADER = "X-Ecran-Token"


@dataclass(frozen=True)
class Seat:
    """One member at one table, for one request: their access, the state they may see, the
    system, the language and the token their links carry."""

    store: Store
    access: Access
    token: str
    state: TableState
    system: System[Any]
    lang: str

    @property
    def member(self) -> Member:
        return self.access.member

    @property
    def table_id(self) -> str:
        return self.access.table_id

    def url(self, path: str = "", **query: Any) -> str:
        return table_url(self.table_id, self.token, path, lang=self.lang, **query)

    def refresh(self) -> Seat:
        """The same seat after a write (the state has moved on)."""
        state = view_state(self.store.state(self.table_id), self.member)
        return Seat(self.store, self.access, self.token, state, self.system, self.lang)


def table_url(table_id: str, token: str, path: str = "", **query: Any) -> str:
    """A link of the table for the member whose token it carries."""
    values = {"token": token, **{k: v for k, v in query.items() if v is not None}}
    return f"/tables/{table_id}{path}?" + urlencode(values)


def bad_link() -> NotFound:
    return NotFound(Text(fr="lien invalide ou expiré", en="invalid or expired link"))


async def token_of(request: Request) -> str:
    token = request.headers.get(HEADER) or request.query_params.get("token")
    if not token and request.method == "POST":
        form = await request.form()  # Starlette caches it: the handler reads it again freely
        given = form.get("token")
        token = given if isinstance(given, str) else None
    if not token:
        raise bad_link()
    return token


async def seat(request: Request, table_id: str) -> Seat:
    """The member asking, at this table (a token of another table is refused like a bad one)."""
    store = get_store(request)
    token = await token_of(request)
    access = store.authenticate(token)
    if access.table_id != table_id:
        raise bad_link()
    state = view_state(store.state(table_id), access.member)
    system = get_system(state.table.system_id)
    return Seat(store, access, token, state, system, request_lang(request))


async def publish(request: Request, event: Event) -> None:
    """After every write: the hub sends each connection its own view of the event."""
    await hub(request.app).publish(event.table_id, event)


def nudge(request: Request, table_id: str) -> None:
    """After a store write that hands back its result, not its event (join, save a
    character): every connection of the table reads what it has not sent yet."""
    hub(request.app).nudge(table_id)


def whole(view: EventView) -> Event:
    """A view its member sees in full is the event itself (used where the store hands back a
    view of a public event but the hub wants the event)."""
    if view.redacted or view.kind == "hidden":
        raise ValueError("a redacted view is not the event")
    data = view.model_dump()
    data.pop("redacted")
    return Event.model_validate(data)


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def page(
    request: Request, where: Seat | None, template: str, context: dict[str, Any], status: int = 200
) -> HTMLResponse:
    """Render a page or fragment of the table with what every table template reads."""
    lang = where.lang if where is not None else request_lang(request)
    common: dict[str, Any] = {}
    if where is not None:
        common = {
            "seat": where,
            "state": where.state,
            "table": where.state.table,
            "system": where.system,
            "me": where.member,
            "token": where.token,
            "url": where.url,
        }
    return render(request, template, {**common, **context}, lang=lang, status_code=status)


def error_fragment(request: Request, error: EcranError) -> HTMLResponse:
    """A refusal shown in place (htmx swaps 422; a whole page keeps the real status)."""
    lang = request_lang(request)
    message = error.message(lang).splitlines()[0]
    if is_htmx(request):
        return render(request, "_error.html", {"message": message}, lang=lang, status_code=422)
    status = status_of(error)
    return render(request, "error.html", {"message": message}, lang=lang, status_code=status)
