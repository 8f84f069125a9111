"""The page forms' fields in words (`words.toml`): a refusal at the edge names a form's field
by them, or by the fallback, never by the name the form sends (a player never reads an id)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ecran.rules import Text

_FILE = Path(__file__).with_name("words.toml")


@cache
def _read() -> tuple[dict[str, Text], Text]:
    data = tomllib.loads(_FILE.read_text(encoding="utf-8"))
    words = {name: Text.model_validate(word) for name, word in data["words"].items()}
    return words, Text.model_validate(data["fallback"])


def form_field(name: object) -> Text:
    """The field a page form sends under `name`, in words."""
    words, fallback = _read()
    return words.get(name, fallback) if isinstance(name, str) else fallback
