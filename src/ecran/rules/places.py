"""A field's place in a model, in words: what a refusal of a nested value names it by.

Pydantic locates an error by ids and indexes (`custom_skills.0.level`); a player reads the
labels the models declare, a list's line by its rank and a dict's entry by its words
(« Autres compétences, 1ʳᵉ ligne, niveau », "Other skills, line 1, level"). A key the model
does not know is the writer's own and is quoted as written (« lame »).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from ecran.rules.field import COMMON_WORDS, FieldMeta, literal_choices
from ecran.rules.text import Text

#: Pydantic's mark that a dict's key (not its value) is refused: the key is named already.
KEY_MARK = "[key]"

#: The words of `Text`'s own fields (a label in both languages), which it cannot declare: its
#: schema is everywhere in the API's.
TEXT_WORDS = {
    "fr": Text(fr="en français", en="in French"),
    "en": Text(fr="en anglais", en="in English"),
}


def place_words(model: type[BaseModel], loc: Sequence[Any]) -> Text | None:
    """`loc` inside `model` in words, each part by the words the models declare; None where a
    part has none (a field declared without a label: the caller names it by its id)."""
    parts: list[Text] = []
    here: Any = model
    key_words: Mapping[str, Text] = {}
    for step in loc:
        if step == KEY_MARK:
            continue
        here = _bare(here)
        found = _step(here, step, key_words)
        if found is None:
            return None
        word, here, key_words = found
        if word is not None:
            parts.append(word)
    if not parts:
        return None
    return Text(fr=_joined(parts, "fr"), en=_joined(parts, "en"))


def choices_at(model: type[BaseModel], loc: Sequence[Any]) -> list[Text] | None:
    """The values allowed at `loc` inside `model`, each by the words its field declares (its id
    in kebab-case where none is declared); None where `loc` holds no choice."""
    here: Any = model
    words: Mapping[str, Text] = {}
    for step in loc:
        if step == KEY_MARK:
            continue
        here = _bare(here)
        owner = _owner(here, step)
        if owner is not None:
            meta = _meta(owner, str(step))
            if meta is None:
                return None
            here, words = owner.model_fields[meta.name].annotation, meta.choice_labels
            continue
        found = _step(here, step, {})
        if found is None:
            return None
        here = found[1]
    allowed = literal_choices(_bare(here))
    if not allowed:
        return None
    return [words.get(str(c)) or _as_typed(c) for c in allowed]


def _owner(here: Any, step: Any) -> type[BaseModel] | None:
    """The model (or the union's member) of which `step` is a field, if any."""
    if not isinstance(step, str):
        return None
    if isinstance(here, type) and issubclass(here, BaseModel):
        return here
    return next((m for m in _models(here) if step in m.model_fields), None)


def _meta(model: type[BaseModel], name: str) -> FieldMeta | None:
    metas = FieldMeta.of_model(model)
    return metas.get(name) or next((m for m in metas.values() if name in m.aliases), None)


Found = tuple[Text | None, Any, Mapping[str, Text]]
_LISTS = (list, tuple, set, frozenset)


def _step(here: Any, step: Any, key_words: Mapping[str, Text]) -> Found | None:
    """One part of a place: its words (None for a union's tag), the type inside it, and the
    words of its keys if it is a dict."""
    if isinstance(here, type) and issubclass(here, BaseModel):
        return _field(here, step) if isinstance(step, str) else None
    members = _models(here)
    if members and isinstance(step, str):
        return _member(members, step)
    if isinstance(step, int) and typing.get_origin(here) in _UNIONS:
        here = next((a for a in map(_bare, typing.get_args(here)) if _is_list(a)), here)
    origin = typing.get_origin(here)
    if isinstance(step, str) and step.isdigit() and origin in _LISTS:
        step = int(step)  # a rule's path is written with dots (`skills.0.level`)
    if isinstance(step, int) and origin in _LISTS:
        return _line(step), _item(here, step), {}
    if isinstance(step, str) and origin in (dict, Mapping):
        values = typing.get_args(here)
        return key_words.get(step) or _quoted(step), values[1] if values else Any, {}
    if here is Any:  # inside a value the model does not type: the writer's own words
        return (_line(step) if isinstance(step, int) else _quoted(str(step))), Any, {}
    return None


def _item(annotation: Any, index: int) -> Any:
    """The type of a list's item, or of a fixed tuple's item at `index`."""
    items = [a for a in typing.get_args(annotation) if a is not Ellipsis]
    if typing.get_origin(annotation) is tuple and len(items) > 1 and index < len(items):
        return items[index]
    return items[0] if items else Any


def _field(model: type[BaseModel], name: str) -> Found | None:
    if model is Text and name in TEXT_WORDS:
        return TEXT_WORDS[name], str, {}
    meta = _meta(model, name)
    if meta is None:  # a key the model does not have: quoted as the writer wrote it
        return _quoted(name), Any, {}
    label = meta.label if meta.label_declared else COMMON_WORDS.get(meta.name)
    if label is None:
        return None
    return label, model.model_fields[meta.name].annotation, meta.key_labels


def _member(members: Sequence[type[BaseModel]], step: str) -> Found | None:
    """A step into a union of models: a field of one of them, or the tag pydantic puts in the
    place to say which member it tried (no words: the member is the value's own kind)."""
    for member in members:
        if step in member.model_fields:
            return _field(member, step)
    for member in members:  # pydantic's tag of a member that is a model: its class's name
        if step == member.__name__:
            return None, member, {}
    for member in members:
        for meta in FieldMeta.of_model(member).values():
            if step in {str(c) for c in meta.choices}:
                return None, member, {}
    return None


_UNIONS = (typing.Union, types.UnionType)


def _is_list(annotation: Any) -> bool:
    return typing.get_origin(annotation) in _LISTS


def _models(annotation: Any) -> list[type[BaseModel]]:
    if typing.get_origin(annotation) not in _UNIONS:
        return []
    return [
        a for a in typing.get_args(annotation) if isinstance(a, type) and issubclass(a, BaseModel)
    ]


def _bare(annotation: Any) -> Any:
    """An annotation without `Annotated`'s metadata and without `None` (an optional value)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _bare(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        kept = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _bare(kept[0]) if len(kept) == 1 else annotation
    return annotation


def _line(index: int) -> Text:
    """A list's item by its rank, counted from one: « 1ʳᵉ ligne », "line 1"."""
    rank = index + 1
    from ecran.typography import ordinal  # its regular expressions: not at every start (#32)

    return Text(fr=f"{ordinal(rank, 'fr', feminine=True)} ligne", en=f"line {rank}")


def _as_typed(choice: Any) -> Text:
    typed = str(choice).replace("_", "-")
    return Text(fr=typed, en=typed)


def _quoted(word: str) -> Text:
    return Text(fr=f"« {word} »", en=f"'{word}'")


def _joined(parts: Sequence[Text], lang: str) -> str:
    """The parts in one phrase: the first as labelled, the others in lower case where they are
    common words (« niveau »; not an acronym: « SNG », « NIFIMO »), a repeated one once."""
    words: list[str] = []
    for part in parts:  # a box named as the part it is in (Pouvoir, Pouvoir) is said once
        if not words or part(lang).casefold() != words[-1].casefold():
            words.append(part(lang) if not words else _lowered(part(lang)))
    return ", ".join(words)


def _lowered(word: str) -> str:
    if len(word) > 1 and word[0].isupper() and word[1].islower():
        return word[0].lower() + word[1:]
    return word


def unknown_key(error: Mapping[str, Any]) -> Text | None:
    """A refused top key the model does not know, the writer's own: quoted as typed after the
    words (« paramètre inconnu « colour » », "unknown parameter 'colour'"); a nested one is
    said at its place (`place_words`)."""
    key = error["loc"][0] if len(error["loc"]) == 1 else None
    if error["type"] != "extra_forbidden" or not isinstance(key, str):
        return None
    return Text(fr=f"paramètre inconnu « {key} »", en=f"unknown parameter '{key}'")
