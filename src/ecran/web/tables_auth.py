"""Who is calling a table route: the member whose link token comes with the request.

The token travels as `Authorization: Bearer <token>` (API clients) or `?token=` (links, the
WebSocket, where browsers cannot set headers). A token names one member at one table; a token of
another table is refused like a wrong one, so a link never opens a table it was not made for.
"""

from __future__ import annotations

from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ecran.play.errors import NotFound
from ecran.rules import Text
from ecran.store import Access, Store
from ecran.web.errors import Unauthorized
from ecran.web.store_dep import get_store

#: Page paths the links point at (the table pages serve them).
GM_PAGE = "/tables/{table_id}"
INVITE_PAGE = "/join/{invite_token}"

_bearer = HTTPBearer(auto_error=False, description="the member's link token")


def missing_token() -> Unauthorized:
    return Unauthorized(
        Text(
            fr="jeton de membre manquant (en-tête Authorization: Bearer … ou ?token=…)",
            en="missing member token (Authorization: Bearer … header or ?token=…)",
        )
    )


def token_of(request: Request, credentials: HTTPAuthorizationCredentials | None) -> str:
    token = credentials.credentials if credentials is not None else None
    token = token or request.query_params.get("token")
    if not token:
        raise missing_token()
    return token


def wrong_link() -> NotFound:
    return NotFound(Text(fr="lien invalide ou expiré", en="invalid or expired link"))


async def authenticate(store: Store, token: str, table_id: str) -> Access:
    access = await run_in_threadpool(store.authenticate, token)
    if access.table_id != table_id:
        raise wrong_link()
    return access


async def member_access(
    table_id: str,
    request: Request,
    credentials: HTTPAuthorizationCredentials | None = Depends(_bearer),
    store: Store = Depends(get_store),
) -> Access:
    """FastAPI dependency: the calling member of the table in the path."""
    return await authenticate(store, token_of(request, credentials), table_id)


def link(request: Request, path: str) -> str:
    return str(request.base_url).rstrip("/") + path


def gm_link(request: Request, table_id: str, gm_token: str) -> str:
    return link(request, GM_PAGE.format(table_id=table_id)) + f"?token={gm_token}"


def invite_link(request: Request, invite_token: str) -> str:
    return link(request, INVITE_PAGE.format(invite_token=invite_token))


def member_link(request: Request, table_id: str, token: str) -> str:
    """A player's own link back to the table (the same page as the GM's, with their token)."""
    return gm_link(request, table_id, token)
