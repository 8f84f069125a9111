"""Text that can be shown, stored and read back: no lone surrogate, no control character, no
bidirectional override.

A lone surrogate (`"\\ud800"` is valid JSON) is a Python string but no Unicode text: it cannot be
encoded as UTF-8, so a page, a JSON answer or a WebSocket frame carrying it fails. The control
characters (NUL, escapes…; tab and line breaks are text) and the bidirectional overrides
(U+202A-202E, U+2066-2069, which reorder what follows them on screen) only hide what is written:
`ecran.rules.sizes.CONTROL` is that set. The web refuses all three at its edge
(`ecran.web.text`); the store refuses what it could not read back (`refuse_unstorable`); the
`0004` migration replaces them in tables stored before (`repaired`).
"""

from __future__ import annotations

import re
from typing import Any

from ecran.dice.control import CONTROL
from ecran.rules.text import Text

#: Every character refused in a text a client sends: `CONTROL` and the surrogates.
UNSAFE = re.compile(CONTROL.pattern[:-1] + "\ud800-\udfff]")
#: What a repaired text holds where a refused character was.
REPLACEMENT = "\ufffd"
#: What no database stores and gives back as text: NUL (PostgreSQL) and the surrogates.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

Where = tuple[str | int, ...]


def unsafe_character(text: str, refused: re.Pattern[str] = UNSAFE) -> str | None:
    """The first refused character of `text`, as its code point (`U+D800`), or None."""
    found = refused.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def first_unsafe(
    value: Any, where: Where = (), refused: re.Pattern[str] = UNSAFE
) -> tuple[Where, str] | None:
    """Where the first refused character of JSON-like `value` is (a key or a value) and which."""
    if isinstance(value, str):
        code = unsafe_character(value, refused)
        return None if code is None else (where, code)
    if isinstance(value, dict):
        for key, item in value.items():
            name = key if isinstance(key, str) else str(key)
            code = unsafe_character(name, refused)
            if code is not None:
                return (*where, repaired(name)), code
            found = first_unsafe(item, (*where, name), refused)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = first_unsafe(item, (*where, index), refused)
            if found is not None:
                return found
    return None


def repaired(value: Any) -> Any:
    """`value` with each refused character replaced by U+FFFD (keys too); the rest as it was."""
    if isinstance(value, str):
        return UNSAFE.sub(REPLACEMENT, value)
    if isinstance(value, dict):
        return {repaired(k) if isinstance(k, str) else k: repaired(v) for k, v in value.items()}
    if isinstance(value, list):
        return [repaired(item) for item in value]
    return value


def dotted(where: Where) -> str:
    """A place in a body as a client writes it: `params.skill`, `order.2`."""
    return ".".join(str(part) for part in where)


def refusal(code: str) -> Text:
    """Why a character `unsafe_character` named is refused, in words."""
    if code.startswith("U+D"):
        return Text(
            fr=f"caractère Unicode invalide ({code} : moitié de paire isolée)",
            en=f"invalid Unicode character ({code}: lone surrogate)",
        )
    return Text(
        fr=f"caractère de contrôle non permis ({code})",
        en=f"control character not allowed ({code})",
    )
