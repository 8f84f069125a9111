"""What a parameter or sheet field says about itself to people: label, help, option kind, source,
choices and bounds. Read here once, for the CLI, the prompts, every form, `describe` and printing.

The metadata is written by `param()` and `Option.field()` into the field's JSON-Schema extras
(`x-label`, `x-help`, `x-option`, `x-source`, `x-choices`), so a pydantic field and the property of
a published JSON Schema carry the same words; `FieldMeta.of` reads either.
"""

from __future__ import annotations

import types
import typing
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from ecran.record import record
from ecran.rules.memo import Kept
from ecran.rules.text import Text

if TYPE_CHECKING:  # a sheet's rows where a sheet is shown: a refusal's labels need no sheet (#32)
    from ecran.rules.sheet import SheetRow

UNIONS = (typing.Union, types.UnionType)

#: Bound names as pydantic's constraints and their JSON-Schema keywords.
_SCHEMA_BOUNDS = {
    "ge": "minimum",
    "le": "maximum",
    "gt": "exclusiveMinimum",
    "lt": "exclusiveMaximum",
}


@record
class FieldMeta:
    """One field as people read it. `label` falls back to the field's title or name only for
    fields declared without `param()` (the sheet models' plain fields)."""

    name: str
    label: Text
    help: Text | None = None
    #: The option kind (`optional_rule`, `reading`, `house_rule`, `gm_input`), None for a plain
    #: parameter.
    option: str | None = None
    source: str | None = None
    choices: tuple[Any, ...] = ()
    #: A label per choice, where the declaration gives them (`x-choices`).
    choice_labels: Mapping[str, Text] = field(default_factory=dict)
    #: A dict's keys in words, where the declaration gives them (`x-keys`).
    key_labels: Mapping[str, Text] = field(default_factory=dict)
    #: `ge`, `le`, `gt`, `lt` as declared.
    bounds: Mapping[str, float] = field(default_factory=dict)
    #: False when `label` is only the fallback (title or name): the field declares no words.
    label_declared: bool = True
    #: Other names the field is accepted under (`x-aliases`).
    aliases: tuple[str, ...] = ()

    @property
    def is_option(self) -> bool:
        return self.option is not None

    def choice_label(self, value: Any) -> Text:
        """The people's word for one choice (its own text when none is declared)."""
        return self.choice_labels.get(str(value)) or Text(fr=str(value), en=str(value))

    @classmethod
    def of(cls, name: str, source: FieldInfo | Mapping[str, Any]) -> FieldMeta:
        """Read a pydantic field, or one property of a JSON Schema."""
        if isinstance(source, FieldInfo):
            return cls._of_field(name, source)
        return cls._of_schema(name, source)

    @classmethod
    def of_model(cls, model: type[BaseModel]) -> dict[str, FieldMeta]:
        """Every field of a model, in declaration order."""
        return {name: cls._of_field(name, info) for name, info in model.model_fields.items()}

    @classmethod
    def _of_field(cls, name: str, info: FieldInfo) -> FieldMeta:
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        bounds = {
            attr: getattr(m, attr)
            for m in info.metadata
            for attr in _SCHEMA_BOUNDS
            if getattr(m, attr, None) is not None
        }
        return cls._build(name, extra, info.title, literal_choices(info.annotation), bounds)

    @classmethod
    def _of_schema(cls, name: str, prop: Mapping[str, Any]) -> FieldMeta:
        bounds = {attr: prop[key] for attr, key in _SCHEMA_BOUNDS.items() if key in prop}
        choices: tuple[Any, ...] = ()
        if "enum" in prop:
            choices = tuple(prop["enum"])
        elif "const" in prop:
            choices = (prop["const"],)
        return cls._build(name, prop, prop.get("title"), choices, bounds)

    @classmethod
    def _build(
        cls,
        name: str,
        extra: Mapping[str, Any],
        title: str | None,
        choices: tuple[Any, ...],
        bounds: Mapping[str, float],
    ) -> FieldMeta:
        fallback = title or name.replace("_", " ")
        raw_choices = extra.get("x-choices")
        raw_keys = extra.get("x-keys")
        declared = _text(extra.get("x-label"))
        return cls(
            name=name,
            label=declared or Text(fr=fallback, en=fallback),
            label_declared=declared is not None,
            aliases=tuple(extra.get("x-aliases") or ()),
            help=_text(extra.get("x-help")),
            option=extra.get("x-option") if isinstance(extra.get("x-option"), str) else None,
            source=str(extra["x-source"]) if "x-source" in extra else None,
            choices=choices,
            choice_labels={
                str(k): t
                for k, v in (raw_choices.items() if isinstance(raw_choices, dict) else ())
                if (t := _text(v)) is not None
            },
            key_labels={
                str(k): t
                for k, v in (raw_keys.items() if isinstance(raw_keys, dict) else ())
                if (t := _text(v)) is not None
            },
            bounds=dict(bounds),
        )


def _text(raw: Any) -> Text | None:
    if isinstance(raw, Text):
        return raw
    if isinstance(raw, dict) and isinstance(raw.get("fr"), str) and isinstance(raw.get("en"), str):
        return Text(fr=raw["fr"], en=raw["en"])
    return None


def literal_choices(annotation: Any) -> tuple[Any, ...]:
    """The values a `Literal[...]` (possibly optional) or an Enum annotation allows."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return typing.get_args(annotation)
    if origin in UNIONS:
        return tuple(c for arg in typing.get_args(annotation) for c in literal_choices(arg))
    if isinstance(annotation, type) and hasattr(annotation, "__members__"):
        return tuple(m.value for m in annotation.__members__.values())
    return ()


#: The words of the fields every sheet has (`CharacterSheet`), which no game declares.
COMMON_WORDS = {
    "name": Text(fr="Nom", en="Name"),
    "kind": Text(fr="Type", en="Kind"),
    "player": Text(fr="Joueur", en="Player"),
    "notes": Text(fr="Notes", en="Notes"),
    "system": Text(fr="Jeu", en="Game"),
    "ongoing": Text(fr="États en cours", en="Conditions in force"),
}


class FieldLabels(dict[str, Text]):
    """A model's field labels by name (`field_labels`), knowing their model: a refusal of a
    nested value names each part of its place from the models inside (`rules.places`)."""

    def __init__(self, model: type[BaseModel]) -> None:
        super().__init__()
        self.model = model


_LABELS: dict[type[BaseModel], FieldLabels] = {}


def field_labels(model: type[BaseModel]) -> FieldLabels:
    """Each field of `model` by its label as a form shows it (declared, else the common words
    of every sheet), under its name and its aliases: what a refusal names a field by. Read
    once per model (models are few: a game's checks, sheets and operations)."""
    found = _LABELS.get(model)
    if found is None:
        found = FieldLabels(model)
        for name, meta in FieldMeta.of_model(model).items():
            label = meta.label if meta.label_declared else COMMON_WORDS.get(name)
            if label is not None:
                found.update((key, label) for key in (name, *meta.aliases))
        _LABELS[model] = found
    return found


def field_rows(sheet: BaseModel, names: Sequence[str]) -> list[SheetRow]:
    """A row per named field of `sheet`, labelled as its form labels it (`field_labels`): a
    sheet's words are declared once, on its fields, and the sheet's view reads them there."""
    from ecran.rules.sheet import SheetRow

    labels = field_labels(type(sheet))
    return [SheetRow(labels[name], str(getattr(sheet, name))) for name in names]


def folded(word: str) -> str:
    """A word as people may type it: no case, no accents, no surrounding spaces."""
    # the ligatures NFKD leaves whole: "Œuvre" is typed "Oeuvre"
    word = word.replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae").replace("Æ", "Ae")
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def _reading(model: type[BaseModel]) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    """For a model: alias -> field name, and per field with named choices, folded word -> value."""
    aliases: dict[str, str] = {}
    words: dict[str, dict[str, Any]] = {}
    for name, meta in FieldMeta.of_model(model).items():
        aliases.update((alias, name) for alias in meta.aliases)
        if meta.choices:
            table: dict[str, Any] = {}
            for value in meta.choices:
                label = meta.choice_label(value)
                for word in (str(value), label.fr, label.en):
                    table.setdefault(folded(word), value)
            words[name] = table
    return aliases, words


@cache
def _numbers(model: type[BaseModel]) -> frozenset[str]:
    """The fields of a model that hold a number (int or float, or none)."""
    found = set()
    for name, info in model.model_fields.items():
        kinds = get_args(info.annotation) if get_origin(info.annotation) in UNIONS else ()
        if info.annotation in (int, float) or (
            (int in kinds or float in kinds) and bool not in kinds
        ):
            found.add(name)
    return frozenset(found)


#: `folded` of the short words given for named choices, remembered (the simulator's checks
#: read theirs once per blow, #32), bounded.
_FOLDED: Kept[str] = Kept(4096)
#: Words no longer than this are remembered (a named choice is).
_FOLDED_REMEMBERED = 64


def _folded_choice(word: str) -> str:
    if len(word) > _FOLDED_REMEMBERED:
        return folded(word)
    return _FOLDED.get(word, lambda: folded(word))


def accept_people_input(model: type[BaseModel], data: dict[str, Any]) -> dict[str, Any]:
    """`data` with aliases renamed to their field and named choices read as people type them;
    anything else is left for the model to judge (an unknown word is still refused there). A
    yes/no given for a number is passed on as the word `true`/`false`, so the model refuses it
    by the field's name ("nombre entier attendu"): pydantic reads True as 1 otherwise."""
    aliases, words = _reading(model)
    numbers = _numbers(model)
    if not aliases and not words and not numbers:
        return data
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = aliases.get(key, key)
        if name in out and key != name:
            continue  # the field's own name wins over an alias given beside it
        table = words.get(name)
        if table is not None and isinstance(value, str):
            value = table.get(_folded_choice(value), value)
        elif isinstance(value, bool) and name in numbers:
            value = "true" if value else "false"
        out[name] = value
    return out
