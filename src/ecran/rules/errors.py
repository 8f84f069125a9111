"""Bad input, said in one line, in French and English.

Every user-facing error of the engine is an `EcranError`. The CLI prints it and exits 2; the API
answers HTTP 422 with the same text. Nothing else should reach a user.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ecran.rules.text import DEFAULT_LANG, Text
from ecran.rules.wording import de


class EcranError(ValueError):
    """A user's input the rules cannot accept."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text
        #: The same refusal naming fields by their ids, where `text` names them by their
        #: labels (`from_errors`): what the command line says, whose reader typed the ids.
        self.by_id: Text | None = None
        #: The pydantic-shaped errors it was built from (`from_errors`): which fields it is
        #: about, for a caller that names them in its own terms (the command line's options).
        self.field_errors: tuple[Any, ...] = ()

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return self.text(lang)

    def command_line(self, lang: str = DEFAULT_LANG) -> str:
        """The message as the command line says it: fields by the options' names."""
        return (self.by_id or self.text)(lang)


def refuse(fr: str, en: str) -> EcranError:
    """A rule's refusal, said in French and English: `raise refuse("…", "…")`."""
    return EcranError(Text(fr=fr, en=en))


class UnknownName(EcranError):
    """A name (system, check, option...) the rules do not know. The web answers 404 when the
    name came from the address itself (the page does not exist), 422 when from a form or body."""

    def __init__(self, text: Text, name: str) -> None:
        super().__init__(text)
        self.name = name


# The French nouns `unknown` names that are feminine, so the adjective agrees ("opération
# inconnue", "système inconnu") instead of the administrative "inconnu(e)".
_FEMININE = frozenset(
    {
        "opération",
        "option",
        "visibilité",
        "compétence",
        "caractéristique",
        "étape",
        "langue",
        "arme",
        "armure",
        "rafale",
        "maladie",
        "catégorie",
        "portée",
    }
)


def unknown_adjective(kind_fr: str) -> str:
    """`inconnu` or `inconnue`, agreeing with the French noun that heads `kind_fr`."""
    return "inconnue" if kind_fr.split(" ", 1)[0].lower() in _FEMININE else "inconnu"


def unknown(
    kind: Text, name: str, allowed: Iterable[str], labels: Mapping[str, Text] | None = None
) -> UnknownName:
    """`name` is not one of `allowed`. With `labels` (the names' words for people), a reader
    is offered the labels (`Possibles : Test de compétence, Attaque`) and whoever typed the id
    (the command line, the API) the ids, as `EcranError.command_line` says it."""
    ids = list(allowed)
    adjective = unknown_adjective(kind.fr)

    def said(fr: str, en: str) -> Text:
        return Text(
            fr=f"{kind.fr} {adjective} : « {name} ». Possibles : {fr or '-'}",
            en=f"unknown {kind.en}: '{name}'. Allowed: {en or '-'}",
        )

    plain = ", ".join(sorted(ids))
    if not labels:
        return UnknownName(said(plain, plain), name)
    refused = UnknownName(
        said(
            *(
                ", ".join(labels[i](lang) if i in labels else i for i in ids)
                for lang in ("fr", "en")
            )
        ),
        name,
    )
    refused.by_id = said(plain, plain)
    return refused


# What the json module's messages mean, said to a person (its own words are for programmers).
_JSON_REASONS: dict[str, Text] = {
    "Expecting value": Text(fr="une valeur est attendue", en="a value is expected"),
    "Expecting property name enclosed in double quotes": Text(
        fr='un nom entre guillemets droits doubles ("nom") est attendu',
        en='a name in straight double quotes ("name") is expected',
    ),
    "Expecting ',' delimiter": Text(fr="une virgule est attendue", en="a comma is expected"),
    "Expecting ':' delimiter": Text(
        fr="un deux-points est attendu après le nom", en="a colon is expected after the name"
    ),
    "Unterminated string starting at": Text(
        fr="un texte entre guillemets n'est pas refermé", en="a quoted text is never closed"
    ),
    "Invalid control character at": Text(
        fr="un caractère de contrôle (saut de ligne, tabulation) dans un texte entre guillemets",
        en="a control character (line break, tab) inside a quoted text",
    ),
    "Extra data": Text(
        fr="du texte suit la fin du document", en="there is text after the end of the document"
    ),
    "Invalid \\escape": Text(
        fr="une barre oblique inverse (\\) mal placée", en="a misplaced backslash (\\)"
    ),
    "Invalid \\uXXXX escape": Text(fr="un code \\u mal formé", en="a malformed \\u code"),
}
_JSON_OTHER = Text(fr="la syntaxe n'est pas celle du JSON", en="the syntax is not JSON's")


def json_reason(message: str) -> Text:
    """The json module's message (`JSONDecodeError.msg`) as a person reads it."""
    return _JSON_REASONS.get(message, _JSON_OTHER)


def invalid_json(what: Text, exc: json.JSONDecodeError | UnicodeDecodeError) -> EcranError:
    """`what` is not JSON: where (line and column) and why, in words, without the parser's."""
    if isinstance(exc, UnicodeDecodeError):
        return EcranError(
            Text(
                fr=f"{what.fr} n'est pas du texte UTF-8 (octet {exc.start + 1}) : "
                "ce n'est pas du JSON",
                en=f"{what.en} is not UTF-8 text (byte {exc.start + 1}): it is not JSON",
            )
        )
    reason = json_reason(exc.msg)
    return EcranError(
        Text(
            fr=f"{what.fr} n'est pas du JSON valide, ligne {exc.lineno}, colonne {exc.colno} : "
            f"{reason.fr}",
            en=f"{what.en} is not valid JSON, line {exc.lineno}, column {exc.colno}: {reason.en}",
        )
    )


#: JSON nested deeper than this is refused: no sheet, encounter or export nests past a few
#: dozen levels, and pydantic's own JSON parser stops at the same depth.
JSON_DEPTH_MAX = 200


def json_too_deep(what: Text) -> EcranError:
    """`what` nests lists or objects past `JSON_DEPTH_MAX` levels."""
    return EcranError(
        Text(
            fr=f"{what.fr} : fichier JSON imbriqué trop profondément "
            f"(plus de {JSON_DEPTH_MAX} niveaux)",
            en=f"{what.en}: JSON file nested too deeply (over {JSON_DEPTH_MAX} levels)",
        )
    )


def load_json(raw: str | bytes, what: Text) -> Any:
    """`raw` parsed as JSON, or one line naming `what`: not JSON (`invalid_json`), or nested
    past `JSON_DEPTH_MAX` levels (never the parser's RecursionError)."""
    try:
        data = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise invalid_json(what, exc) from None
    except RecursionError:
        raise json_too_deep(what) from None
    if _nests_past(data, JSON_DEPTH_MAX):
        raise json_too_deep(what)
    return data


def _nests_past(data: Any, most: int) -> bool:
    """Whether `data` holds lists or mappings more than `most` levels deep (walked without
    recursion, so a deep value is counted, not a crash)."""
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            children: Iterable[Any] = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > most:
            return True
        pending.extend((child, depth + 1) for child in children)
    return False


def in_file(error: EcranError) -> EcranError:
    """A file's refusal, said by its places in words in every reader's language: a file's keys
    are no options, so the command line says it as the pages do (no `by_id`)."""
    error.by_id = None
    return error


def whose_sheet(name: str, error: EcranError) -> EcranError:
    """A sheet's refusal inside a file of many (an encounter's participants): whose sheet it is
    (« la fiche d'Ana : … », "Ana's sheet: …"), its places in words."""
    error.text = Text(
        fr=f"la fiche {de(name)} : {error.text.fr}", en=f"{name}'s sheet: {error.text.en}"
    )
    error.by_id = None  # the sheet's places as the sheet names them
    return error
