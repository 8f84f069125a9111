"""Every text a client sends is Unicode a page can show, or refused in one line naming its field.

`ClientText` is the type of the strings of the request models: valid Unicode (no lone
surrogate), no control character, no bidirectional override (`ecran.rules.clean_text`), and
bounded. The free parts of a body (a check's parameters, options, a sheet) and the forms are
checked at the same edge by every route (`ecran.web.edge.CheckedRoute`):
before the handler runs, the body the handler will read (JSON or form, parsed once: Starlette
keeps it) is walked, and the first refused character is a 422 naming its field, in the
request's language. The store refuses what it could not read back all the same
(`ecran.store.repository.rows.refuse_unstorable`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from fastapi import Request
from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError
from starlette.datastructures import UploadFile

from ecran.rules import EcranError, Text
from ecran.rules.clean_text import Where, dotted, first_unsafe, refusal, repaired, unsafe_character
from ecran.rules.refusals import field_words
from ecran.rules.sizes import TEXT_MAX
from ecran.web.forms.words import form_field

#: Methods whose body a route reads.
_WITH_BODY = {"POST", "PUT", "PATCH"}
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def _valid(value: str) -> str:
    code = unsafe_character(value)
    if code is None:
        return value
    if code.startswith("U+D"):
        raise PydanticCustomError(
            "string_unicode", "Input should be a valid Unicode string ({code})", {"code": code}
        )
    raise PydanticCustomError(
        "string_control", "Control character {code} not allowed", {"code": code}
    )


#: A string a client sends: valid, shown as written, at most `TEXT_MAX` characters (a field
#: may bound it tighter with its own `Field(max_length=…)`).
ClientText = Annotated[str, AfterValidator(_valid), Field(max_length=TEXT_MAX)]

#: The bound of a name or an id a client sends (a table's, a member's, a check's…); the rules
#: bound each tighter in their own words (`ecran.play.table.NAME_MAX`…).
NAME_MAX = 200

#: A name or an id a client sends.
Name = Annotated[str, AfterValidator(_valid), Field(max_length=NAME_MAX)]


def refused(where: Where, code: str, labels: Mapping[str, Text] | None = None) -> EcranError:
    """The one line of a refused character: the field (by the words of the body's model,
    `labels`, as a validation refusal names it; else as the body spells it), then why."""
    why = refusal(code)
    if not dotted(where):
        return EcranError(why)
    return _said(field_words(list(where), labels, typed=True), why)


def refused_in_form(where: Where, code: str) -> EcranError:
    """The same for a page's form: its field by the forms' words (`forms.words`), never by the
    name the form sends, which a player would read as it is."""
    return _said(form_field(where[0] if where else None), refusal(code))


def _said(field: Text, why: Text) -> EcranError:
    return EcranError(Text(fr=f"{field.fr} : {why.fr}", en=f"{field.en}: {why.en}"))


def is_form(request: Request) -> bool:
    """Whether the request's body is a form (a page's), not JSON."""
    return request.headers.get("content-type", "").startswith(_FORMS)


async def unsafe_body(request: Request) -> tuple[Where, str] | None:
    """Where the body's first refused character is, and which (None: none, or no body)."""
    if request.method not in _WITH_BODY:
        return None
    kind = request.headers.get("content-type", "")
    if is_form(request):
        form = await request.form()
        for key, value in form.multi_items():
            text = value.filename or "" if isinstance(value, UploadFile) else value
            found = first_unsafe({key: text})
            if found is not None:
                return found
        return None
    if kind and "json" not in kind:
        return None
    if not await request.body():
        return None
    try:
        body = await request.json()
    except Exception:  # not JSON: the route says why, in its own words
        return None
    return first_unsafe(body)


def shown(line: str) -> str:
    """A line that may quote what a client sent, made safe to send back."""
    return str(repaired(line))
