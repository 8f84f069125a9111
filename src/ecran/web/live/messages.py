"""What a client may send on the table's WebSocket, checked: anything else is one line of error.

`{"type": "resume", "after": N}` asks again for every event after N; `{"type": "ping"}` is
answered `{"type": "pong"}` (a keep-alive for proxies that close quiet sockets).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ecran.rules import EcranError, Text, from_validation, unknown

#: Longer client messages are refused unread (ours are a few dozen bytes).
MESSAGE_MAX = 4096


class Resume(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    type: Literal["resume"] = "resume"
    after: int = Field(ge=0)


class Ping(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    type: Literal["ping"] = "ping"


ClientMessage = Resume | Ping
_KINDS: dict[str, type[Resume] | type[Ping]] = {"resume": Resume, "ping": Ping}


def _refuse(fr: str, en: str) -> EcranError:
    return EcranError(Text(fr=fr, en=en))


def parse_message(text: str | None) -> ClientMessage:
    if text is None:
        raise _refuse("message texte JSON attendu", "a JSON text message is expected")
    if len(text) > MESSAGE_MAX:
        raise _refuse(
            f"message trop long (max {MESSAGE_MAX} caractères)",
            f"message too long (max {MESSAGE_MAX} characters)",
        )
    try:
        value: Any = json.loads(text)
    except ValueError as exc:
        raise _refuse(f"JSON invalide : {exc}", f"invalid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise _refuse(
            'un message est un objet JSON avec un champ "type"',
            'a message is a JSON object with a "type" field',
        )
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise unknown(Text(fr="type de message", en="message type"), str(kind), _KINDS)
    try:
        return _KINDS[kind].model_validate(value)
    except ValidationError as exc:
        raise from_validation(exc) from None


def parse_after(value: str | None) -> int:
    """The `after` of the socket's URL: a sequence number, 0 (the whole log) when absent."""
    if value is None or value == "":
        return 0
    if not (value.isascii() and value.isdigit()):
        raise _refuse(
            f"after : entier ≥ 0 attendu ({value!r})", f"after: an integer ≥ 0 ({value!r})"
        )
    return int(value)
