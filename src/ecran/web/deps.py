"""What a request needs before its handler runs: the app's one `Store`, the member's token, and
their seat at the table in the path.

The token of a member's link travels as `Authorization: Bearer <token>` (API clients), the
`X-Ecran-Token` header (htmx, set on the table page's wrapper), `?token=` (links, the WebSocket,
where browsers cannot set headers) or a form's hidden `token` field. A token names one member at
one table; a token of another table is refused like a wrong one, so a link never opens a table it
was not made for.

The seat dependencies are plain functions: FastAPI runs them in its thread pool, so reading the
database never blocks the event loop (the handlers that use them are plain `def` too). The ones
that only read the request are `async`: each plain one costs a trip through the pool.
`ECRAN_DATABASE_URL` chooses the database; tests give each app its own SQLite file
(`app.state.database_url` before the first request, or `attach_store(app, url)`).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import Depends, FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.datastructures import FormData

from ecran.engine import get_system
from ecran.play import Member, TableState, view_state
from ecran.play.errors import Forbidden, NotFound
from ecran.rules import System, Text
from ecran.store import Access, Store, open_store
from ecran.web.errors import TABLE_BACK, Unauthorized
from ecran.web.i18n import request_lang
from ecran.web.sessions import (
    CSRF_FIELD,
    CSRF_HEADER,
    Enter,
    csrf_ok,
    session_cookie,
    to_keep,
    without_token,
)

HEADER = "X-Ecran-Token"

# -- the store ------------------------------------------------------------------------------------

# Two first requests arriving together must not open (and migrate) the database twice.
_OPENING = threading.Lock()


def attach_store(app: FastAPI, url: str | None = None) -> Store:
    store = open_store(url)
    app.state.store = store
    return store


def app_store(app: FastAPI) -> Store:
    """The app's store, opened lazily on first use (from a request, the WebSocket or the hub)."""
    store: Store | None = getattr(app.state, "store", None)
    if store is not None:
        return store
    with _OPENING:
        store = getattr(app.state, "store", None)
        if store is None:
            store = attach_store(app, getattr(app.state, "database_url", None))
        return store


async def get_store(request: Request) -> Store:
    """FastAPI dependency: the app's store. On the event loop (a plain `def` would cost every
    request a trip through the thread pool for nothing), but opening it the first time is
    blocking work: that one runs in the pool."""
    store: Store | None = getattr(request.app.state, "store", None)
    if store is not None:
        return store
    return await run_in_threadpool(app_store, request.app)


Db = Annotated[Store, Depends(get_store)]

# -- the token ------------------------------------------------------------------------------------


def token_in(
    headers: Mapping[str, str],
    query: Mapping[str, str],
    form: FormData | None = None,
    cookies: Mapping[str, str] | None = None,
    table_id: str | None = None,
) -> str | None:
    """The member's token, wherever the request carries it: a header, the address, a form,
    else the session cookie of the table in the path."""
    bearer = headers.get("authorization", "")
    if bearer.lower().startswith("bearer ") and bearer[7:].strip():
        return bearer[7:].strip()
    token = headers.get(HEADER) or query.get("token")
    if not token and form is not None:
        given = form.get("token")
        token = given if isinstance(given, str) else None
    if not token and cookies is not None and table_id:
        token = cookies.get(session_cookie(table_id))
    return token or None


def missing_token() -> Unauthorized:
    return Unauthorized(
        Text(
            fr="jeton de membre manquant (en-tête Authorization: Bearer … ou ?token=…)",
            en="missing member token (Authorization: Bearer … header or ?token=…)",
        )
    )


def bad_link() -> NotFound:
    return NotFound(Text(fr="lien invalide ou expiré", en="invalid or expired link"))


async def request_form(request: Request) -> FormData:
    """FastAPI dependency: a POST's form, read on the event loop (it is I/O, not the database);
    Starlette caches it, so the token reader and the handler share one read."""
    if request.method != "POST":
        return FormData()
    return await request.form()


Form = Annotated[FormData, Depends(request_form)]


async def page_token(request: Request, form: Form) -> str:
    """A page's token (its session's when the request carries none); none is a bad link
    (404), as a link without its token is. A write the cookie alone authenticates needs the
    session's CSRF token (`sessions.csrf_token`), else 403."""
    table_id = request.path_params.get("table_id")
    carried = token_in(request.headers, request.query_params, form)
    token = carried or token_in({}, {}, None, request.cookies, table_id)
    if token is None:
        raise bad_link()
    if carried is None and request.method not in _READS:
        sent = request.headers.get(CSRF_HEADER) or form.get(CSRF_FIELD)
        if not csrf_ok(token, sent):
            raise cross_site()
    return token


#: Methods that change nothing: no CSRF token asked.
_READS = {"GET", "HEAD", "OPTIONS"}


def cross_site() -> Forbidden:
    return Forbidden(
        Text(
            fr="requête refusée : jeton anti-CSRF manquant ou invalide (rechargez la page)",
            en="request refused: missing or invalid CSRF token (reload the page)",
        )
    )


_bearer = HTTPBearer(auto_error=False, description="the member's link token")


async def api_token(
    request: Request, credentials: HTTPAuthorizationCredentials | None = Depends(_bearer)
) -> str:
    """An API call's token; none is 401 (`credentials` documents the scheme in OpenAPI). On the
    event loop: it reads headers, nothing that blocks. A table page's script carries none: the
    session cookie of the table in the path stands for it (`session_token`)."""
    token = credentials.credentials if credentials is not None else None
    token = token or token_in(request.headers, request.query_params) or session_token(request)
    if not token:
        raise missing_token()
    return token


def session_token(request: Request) -> str | None:
    """The token of the session cookie of the table in the path, for a table page's script:
    a read as it is (another site's page cannot send the cookie with its requests, SameSite,
    nor read an answer), a write only with the session's CSRF token in `X-CSRF-Token` (403
    without: another site can make a browser send the cookie, never the header)."""
    token = token_in({}, {}, None, request.cookies, request.path_params.get("table_id"))
    sent = request.headers.get(CSRF_HEADER)
    if token is not None and request.method not in _READS and not csrf_ok(token, sent):
        raise cross_site()
    return token


# -- the seat -------------------------------------------------------------------------------------


def authenticate(store: Store, token: str, table_id: str) -> Access:
    """The member this token names, at this table (a token of another table is a bad link)."""
    access = store.authenticate(token)
    if access.table_id != table_id:
        raise bad_link()
    return access


@dataclass
class Seat:
    """One member at one table, for one request: their access, the token their links carry, the
    language; the table as they may see it and its system are read when first asked for."""

    store: Store
    access: Access
    token: str
    lang: str
    _state: TableState | None = field(default=None, repr=False)

    @property
    def member(self) -> Member:
        return self.access.member

    @property
    def table_id(self) -> str:
        return self.access.table_id

    @property
    def state(self) -> TableState:
        """The table as this member may see it (no secret sheet for a player)."""
        if self._state is None:
            self._state = view_state(self.store.state(self.table_id), self.member)
        return self._state

    @property
    def system(self) -> System[Any]:
        # not functools.cached_property: before Python 3.12 it holds one lock for every
        # instance, so one slow state read would stall every other request's seat
        return get_system(self.state.table.system_id)

    def url(self, path: str = "", **query: Any) -> str:
        """A page of the table, for this member: no token (their session cookie carries it)."""
        if query:
            values = {"lang": self.lang, **{k: v for k, v in query.items() if v is not None}}
            return f"/tables/{self.table_id}{path}?" + urlencode(values)
        return f"/tables/{self.table_id}{path}?lang={self.lang}"

    def link(self) -> str:
        """This member's link (with the token): to share or keep, never to navigate by."""
        return table_url(self.table_id, self.token)

    def refresh(self) -> Seat:
        """The same seat after a write (the state is read again)."""
        return Seat(self.store, self.access, self.token, self.lang)


def table_url(table_id: str, token: str, path: str = "", **query: Any) -> str:
    """A link of the table for the member whose token it carries."""
    values = {"token": token, **{k: v for k, v in query.items() if v is not None}}
    return f"/tables/{table_id}{path}?" + urlencode(values)


def _link_opened(request: Request) -> bool:
    """A page opened from a link with its token (not a fragment htmx asks for)."""
    opened = request.method in ("GET", "HEAD") and "token" in request.query_params
    return opened and request.headers.get("HX-Request") != "true"


def page_seat(table_id: str, request: Request, store: Db, token: str = Depends(page_token)) -> Seat:
    """FastAPI dependency of the table pages: the member asking, at this table. The way back
    to it is left on the request, for an error page of this request (`errors.table_back`)."""
    seat = Seat(store, authenticate(store, token, table_id), token, request_lang(request))
    if _link_opened(request):  # now a session: the cookie, then the clean address
        raise Enter(table_id, token, without_token(request))
    to_keep(request, table_id, token)
    setattr(request.state, TABLE_BACK, seat.url())
    return seat


def api_seat(table_id: str, request: Request, store: Db, token: str = Depends(api_token)) -> Seat:
    """FastAPI dependency of the table API: the calling member of the table in the path. A
    token that does not open this table (unknown, revoked, another table's) is a 401: the
    credentials are wrong (a page says "invalid link", 404)."""
    try:
        access = authenticate(store, token, table_id)
    except NotFound:
        raise wrong_token() from None
    return Seat(store, access, token, request_lang(request))


def wrong_token() -> Unauthorized:
    return Unauthorized(
        Text(
            fr="jeton de membre invalide ou expiré pour cette table",
            en="invalid or expired member token for this table",
        )
    )


Here = Annotated[Seat, Depends(page_seat)]
Me = Annotated[Seat, Depends(api_seat)]
