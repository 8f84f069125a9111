"""What every page of the live table shares: rendering with the seat's context (the member, the
table as they may see it, links carrying their token), redirects, and a form or query string as
lists of values."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData, ImmutableMultiDict, QueryParams

from ecran.engine.table_options import forced as forced  # the pages read it here
from ecran.web.deps import Seat
from ecran.web.errors import is_htmx
from ecran.web.forms import fields_of
from ecran.web.i18n import request_lang
from ecran.web.render import render, render_text
from ecran.web.sessions import csrf_token


def multi(data: QueryParams | ImmutableMultiDict[str, Any] | FormData) -> dict[str, list[str]]:
    """Every text value of a form or query string, by name (uploaded files left out)."""
    return {k: [str(v) for v in data.getlist(k) if isinstance(v, str)] for k in data}


def seed_of(text: str) -> int | None:
    """A seed typed in a form or a link: none when empty; a bad one is refused downstream (the
    roller's own one-line message), so it is passed on as an invalid seed."""
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return -1


def operation_forms(here: Seat) -> list[dict[str, Any]]:
    """Each of the system's operations with the fields the member sets (the table's options are
    not theirs to change)."""
    options = here.state.table.options
    return [
        {
            "op": op,
            "fields": [f for f in fields_of(op.params) if f.name not in forced(options, op.params)],
        }
        for op in here.system.operations
    ]


def page(
    request: Request, where: Seat | None, template: str, context: dict[str, Any], status: int = 200
) -> HTMLResponse:
    """Render a page or fragment of the table with what every table template reads."""
    lang = where.lang if where is not None else request_lang(request)
    return render(request, template, _with_seat(where, context), lang=lang, status_code=status)


def page_text(request: Request, where: Seat, template: str, context: dict[str, Any]) -> str:
    """`page`'s HTML, to keep (`pages.kept`) and answer with `html`."""
    return render_text(request, template, _with_seat(where, context), lang=where.lang)


def _with_seat(where: Seat | None, context: dict[str, Any]) -> dict[str, Any]:
    if where is None:
        return context
    common = {
        "seat": where,
        "state": where.state,
        "table": where.state.table,
        "system": where.system,
        "me": where.member,
        "csrf": csrf_token(where.token),
        "url": where.url,
    }
    return {**common, **context}


def redirect(request: Request, target: str) -> Response:
    """A plain form gets a 303; an htmx one is told where to go."""
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)


#: Times a fragment (odds, advice) asks again, a second apart, for what a busy work budget put
#: off.
ODDS_RETRIES = 5


def query_index(raw: str | None, count: int) -> int:
    """An index below `count` from the query (0 when absent or not a number)."""
    try:
        return min(max(int(raw or 0), 0), max(count - 1, 0))
    except ValueError:
        return 0


def next_retry(raw: str | None) -> int | None:
    """The number of the next try of a fragment a busy work budget put off (`raw`: this one's,
    from the query), or None once ODDS_RETRIES were made: the fragment then stops asking."""
    done = query_index(raw, ODDS_RETRIES + 1)
    return done + 1 if done < ODDS_RETRIES else None
