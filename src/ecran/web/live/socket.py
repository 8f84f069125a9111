"""`/ws/tables/{table_id}`: the table's live log for the member whose token is given (the frames
and client messages are described in `live.hub`)."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, WebSocket
from fastapi.concurrency import run_in_threadpool

from ecran.rules import EcranError
from ecran.rules.text import DEFAULT_LANG, LANGS, Text
from ecran.rules.wording import whole_number
from ecran.web.deps import app_store, authenticate, missing_token, token_in
from ecran.web.edge import CheckedRoute
from ecran.web.errors import one_line, status_of
from ecran.web.i18n import COOKIE
from ecran.web.limits import MAX_INT
from ecran.web.live.hub import hub
from ecran.web.live.messages import AFTER, parse_after

router = APIRouter(route_class=CheckedRoute, tags=["live"])


def _lang(socket: WebSocket) -> str:
    asked = socket.query_params.get("lang") or socket.cookies.get(COOKIE)
    return asked if asked in LANGS else DEFAULT_LANG


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    """The table's live log for the member whose token is given (see `live.hub`)."""
    lang = _lang(socket)
    await socket.accept()
    app: FastAPI = socket.app
    try:
        after = parse_after(socket.query_params.get("after"))
        if after > MAX_INT:  # a sequence number is a BIGINT: beyond it, nothing to resume
            raise EcranError(
                Text(
                    fr=f"{AFTER.fr} : entier entre 0 et {whole_number(MAX_INT, 'fr')} attendu",
                    en=f"{AFTER.en}: an integer between 0 and {whole_number(MAX_INT, 'en')}",
                )
            )
        token = token_in(socket.headers, socket.query_params, None, socket.cookies, table_id)
        if token is None:
            raise missing_token()
        access = await run_in_threadpool(authenticate, app_store(app), token, table_id)
    except EcranError as exc:
        await socket.send_json({"type": "error", "detail": one_line(exc.message(lang))})
        await socket.close(code=4000 + status_of(exc))
        return
    presence = socket.query_params.get("presence") == "1"
    store = app_store(app)
    await hub(app).serve(
        socket, access, after, lang, presence, lambda: authenticate(store, token, table_id)
    )
