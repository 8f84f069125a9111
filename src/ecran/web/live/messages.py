"""What a client may send on the table's WebSocket, checked: anything else is one line of error.

`{"type": "resume", "after": N}` asks again for every event after N; `{"type": "ping"}` is
answered `{"type": "pong"}` (a keep-alive for proxies that close quiet sockets).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ecran.rules import EcranError, Text, from_validation, unknown
from ecran.rules.errors import load_json
from ecran.rules.option import param
from ecran.rules.refusals import given_said

#: Longer client messages are refused unread (ours are a few dozen bytes).
MESSAGE_MAX = 4096


#: The fields' words, which name a refused value's place (`rules.places`).
KIND = Text(fr="Type de message", en="Message type")
AFTER = Text(fr="Dernier événement reçu", en="Last event received")


class Resume(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    type: Literal["resume"] = param(KIND, default="resume")
    after: int = param(AFTER, ge=0)


class Ping(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    type: Literal["ping"] = param(KIND, default="ping")


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
    value: Any = load_json(text, Text(fr="le message", en="the message"))
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
        raise from_validation(exc, _KINDS[kind]) from None


def parse_after(value: str | None) -> int:
    """The `after` of the socket's URL: a sequence number, 0 (the whole log) when absent."""
    if value is None or value == "":
        return 0
    if not (value.isascii() and value.isdigit()):
        raise EcranError(
            Text(
                fr=f"{AFTER.fr} : entier ≥ 0 attendu ({given_said(value, 'fr')})",
                en=f"{AFTER.en}: an integer ≥ 0 expected ({given_said(value, 'en')})",
            )
        )
    return int(value)
