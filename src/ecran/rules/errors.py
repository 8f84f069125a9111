"""Bad input, said in one line, in French and English.

Every user-facing error of the engine is an `EcranError`. The CLI prints it and exits 2; the API
answers HTTP 422 with the same text. Nothing else should reach a user.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError

from ecran.rules.text import DEFAULT_LANG, Text


class EcranError(ValueError):
    """A user's input the rules cannot accept."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return self.text(lang)


def unknown(kind: Text, name: str, allowed: Iterable[str]) -> EcranError:
    choices = ", ".join(sorted(allowed)) or "-"
    return EcranError(
        Text(
            fr=f"{kind.fr} inconnu(e) : « {name} ». Possibles : {choices}",
            en=f"unknown {kind.en}: '{name}'. Allowed: {choices}",
        )
    )


_FR = {
    "missing": "valeur requise",
    "int_parsing": "nombre entier attendu",
    "int_type": "nombre entier attendu",
    "int_from_float": "nombre entier attendu",
    "bool_parsing": "booléen attendu (true/false)",
    "bool_type": "booléen attendu (true/false)",
    "extra_forbidden": "paramètre inconnu",
    "string_type": "texte attendu",
    "literal_error": "valeur non permise",
    "enum": "valeur non permise",
    "dict_type": "objet attendu",
    "model_type": "objet attendu",
    "model_attributes_type": "objet attendu",
    "list_type": "liste attendue",
    "float_parsing": "nombre attendu",
    "float_type": "nombre attendu",
    "json_invalid": "JSON invalide",
    "string_too_short": "texte trop court",
    "string_too_long": "texte trop long",
    "too_short": "trop peu d'éléments",
    "too_long": "trop d'éléments",
}


def _field(error: Any) -> str:
    return ".".join(str(part).replace("_", "-") for part in error["loc"]) or "params"


def _fr_message(error: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "greater_than_equal":
        return f"doit être ≥ {ctx['ge']}"
    if kind == "less_than_equal":
        return f"doit être ≤ {ctx['le']}"
    if kind == "greater_than":
        return f"doit être > {ctx['gt']}"
    if kind == "less_than":
        return f"doit être < {ctx['lt']}"
    if kind in ("literal_error", "enum") and "expected" in ctx:
        expected = str(ctx["expected"]).replace("' or '", "' ou '")
        return f"valeur non permise, attendu : {expected}"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return _FR.get(kind, str(error["msg"]))


def from_validation(exc: ValidationError) -> EcranError:
    """One line out of pydantic's errors: each field, what is wrong, and the value given."""
    return from_errors(exc.errors())


def from_errors(errors: Sequence[Any]) -> EcranError:
    """The same from pydantic-shaped error dicts (as FastAPI's RequestValidationError gives)."""
    fr_parts, en_parts = [], []
    for error in errors:
        field = _field(error)
        # A whole-model error (empty loc) would echo every parameter: name none.
        shown = "input" in error and error["type"] != "missing" and error["loc"]
        given = f" ({error['input']!r})" if shown else ""
        fr_parts.append(f"{field} : {_fr_message(error)}{given}")
        en_parts.append(f"{field}: {error['msg']}{given}")
    return EcranError(Text(fr="; ".join(fr_parts), en="; ".join(en_parts)))
