"""Terminal prompts generated from a pydantic model: the generic guided creation.

Scalars are asked with their current value as default, Literal/Enum fields as a choice, nested
models and dicts of scores field by field, lists of sub-objects by "add another?" loops. Types the
prompts cannot ask for keep their value (the sheet can still be completed with --from FILE.json).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from enum import Enum
from typing import Any, Union, get_args, get_origin

import click
import typer
from pydantic import BaseModel

from ecran.cli import lang as cli_lang
from ecran.cli.fields import choice_words, choices_of, prompt_label
from ecran.rules import FieldMeta, Text
from ecran.typography import number, typeset


def ask_model(
    model: type[BaseModel],
    data: dict[str, Any],
    lang: str,
    skip: set[str] | frozenset[str] = frozenset(),
) -> dict[str, Any]:
    result = dict(data)
    for name, info in model.model_fields.items():
        if name not in result and not info.is_required():
            result[name] = info.get_default(call_default_factory=True)
        if name in skip:
            continue
        label = prompt_label(name, info, lang)
        if choices_of(info.annotation) and not isinstance(result.get(name), bool):
            result[name] = ask_choice(label, choice_words(name, info, lang), result.get(name), lang)
        else:
            meta = FieldMeta.of(name, info)
            result[name] = ask_value(label, info.annotation, result.get(name), lang, meta)
    return result


def ask_value(
    label: str, annotation: Any, value: Any, lang: str, meta: FieldMeta | None = None
) -> Any:
    """One value, asked as its type says; `meta` gives a dict's keys and choices their words
    (a skill's name and its levels, never their ids)."""
    optional = _unwrap_optional(annotation) is not annotation
    annotation = _unwrap_optional(annotation)
    if optional and annotation in (int, float):
        return _ask_optional_number(label, annotation, value, lang, meta)
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        _say(f"— {label} —", lang)  # which part the next « Nom », « Dés »… belong to
        return ask_model(annotation, value or {}, lang)
    if origin is list:
        (item,) = get_args(annotation) or (Any,)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return _ask_list(label, item, list(value or []), lang)
        return value
    if origin is dict and isinstance(value, dict):
        item = (get_args(annotation) or (Any, Any))[1]
        keys = meta.key_labels if meta is not None else {}
        if len(value) > LIST_OVER and (item in (int, str) or choices_of(item)):
            return _ask_as_list(label, item, value, lang, meta)
        return {
            k: ask_value(f"{label} · {_word(keys, k, lang)}", item, v, lang, meta)
            for k, v in value.items()
        }
    choices = choices_of(annotation)
    if choices:
        labels = meta.choice_labels if meta is not None else {}
        return ask_choice(label, {c: _word(labels, c, lang) for c in choices}, value, lang)
    if annotation is bool:
        return confirm(label, bool(value), lang)
    if annotation is int:
        return ask(lang, label, default=value, type=_within(meta, click.IntRange, int))
    if annotation is float:
        return ask(lang, label, default=value, type=_within(meta, click.FloatRange, float))
    if annotation is str and meta is not None and meta.choice_labels:  # a table's keys
        words = {c: _word(meta.choice_labels, c, lang) for c in meta.choices or meta.choice_labels}
        return ask_choice(label, words, value, lang)
    if annotation is str:
        return ask(lang, label, default=value or "", show_default=bool(value))
    return value


#: A dict of more entries than this (a game's skills) is shown as a list and filled in a few
#: answers (« bagarre = professionnel, esquive = amateur »), not asked entry by entry (#30).
LIST_OVER = 8


def _ask_as_list(
    label: str, item: Any, value: dict[str, Any], lang: str, meta: FieldMeta | None
) -> dict[str, Any]:
    """The entries and their values listed once; then each answer changes those it names
    (« nom = valeur », separated by commas), until an empty answer keeps the list."""
    fr = lang == "fr"
    keys = meta.key_labels if meta is not None else {}
    choices = choices_of(item)
    words = {}
    if choices:
        labels = meta.choice_labels if meta is not None else {}
        words = {c: _word(labels, c, lang) for c in choices}
    result = dict(value)
    for key, current in result.items():
        shown = words.get(str(current), str(current)) if choices else str(current)
        _say(f"{label} · {_word(keys, key, lang)} = {shown}", lang)
    if words:
        listed = " / ".join(words.values())
        _say(f"valeurs possibles : {listed}" if fr else f"possible values: {listed}", lang)
    hint = (
        "« nom = valeur », séparés par des virgules ; vide = garder"
        if fr
        else "'name = value', separated by commas; empty = keep"
    )
    while True:
        answer = str(ask(lang, f"{label} ({hint})", default="", show_default=False)).strip()
        if not answer:
            return result
        try:
            result.update(_read_pairs(answer, item, result, keys, words, lang, meta))
        except click.BadParameter as exc:
            _say(exc.message, lang, err=True)


def _read_pairs(
    answer: str,
    item: Any,
    current: dict[str, Any],
    keys: Mapping[str, Text],
    words: dict[str, str],
    lang: str,
    meta: FieldMeta | None,
) -> dict[str, Any]:
    """« bagarre = professionnel, esquive = 3 » read against the entries (by their words or
    ids, any case) and the values (a choice by its word, a number within its bounds)."""
    fr = lang == "fr"
    by_key = {_word(keys, k, lang).casefold(): k for k in current} | {
        k.casefold(): k for k in current
    }
    by_word = {w.casefold(): c for c, w in words.items()} | {c.casefold(): c for c in words}
    changed: dict[str, Any] = {}
    for part in answer.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, raw = part.partition("=")
        key = by_key.get(name.strip().casefold())
        if not sep or key is None:
            raise click.BadParameter(
                f"« {part.strip()} » : nom = valeur attendu, nom parmi les entrées listées"
                if fr
                else f"'{part.strip()}': name = value expected, a name among those listed"
            )
        raw = raw.strip()
        if words:
            if raw.casefold() not in by_word:
                listed = " / ".join(words.values())
                raise click.BadParameter(
                    f"« {raw} » : choisir parmi {listed}" if fr else f"'{raw}': one of {listed}"
                )
            changed[key] = by_word[raw.casefold()]
        elif item is int:
            changed[key] = _number(raw, meta, lang)
        else:
            changed[key] = raw
    return changed


def _number(raw: str, meta: FieldMeta | None, lang: str) -> int:
    """A whole number typed in a list's answer, held to the entries' bounds."""
    kind = _within(meta, click.IntRange, int)
    if kind is int:
        try:
            return int(raw)
        except ValueError:
            said = "nombre entier attendu" if lang == "fr" else "a whole number is expected"
            text = f"« {raw} » : {said}" if lang == "fr" else f"'{raw}': {said}"
            raise click.BadParameter(text) from None
    return int(kind.convert(raw, None, None))


def _say(text: str, lang: str, err: bool = False) -> None:
    """A line of the questionnaire (a refusal, the choices), typeset in French."""
    click.echo(typeset(text, lang) if lang == "fr" else text, err=err)


def ask(lang: str, text: str, **options: Any) -> Any:
    """click's prompt, the question typeset in French (a narrow no-break space before : ? and
    the colon that ends it)."""
    if lang == "fr":
        return typer.prompt(typeset(text, lang), prompt_suffix="\u202f: ", **options)
    return typer.prompt(text, prompt_suffix=": ", **options)


def ask_choice(label: str, words: dict[str, str], value: Any, lang: str) -> str:
    """One of `words` (id -> the reader's word): shown and typed as the reader names it (the id
    is taken too, so a JSON file's value still works); the id is what is kept."""
    by_word = {w.casefold(): c for c, w in words.items()} | {c.casefold(): c for c in words}
    current = value.value if isinstance(value, Enum) else value
    default = words.get(str(current)) if current is not None else None
    listed = ", ".join(words.values())
    while True:
        answer = ask(lang, f"{label} ({listed})", default=default, show_default=True)
        chosen = by_word.get(str(answer).strip().casefold())
        if chosen is not None:
            return chosen
        fr = lang == "fr"
        _say(f"choisir parmi : {listed}" if fr else f"choose one of: {listed}", lang, err=True)


#: Yes and no as people type them, in either language.
_YES = {"o", "oui", "y", "yes"}
_NO = {"n", "non", "no"}


def confirm(label: str, default: bool, lang: str) -> bool:
    """A yes/no question in the reader's language: `[O/n]` / `[o/N]` in French (click's own
    `[y/N]` is not translatable)."""
    fr = lang == "fr"
    hint = ("[O/n]" if default else "[o/N]") if fr else ("[Y/n]" if default else "[y/N]")
    while True:
        answer = ask(lang, f"{label} {hint}", default="", show_default=False).strip().lower()
        if not answer:
            return default
        if answer in _YES:
            return True
        if answer in _NO:
            return False
        _say("répondre oui ou non" if fr else "answer yes or no", lang, err=True)


def _ask_optional_number(
    label: str, kind: type, value: Any, lang: str, meta: FieldMeta | None = None
) -> Any:
    """An empty answer keeps the field empty (None); a number out of the field's bounds is
    asked again at once, as a number field's is."""
    hint = "vide = aucun" if lang == "fr" else "empty = none"
    bounded = _within(meta, click.IntRange if kind is int else click.FloatRange, kind)
    while True:
        answer = ask(lang, f"{label} ({hint})", default="" if value is None else str(value))
        if not answer.strip():
            return None
        try:
            number = kind(answer)
        except ValueError:
            _say("nombre attendu" if lang == "fr" else "a number is expected", lang, err=True)
            continue
        if bounded is kind:
            return number
        try:
            return bounded.convert(answer, None, None)
        except click.BadParameter as exc:
            _say(f"Erreur : {exc.message}" if lang == "fr" else f"Error: {exc.message}", lang)


def _ask_list(label: str, item: type[BaseModel], items: list[Any], lang: str) -> list[Any]:
    fr = lang == "fr"
    kept = []
    for index, entry in enumerate(items, 1):
        keep = (
            confirm(f"{label} n° {index} : {_short(entry)} — garder ?", True, lang)
            if fr
            else (confirm(f"{label} #{index}: {_short(entry)} — keep?", True, lang))
        )
        if keep:
            kept.append(ask_model(item, entry, lang))
    add = f"{label}\u00a0: ajouter une entrée ?" if fr else f"{label}: add one?"
    while confirm(add, False, lang):
        kept.append(ask_model(item, {}, lang))
    return kept


class _BoundsInWords:
    """A number range whose refusal says its bound as the command line's options do
    (« doit être ≥ 0 (« −3 ») »), not as click does (`-3 is not in the range 0<=x<=6`)."""

    min: Any
    max: Any
    min_open: bool
    max_open: bool
    plain: click.ParamType[Any]

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return super().convert(value, param, ctx)  # type: ignore[misc]
        except click.BadParameter:
            number = self.plain.convert(value, param, ctx)  # not a number: click's own line
            low = self.min is not None and (
                number < self.min or (self.min_open and number == self.min)
            )
            sign = (">" if self.min_open else "≥") if low else ("<" if self.max_open else "≤")
            raise click.BadParameter(
                _bound_line(sign, self.min if low else self.max, value)
            ) from None


def _bound_line(sign: str, bound: Any, value: Any) -> str:
    lang = cli_lang.current()
    if lang == "fr":
        return typeset(f"doit être {sign} {number(bound, lang)} (« {value} »)", lang)
    return f"must be {sign} {number(bound, lang)} ('{value}')"


def _within(meta: FieldMeta | None, ranged: Any, plain: type) -> Any:
    """A number's type for the prompt: held to the field's bounds, so an answer out of them is
    asked again at once (not found at the end of the questionnaire, which then starts over)."""
    bounds = meta.bounds if meta is not None else {}
    low = bounds.get("ge", bounds.get("gt"))
    high = bounds.get("le", bounds.get("lt"))
    if low is None and high is None:
        return plain
    bounded = type(f"Bounded{ranged.__name__}", (_BoundsInWords, ranged), {})
    kept = bounded(
        min=low,
        max=high,
        min_open="gt" in bounds and "ge" not in bounds,
        max_open="lt" in bounds and "le" not in bounds,
    )
    kept.plain = click.INT if plain is int else click.FLOAT
    return kept


def _word(labels: Mapping[str, Text], key: str, lang: str) -> str:
    """A key or a choice as the reader names it: its declared words, else the id in words
    (`attraper lancer`); an empty choice (a box left blank) reads as a dash."""
    if key in labels:
        return labels[key](lang)
    return key.replace("_", " ") if key else "—"


def _short(entry: Any) -> str:
    if isinstance(entry, dict):
        return ", ".join(str(v) for v in list(entry.values())[:3])
    return str(entry)


def _unwrap_optional(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation
