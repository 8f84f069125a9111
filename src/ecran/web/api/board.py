"""What the board's routes share (`scenes`, `tokens`, `handouts`): the table's board and the
caller as the board sees them, one board change through the one write path, and a body read
as JSON or as a form with an image.

A route reads the whole board (`Store.state`, not the member's `view_state`) and answers only
through `play.board.visibility` (`scene_view`, `token_view`, `handout_view`) or a command of
`play.board.commands`, whose lookups see what the caller may see: a hidden or fogged token is
"not found" for a player, as one that does not exist.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from fastapi import Request
from pydantic import BaseModel, ValidationError
from starlette.datastructures import UploadFile

from ecran.play import Event, Member, TableState
from ecran.play.board import log as board_log
from ecran.play.board.events import BoardEvent
from ecran.play.board.model import Board
from ecran.play.board.visibility import Viewer
from ecran.play.errors import TooLarge
from ecran.rules import EcranError, Text, from_errors
from ecran.rules.field import field_labels
from ecran.web import commands
from ecran.web.deps import Seat
from ecran.web.errors import Unsupported
from ecran.web.limits import file_too_large

M = TypeVar("M", bound=BaseModel)

#: A board change: the board, the caller as it sees them, the table's state → the event.
Change = Callable[[Board, Viewer, TableState], BoardEvent]


@dataclass(frozen=True)
class Body:
    """A request's fields (JSON object or form) and its uploaded image's bytes, if any."""

    fields: dict[str, Any]
    image: bytes | None = None
    #: The fields are a form's text (else JSON's values).
    form: bool = False


def seen(me: Seat) -> tuple[TableState, Viewer]:
    """The table's whole state and the caller as the board sees them (answer only through
    `play.board.visibility`)."""
    state = me.store.state(me.table_id)
    return state, board_log.viewer(state, me.member)


def change(request: Request, me: Seat, make: Change) -> Event:
    """One board change through the one write path (checked against the board as it is in
    the transaction, under the table's lock)."""

    def command(state: TableState, actor: Member, _: Any) -> Any:
        return board_log.draft(actor, make(state.board, board_log.viewer(state, actor), state))

    return commands.execute(request.app, me.access, command)


def checked(model: type[M], body: Body) -> M:
    """The body as `model`, validated strictly as JSON (as the OpenAPI document says it: `true`
    is no number, `1` no yes-or-no, `"5"` no number); a form's text is first read as the JSON
    its field's type wants (`json_typed`), nothing looser. A refusal is said as a body's
    (`typed`): a field by its label or its key as written, a whole body's by itself."""
    fields = json_typed(model, body.fields) if body.form else body.fields
    try:
        return model.model_validate_json(json.dumps(fields), strict=True)
    except ValidationError as exc:
        raise from_errors(exc.errors(), field_labels(model), typed=True) from None


def json_typed(model: type[BaseModel], fields: dict[str, Any]) -> dict[str, Any]:
    """A form's text as JSON's values, for the fields the model wants as a number or a yes or
    no (`true`, `false`: any case); any other text stays text (refused if it should not)."""
    kinds = _scalar_kinds(model)
    return {k: _typed(v, kinds.get(k, set())) for k, v in fields.items()}


def _typed(value: Any, kinds: set[str]) -> Any:
    if not isinstance(value, str) or not kinds:
        return value
    if "boolean" in kinds and value.lower() in ("true", "false"):
        return value.lower() == "true"
    if kinds & {"number", "integer"}:
        try:
            number = json.loads(value)
        except ValueError:
            return value
        return number if isinstance(number, int | float) and not isinstance(number, bool) else value
    return value


@cache
def _scalar_kinds(model: type[BaseModel]) -> dict[str, set[str]]:
    """Each field's JSON types among number, integer and boolean, by the name a client uses."""
    found: dict[str, set[str]] = {}
    for name, schema in model.model_json_schema()["properties"].items():
        choices = schema.get("anyOf", [schema])
        kinds = {str(c.get("type")) for c in choices} & {"number", "integer", "boolean"}
        if kinds and "string" not in {c.get("type") for c in choices}:
            found[name] = kinds
    return found


def too_large(limit: int) -> TooLarge:
    return TooLarge(file_too_large(limit))


async def read_body(request: Request, max_image: int, image_field: str = "image") -> Body:
    """The body as JSON (an object) or as a form (`multipart/form-data`, with an optional file
    `image_field` of at most `max_image` bytes); any other type is refused (415)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind in ("multipart/form-data", "application/x-www-form-urlencoded"):
        return await _form(request, max_image, image_field)
    if kind not in ("application/json", ""):
        raise Unsupported(
            Text(
                fr=f"type de corps non pris en charge : {kind} (JSON ou formulaire multipart)",
                en=f"unsupported body type: {kind} (JSON or a multipart form)",
            )
        )
    raw = await request.body()
    if not raw:
        return Body({})
    try:
        value = json.loads(raw)
    except ValueError:
        raise EcranError(Text(fr="JSON invalide", en="invalid JSON")) from None
    if not isinstance(value, dict):
        raise EcranError(Text(fr="objet JSON attendu", en="a JSON object is expected"))
    return Body(value)


async def _form(request: Request, max_image: int, image_field: str) -> Body:
    form = await request.form(max_files=1, max_fields=50)
    fields: dict[str, Any] = {}
    image: bytes | None = None
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            if key != image_field:
                raise EcranError(
                    Text(fr=f"fichier inattendu : {key}", en=f"unexpected file: {key}")
                )
            image = await value.read(max_image + 1)
            if len(image) > max_image:
                raise too_large(max_image)
            if not image and not value.filename:
                image = None  # a file field left untouched: a browser sends it nameless, empty
            elif not image:
                raise EcranError(
                    Text(fr="fichier vide : choisissez une image", en="empty file: choose an image")
                )
        elif key != "token":
            fields[key] = value
    return Body(fields, image, form=True)


def _form_field(schema: dict[str, Any]) -> dict[str, Any]:
    """A field's schema without its null choice (a form cannot send null)."""
    choices = schema.get("anyOf")
    if not isinstance(choices, list):
        return schema
    kept = [c for c in choices if c.get("type") != "null"]
    rest = {k: v for k, v in schema.items() if k != "anyOf" and not (k == "default" and v is None)}
    return {**rest, **kept[0]} if len(kept) == 1 else {**rest, "anyOf": kept}


def body_doc(
    model: type[BaseModel], image: str = "image", form_fields: dict[str, Any] | None = None
) -> dict[str, Any]:
    """OpenAPI's word on a route that reads its body itself (`read_body`): the model as JSON,
    or as a multipart form with an optional image file. A form sends no null (a field left out
    keeps its default) and `form_fields` says the fields a form spells its own way."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    properties = {k: _form_field(v) for k, v in schema.get("properties", {}).items()}
    form = {
        **schema,
        "properties": {
            **properties,
            **(form_fields or {}),
            image: {"type": "string", "format": "binary", "description": "PNG, JPEG or WebP"},
        },
    }
    return {
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": schema},
                "multipart/form-data": {"schema": form},
            },
        }
    }
