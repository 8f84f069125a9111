"""The edge every route's request passes before its handler: `CheckedRoute`, the `route_class`
of every router. In order, for a write: the write limits (`ecran.web.rates`), the
`Idempotency-Key` (`ecran.web.idempotency`), then the text of the body (`ecran.web.text`); for
any other request the text only; then, for a documented operation, its query and JSON body read
as strictly as the document says them (`ecran.web.strict`). One place, so no route can forget
any.

What reads the store (the member's token, the `Idempotency-Key`'s claim) is imported by the
first write, not with this module: `ecran serve`'s first page passes this edge before the
store's ORM and the play layer are loaded (they load in the background after it)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.datastructures import FormData

from ecran.web.errors import body_labels
from ecran.web.rates import counted, limit_write
from ecran.web.strict import PENDING, Reader, after_checks
from ecran.web.text import is_form, refused, refused_in_form, unsafe_body

if TYPE_CHECKING:
    from ecran.web.idempotency import Handler

_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


async def request_token(request: Request) -> str | None:
    """The member's token the request carries, wherever (a form's too: read once, kept)."""
    from ecran.web.deps import token_in  # the store's layer (the module's note)

    form: FormData | None = None
    if request.headers.get("content-type", "").startswith(_FORMS):
        form = await request.form()
    table_id = request.path_params.get("table_id")
    return token_in(request.headers, request.query_params, form, request.cookies, table_id)


class CheckedRoute(APIRoute):
    """A route whose writes are counted and whose body's text is checked before its handler."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        super().__init__(path, after_checks(endpoint), **kwargs)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        reader = Reader(self) if self.include_in_schema else None

        async def checked(request: Request) -> Response:
            request.state.route = self  # its body's model names a refused field's place
            if not counted(request):
                return await _checked_text(request, handler, reader)
            from ecran.web.idempotency import idempotent  # the store's layer (the module's note)

            token = await request_token(request)
            await limit_write(request, token)
            return await idempotent(request, lambda r: _checked_text(r, handler, reader), token)

        return checked


async def _checked_text(request: Request, handler: Handler, reader: Reader | None) -> Response:
    found = await unsafe_body(request)
    if found is not None:
        labels = body_labels(request)
        if labels is None and is_form(request):
            raise refused_in_form(*found)
        raise refused(*found, labels)
    pending = PENDING.set(await reader.found(request) if reader is not None else None)
    try:
        return await handler(request)
    finally:
        PENDING.reset(pending)
