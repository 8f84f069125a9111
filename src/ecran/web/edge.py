"""The edge every route's request passes before its handler: `CheckedRoute`, the `route_class`
of every router. In order: the write limits (`ecran.web.rates`), then the text of the body
(`ecran.web.text`). One place, so no route can forget either."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.datastructures import FormData

from ecran.web.deps import token_in
from ecran.web.rates import counted, limit_write
from ecran.web.text import refused, unsafe_body

_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


async def request_token(request: Request) -> str | None:
    """The member's token the request carries, wherever (a form's too: read once, kept)."""
    form: FormData | None = None
    if request.headers.get("content-type", "").startswith(_FORMS):
        form = await request.form()
    table_id = request.path_params.get("table_id")
    return token_in(request.headers, request.query_params, form, request.cookies, table_id)


class CheckedRoute(APIRoute):
    """A route whose writes are counted and whose body's text is checked before its handler."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def checked(request: Request) -> Response:
            if counted(request):
                await limit_write(request, await request_token(request))
            found = await unsafe_body(request)
            if found is not None:
                raise refused(*found)
            return await handler(request)

        return checked
