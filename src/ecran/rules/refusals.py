"""pydantic's refusals said in one line, in the reader's words (French and English): each
field by its label or its place, what is wrong with the value in our words (never pydantic's
programmer's English), the value given, a union's members as one refusal, a choice's allowed
values in words. The `EcranError` it gives is `errors`'."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.rules.errors import EcranError
from ecran.rules.field import field_labels
from ecran.rules.places import choices_at, unknown_key
from ecran.rules.text import Text

#: Longest repr of a refused value a message repeats.
SHOWN_MAX = 80

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
    "int_parsing_size": "nombre entier bien trop grand",
    "finite_number": "nombre fini attendu",
    "string_pattern_mismatch": "forme non permise",
    "string_unicode": "texte Unicode attendu",
    "bytes_type": "texte attendu",
    "tuple_type": "liste attendue",
    "set_type": "liste attendue",
    "none_required": "aucune valeur attendue (null)",
    "union_tag_invalid": "sorte inconnue",
    "union_tag_not_found": "sorte non précisée",
    "multiple_of": "multiple attendu",
    "date_parsing": "date attendue",
    "datetime_parsing": "date et heure attendues",
    "uuid_parsing": "identifiant attendu",
    "frozen_field": "valeur non modifiable",
    "recursion_loop": "structure circulaire",
}


#: The same in English: pydantic's own wording ("Input should be a valid integer, unable to
#: parse string as an integer") is a programmer's; a reader of either language reads ours.
_EN = {
    "missing": "value required",
    "int_parsing": "whole number expected",
    "int_type": "whole number expected",
    "int_from_float": "whole number expected",
    "bool_parsing": "yes or no expected (true/false)",
    "bool_type": "yes or no expected (true/false)",
    "extra_forbidden": "unknown parameter",
    "string_type": "text expected",
    "literal_error": "value not allowed",
    "enum": "value not allowed",
    "dict_type": "object expected",
    "model_type": "object expected",
    "model_attributes_type": "object expected",
    "list_type": "list expected",
    "float_parsing": "number expected",
    "float_type": "number expected",
    "json_invalid": "invalid JSON",
    "string_too_short": "text too short",
    "string_too_long": "text too long",
    "too_short": "too few items",
    "too_long": "too many items",
    "int_parsing_size": "whole number far too large",
    "finite_number": "finite number expected",
    "string_pattern_mismatch": "form not allowed",
    "string_unicode": "Unicode text expected",
    "bytes_type": "text expected",
    "tuple_type": "list expected",
    "set_type": "list expected",
    "none_required": "no value expected (null)",
    "union_tag_invalid": "unknown kind",
    "union_tag_not_found": "kind not given",
    "multiple_of": "multiple expected",
    "date_parsing": "date expected",
    "datetime_parsing": "date and time expected",
    "uuid_parsing": "identifier expected",
    "frozen_field": "value cannot be changed",
    "recursion_loop": "circular structure",
}
#: A bound's kind -> the key of its limit in pydantic's context, and its sign.
_BOUNDS = {"greater_than_equal": ("ge", "≥"), "less_than_equal": ("le", "≤")}
_BOUNDS |= {"greater_than": ("gt", ">"), "less_than": ("lt", "<")}


def _fr_number(value: Any) -> str:
    """20000 -> "20 000" (French groups thousands with a narrow no-break space); a bound
    declared as a float but whole, as the whole number (0.0 -> "0"), another with its comma."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, float):
        return str(value).replace(".", ",")
    return f"{value:,}".replace(",", "\u202f") if isinstance(value, int) else str(value)


#: A refused text with nothing in it, said as such (never `« »` or `''`).
_EMPTY = {
    "fr": ("valeur vide", "seulement des espaces"),
    "en": ("empty value", "only spaces"),
}


def _en_number(value: Any) -> str:
    """20000 -> "20,000"; a whole float bound as the whole number (0.0 -> "0")."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def _shown(value: Any, lang: str = "en") -> str:
    """The value given, as the line repeats it: a long one by its start only (a refused 10 MiB
    text must not come back whole in the message); a list as its items, not a Python repr; a
    text in the reader's quotation marks (« 99 » in French, '99' in English); an empty one
    said empty."""
    if isinstance(value, str) and not value.strip():
        return _EMPTY["fr" if lang == "fr" else "en"][1 if value else 0]
    if isinstance(value, list | tuple) and value:  # each item as the reader quotes it
        shown = ", ".join(_shown(item, lang) for item in value[:SHOWN_MAX])
        return shown if len(shown) <= SHOWN_MAX else shown[:SHOWN_MAX] + "…"
    shown = _plain(value)
    if len(shown) > SHOWN_MAX:
        shown = shown[:SHOWN_MAX] + ("…'" if isinstance(value, str) else "…")
    if lang == "fr" and isinstance(value, str) and shown.startswith(("'", '"')):
        return f"« {shown[1:-1]} »"  # repr's escapes kept: a control character stays visible
    return shown


def given_said(value: Any, lang: str) -> str:
    """A refused value as a message repeats it in `lang` (quoted, cut if long, an empty one
    said empty): one way for every refusal that names what was given."""
    return _shown(value, lang)


def _plain(value: Any) -> str:
    if isinstance(value, bytes):  # a body that is not JSON: its text, never b'…'
        value = value[: SHOWN_MAX + 1].decode("utf-8", "replace")
    if isinstance(value, list | tuple):
        return ", ".join(_plain(item) for item in value) if value else "[]"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)[: SHOWN_MAX + 1]
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _worded(error: Any) -> Text | None:
    """A validator's own refusal in both languages: an `EcranError` raised inside a model, or
    a `ValueError` worded "français / English" (the rules' habit), one language each."""
    raised = (error.get("ctx") or {}).get("error")
    if isinstance(raised, EcranError):
        return raised.text
    if isinstance(raised, ValueError) and " / " in str(raised):
        fr, _, en = str(raised).rpartition(" / ")
        return Text(fr=fr, en=en)
    return None


def _limit_words(kind: str, ctx: Mapping[str, Any]) -> Text | None:
    """A size or character limit's refusal, in both languages (None: not one of those)."""
    if kind in ("string_too_long", "too_long") and "max_length" in ctx:
        most, en = _fr_number(ctx["max_length"]), f"{ctx['max_length']:,}"
        if kind == "too_long":
            return Text(fr=f"trop d'éléments ({most} au plus)", en=f"too many items ({en} at most)")
        return Text(
            fr=f"texte trop long ({most} caractères au plus)",
            en=f"text too long ({en} characters at most)",
        )
    if kind == "too_short" and "min_length" in ctx:
        least, en = _fr_number(ctx["min_length"]), f"{ctx['min_length']:,}"
        return Text(
            fr=f"trop peu d'éléments ({least} au moins)", en=f"too few items ({en} at least)"
        )
    if kind == "string_control":
        code = ctx.get("code")
        return Text(
            fr=f"caractère de contrôle non permis ({code})",
            en=f"control character not allowed ({code})",
        )
    if kind == "too_deep":
        depth = ctx.get("max_depth")
        return Text(fr=f"imbriqué sur plus de {depth} niveaux", en=f"nested over {depth} levels")
    return None


def _english(error: Any) -> str:
    """A refusal in English words of ours (`_EN`), never pydantic's: its bounds, its allowed
    choices, a validator's own English; pydantic's wording only for a kind no table names,
    without its "Value error, " prefix."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind in _BOUNDS and _BOUNDS[kind][0] in ctx:
        key, sign = _BOUNDS[kind]
        return f"must be {sign} {_en_number(ctx[key])}"
    if kind in _CHOICES and CHOICE_WORDS in ctx:
        return f"value not allowed, expected: {allowed_said(ctx[CHOICE_WORDS], 'en')}"
    if (limit := _limit_words(kind, ctx)) is not None:
        return limit.en
    if kind in _EN:
        return _EN[kind]
    return str(error["msg"]).removeprefix("Value error, ")


def _ids(loc: Sequence[Any], typed: bool = False) -> str:
    """A field's place by its ids: as an option is typed on the command line (`max-hp`), or
    with `typed` as a JSON body spells it (`max_hp`)."""
    return ".".join(str(part) if typed else str(part).replace("_", "-") for part in loc)


def field_words(loc: Sequence[Any], labels: Mapping[str, Text] | None, typed: bool = False) -> Text:
    """A field as people read it: its label where the model declares one (the rest of a
    nested place in brackets: `Compétences (tir)`), else its id (`max-hp`; `typed`: as the
    JSON body spells it, `max_hp`). Labels that know their model (`field.FieldLabels`) name
    every part of a nested place in words (`rules.places`: « Armes, 1ʳᵉ ligne, score »)."""
    model = getattr(labels, "model", None)
    if model is not None and loc:
        from ecran.rules.places import place_words

        words = place_words(model, loc)
        if words is not None:
            return words
    label = labels.get(loc[0]) if labels and loc and isinstance(loc[0], str) else None
    if label is None:
        plain = _ids(loc, typed)
        return Text(fr=plain or "paramètres", en=plain or "params")
    rest = f" ({_ids(loc[1:], typed)})" if len(loc) > 1 else ""
    return Text(fr=label.fr + rest, en=label.en + rest)


def _fr_message(error: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind in _BOUNDS:
        key, sign = _BOUNDS[kind]
        return f"doit être {sign} {_fr_number(ctx[key])}"
    if kind in _CHOICES and CHOICE_WORDS in ctx:
        return f"valeur non permise, attendu : {allowed_said(ctx[CHOICE_WORDS], 'fr')}"
    if kind == "value_error":
        worded = _worded(error)
        return worded.fr if worded is not None else str(ctx.get("error", error["msg"]))
    if (limit := _limit_words(kind, ctx)) is not None:
        return limit.fr
    # a refusal pydantic words and this table does not: said in French, never in English
    return _FR.get(kind, "valeur refusée")


def fields_wanted(head: Text, model: type[BaseModel], names: Sequence[str]) -> EcranError:
    """`head`, then the fields the reader must give, each by its label (« réseau inconnu :
    donnez Paranoïa (MJ) et Pare-feu réseau (MJ) »), never by its id."""
    labels = field_labels(model)
    words = [labels.get(n) or Text(fr=n, en=n) for n in names]
    fr = [w.fr for w in words]
    en = [w.en for w in words]
    return EcranError(
        Text(
            fr=f"{head.fr} : donnez " + " et ".join(filter(None, [", ".join(fr[:-1]), fr[-1]])),
            en=f"{head.en}: give " + " and ".join(filter(None, [", ".join(en[:-1]), en[-1]])),
        )
    )


def from_validation(exc: ValidationError, model: type[BaseModel] | None = None) -> EcranError:
    """One line out of pydantic's errors: each field, what is wrong, and the value given. With
    the `model` validated, each field by its label (its id stays in `EcranError.by_id`)."""
    if model is None:
        return from_errors(exc.errors())
    return from_errors(exc.errors(), field_labels(model))


def from_errors(
    errors: Sequence[Any], labels: Mapping[str, Text] | None = None, typed: bool = False
) -> EcranError:
    """The same from pydantic-shaped error dicts (as FastAPI's RequestValidationError gives);
    `labels`: the people's words of the fields, by name. A form's reader reads the labels
    (`Seuil : doit être ≤ 6`); the command line's, who typed `--target`, the ids
    (`EcranError.command_line`); a JSON body's writer (`typed`), its keys (`gm_name`)."""
    errors = [_with_choices(e, labels) for e in _merged(errors)]
    error = EcranError(_said(errors, labels, typed))
    error.field_errors = tuple(errors)
    if labels:
        error.by_id = _said(errors, None)
    return error


#: The names pydantic gives a union's members in an error's place (`trait.int`), which are no
#: fields: `int`, `literal['central','secondary_1']`, `function-after[…]`.
_MEMBER = re.compile(r"^(?:int|float|str|bool|none|list|dict|decimal)$|\[|^constrained-")


def _not_of_type(kind: str) -> bool:
    """A refusal of a value that is not of a union member's type at all (`list_type`,
    `int_parsing`, a choice not among the member's)."""
    return kind.endswith(("_type", "_parsing")) or kind in _CHOICES


def _member(loc: Sequence[Any]) -> int | None:
    """Where a union member's tag stands in an error's place (None: no member's): a type's
    (`list[float]`) or a model's, by its class name (`PolygonIn`; fields are snake_case)."""
    tags = [
        i
        for i, p in enumerate(loc)
        if isinstance(p, str) and (_MEMBER.search(p) or p[:1].isupper())
    ]
    return tags[0] if tags else None


def _of_written_type(errors: Sequence[Any]) -> list[Any]:
    """A union's refusals without those of the members the value is not even of the type of,
    when another member took it as its own: a list of two points is a polygon too short, not
    « texte attendu » beside it (`Id | Point`, `Box | PolygonIn`)."""
    members: dict[tuple[Any, ...], dict[str, bool]] = {}
    for error in errors:
        loc = tuple(error["loc"])
        at = _member(loc)
        if at is not None:
            typed = _not_of_type(error["type"]) and len(loc) == at + 1
            seen = members.setdefault(loc[:at], {})
            seen[loc[at]] = seen.get(loc[at], True) and typed
    foreign = {
        (union, member)
        for union, seen in members.items()
        if not all(seen.values())
        for member, not_of_type in seen.items()
        if not_of_type
    }
    return [
        e
        for e in errors
        if (at := _member(tuple(e["loc"]))) is None
        or (tuple(e["loc"])[:at], e["loc"][at]) not in foreign
    ]


def _merged(errors: Sequence[Any]) -> list[Any]:
    """One error per field: a value refused by every member of a union (`Literal[...] | int`)
    is one refusal of the field, the choices' if one lists them (never `trait.literal[…]` and
    `trait.int` side by side)."""
    kept: dict[Any, Any] = {}
    for n, error in enumerate(_of_written_type(errors)):
        loc = tuple(p for p in error["loc"] if not (isinstance(p, str) and _MEMBER.search(p)))
        key = loc if len(loc) < len(error["loc"]) else n  # a union's member: one per field
        first = kept.get(key)
        if first is None or (_CHOICES & {error["type"]} and not _CHOICES & {first["type"]}):
            kept[key] = {**error, "loc": loc}
    return list(kept.values())


_CHOICES = {"literal_error", "enum"}
#: The context key of a choice refusal's allowed values in words (`list[Text]`).
CHOICE_WORDS = "choice_words"


def named_choices(error: Any, words: Sequence[Text]) -> Any:
    """A choice refusal (pydantic-shaped) whose allowed values are `words`, as the caller's
    reader names them (the command line: the names to type); any other error as it is."""
    if error["type"] not in _CHOICES or not words:
        return error
    return {**error, "ctx": {**(error.get("ctx") or {}), CHOICE_WORDS: list(words)}}


def _with_choices(error: Any, labels: Mapping[str, Text] | None) -> Any:
    """A choice refusal with its allowed values in words: as the caller named them, else as
    the validated model declares them (`rules.places`), else pydantic's ids in kebab-case."""
    ctx = error.get("ctx") or {}
    if error["type"] not in _CHOICES or CHOICE_WORDS in ctx:
        return error
    model = getattr(labels, "model", None)
    words = choices_at(model, error["loc"]) if model is not None else None
    if words is None:
        if "expected" not in ctx:
            return error
        words = [Text(fr=w, en=w) for w in _expected_ids(str(ctx["expected"]))]
    return named_choices(error, words)


def _expected_ids(expected: str) -> list[str]:
    """pydantic's list of allowed values (`'a', 'b' or 'c'`, `1 or 2`) as the values typed."""
    found = re.findall(r"'([^']*)'|([^\s,']+)", expected.replace(" or ", ", "))
    return [(quoted or bare).replace("_", "-") for quoted, bare in found]


_NUMBER = re.compile(r"-?\d+")


def allowed_said(words: Sequence[Text], lang: str) -> str:
    """Allowed values in a sentence: « a », « b » ou « c » in French, 'a', 'b' or 'c' in
    English (a number unquoted: 1 ou 2)."""
    marks, last = (("« ", " »"), " ou ") if lang == "fr" else (("'", "'"), " or ")
    names = [w(lang) if _NUMBER.fullmatch(w(lang)) else w(lang).join(marks) for w in words]
    return last.join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def _said(errors: Sequence[Any], labels: Mapping[str, Text] | None, typed: bool = False) -> Text:
    fr_parts, en_parts = [], []
    for error in errors:
        if (unknown := unknown_key(error)) is not None:
            fr_parts.append(unknown.fr)
            en_parts.append(unknown.en)
            continue
        field = field_words(error["loc"], labels, typed)
        # A whole-model error (empty loc) would echo every parameter: name none. A body's
        # writer reads it alone (« un document a un texte ou une image »); the command line,
        # whose reader typed options, names its parameters.
        shown = "input" in error and error["type"] != "missing" and error["loc"]
        given_fr = f" ({_shown(error['input'], 'fr')})" if shown else ""
        given_en = f" ({_shown(error['input'])})" if shown else ""
        head_fr, head_en = (
            ("", "") if typed and not error["loc"] else (f"{field.fr} : ", f"{field.en}: ")
        )
        fr_parts.append(f"{head_fr}{_fr_message(error)}{given_fr}")
        worded = _worded(error)
        en_parts.append(f"{head_en}{worded.en if worded else _english(error)}{given_en}")
    # French sets a space before the semicolon (as the advice's sources do)
    return Text(fr=" ; ".join(fr_parts), en="; ".join(en_parts))
