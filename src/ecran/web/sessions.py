"""Links become sessions: a member's link (`/tables/{id}?token=…`) or an invite
(`/join/{invite}`) opened in a browser leaves a cookie and sends it on to the clean address.

- A member's link opened (a page GET with `?token=`, not htmx): the token is checked, then kept
  in an HttpOnly, SameSite=Lax cookie named after the table (`ecran_<table id>`: a browser may
  sit at several tables), and a 303 leads to the same address without the token. Over TLS the
  cookie is `Secure` (`ecran.web.security.SecurityHeaders` marks every cookie so). The pages,
  htmx, the live socket and the table page's own scripts' JSON API calls find the token in it
  (`deps.session_token`: a write with the CSRF token in `X-CSRF-Token`); scripts of their own
  keep `Authorization: Bearer`. No page carries a member's token (#28).
- The cookie holds the link's token itself: a revoked, renewed or removed member's next request
  is refused, and their socket closed, as for the link (nothing else to forget).
- An invite opened (`/join/{invite}`): the invite is kept in a cookie of `/join` only and a 303
  leads to `/join`; joining sets the member's cookie and leads to the clean table address.
- "Se déconnecter" (`POST /tables/{id}/logout`) forgets the table's cookie.
- A write authenticated by the cookie alone (a form posted, an htmx request that carries no
  token) must carry the session's CSRF token (`csrf_token`: the `X-CSRF-Token` header, which the
  table page's htmx wrapper sends, or a form's `csrf_token` field), else 403: another site can
  make a browser send the cookie, never read the token. A synchronizer token derived from the
  member's token (an HMAC keyed by it): nothing to store, and it ends with the session.

The tokens still reach the access log in the first address: it writes them redacted
(`ecran.web.security.redact`), the invite in a path too.
"""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import urlencode

from fastapi import Request, Response
from fastapi.responses import RedirectResponse

from ecran.web.asgi import HttpMiddleware, Message, Receive, Scope, Send

#: A session lasts this long without a visit (seconds): a season of play.
SESSION_AGE = 180 * 24 * 3600
#: The cookie holding an invite between opening it and joining (`/join` only).
INVITE_COOKIE = "ecran_invite"
#: An invite kept this long (seconds): time to type one's name.
INVITE_AGE = 3600


#: Where a cookie-authenticated write carries its CSRF token: a header (htmx) or a form field.
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"


def csrf_token(token: str) -> str:
    """The CSRF token of the session holding the member's `token` (the pages write it)."""
    return hmac.new(token.encode(), b"ecran-csrf", hashlib.sha256).hexdigest()[:32]


def csrf_ok(token: str, sent: object) -> bool:
    return isinstance(sent, str) and hmac.compare_digest(sent, csrf_token(token))


def session_cookie(table_id: str) -> str:
    """The name of the cookie holding a member's session at this table."""
    return f"ecran_{table_id}"


class Enter(Exception):
    """A page opened from a member's link: answered with the cookie and the clean address."""

    def __init__(self, table_id: str, token: str, target: str) -> None:
        super().__init__(target)
        self.table_id = table_id
        self.token = token
        self.target = target


def without_token(request: Request) -> str:
    """The request's address without its `token`."""
    query = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
    return request.url.path + ("?" + urlencode(query) if query else "")


def keep_session(response: Response, table_id: str, token: str) -> Response:
    response.set_cookie(
        session_cookie(table_id), token, max_age=SESSION_AGE, httponly=True, samesite="lax"
    )
    return response


def entered(table_id: str, token: str, target: str) -> Response:
    """A 303 to `target` that leaves the member's session cookie."""
    return keep_session(RedirectResponse(target, status_code=303), table_id, token)


def forget_session(response: Response, table_id: str) -> Response:
    response.delete_cookie(session_cookie(table_id), httponly=True, samesite="lax")
    return response


def keep_invite(response: Response, invite: str) -> Response:
    response.set_cookie(
        INVITE_COOKIE, invite, max_age=INVITE_AGE, path="/join", httponly=True, samesite="lax"
    )
    return response


def forget_invite(response: Response) -> Response:
    response.delete_cookie(INVITE_COOKIE, path="/join", httponly=True, samesite="lax")
    return response


#: Where `deps.page_seat` leaves a session to keep: a page authenticated by a token the request
#: carried (a form's, a header's) rather than by its cookie.
TO_KEEP = "ecran_session"


def to_keep(request: Request, table_id: str, token: str) -> None:
    """Have this request's answer keep (or renew) the member's session cookie."""
    if request.cookies.get(session_cookie(table_id)) != token:
        setattr(request.state, TO_KEEP, (table_id, token))


class KeepSessions(HttpMiddleware):
    """Adds the session cookie `to_keep` asked for to the answer, whatever the route answers
    (a page, a redirect, a fragment)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:

        async def with_cookie(message: Message) -> None:
            kept = scope.get("state", {}).get(TO_KEEP)
            if message["type"] == "http.response.start" and kept is not None:
                table_id, token = kept
                cookie = keep_session(Response(), table_id, token).raw_headers
                message["headers"] = [*message.get("headers", []), *cookie[-1:]]
            await send(message)

        await self.app(scope, receive, with_cookie)


async def on_enter(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Enter)
    return entered(exc.table_id, exc.token, exc.target)
