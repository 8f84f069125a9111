"""Every character sheet is bounded in size: its texts, its lists, how deep it nests and its
numbers; every check's and operation's parameters too (numbers, texts, lists).

A sheet is stored with its table and sent to every player at each change; one player's 10 MiB
of notes made every roll at the table three times slower. So every sheet — the five games' and
any plugin's, since the bound lives in `CharacterSheet` — is checked before its fields are
parsed: no text (a value or a key) longer than `TEXT_MAX` characters, no list or mapping with
more than `ITEMS_MAX` entries, nothing nested deeper than `DEPTH_MAX`. A system may bound a field
tighter with pydantic's own `max_length`; these are the ceilings for everything else.

Numbers are checked once parsed (a number may arrive as text from a form or the command line):
none beyond ±`NUMBER_MAX`, so a typed 10**40 is one line, not arithmetic on huge integers nor
an overflow where it is stored.

The bounds are ours, not any book's: a character's notes of `TEXT_MAX` characters are some ten
printed pages, no game's sheet lists more than a few dozen skills or items, and no game counts
anything near a billion.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

# The control characters no one types, refused in every text (PostgreSQL cannot store a NUL, the
# others only hide what is written): the dice parser's set, one definition (`dice` is below
# `rules`), read here as `sizes.CONTROL` too.
from ecran.dice.control import CONTROL as CONTROL
from ecran.rules.memo import Kept

TEXT_MAX = 20_000
NUMBER_MAX = 10**9
ITEMS_MAX = 500
DEPTH_MAX = 16
#: At most this many problems are named (the line stays one line).
SHOWN_MAX = 5
#: A refused text is shown by its first characters only.
PREVIEW = 40

Loc = tuple[str | int, ...]


def _preview(text: str) -> str:
    return text if len(text) <= PREVIEW else text[:PREVIEW] + "…"


def control_character(text: str) -> str | None:
    """The first control character of `text`, as its code point (`U+0000`), or None."""
    found = CONTROL.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def _text(loc: Loc, text: str) -> Iterator[InitErrorDetails]:
    control = control_character(text)
    if control is not None:
        yield InitErrorDetails(
            type=PydanticCustomError(
                "string_control", "Control character {code} not allowed", {"code": control}
            ),
            loc=loc,
            input=_preview(CONTROL.sub("", text)),
        )
    if len(text) > TEXT_MAX:
        yield InitErrorDetails(
            type=PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters",
                {"max_length": TEXT_MAX},
            ),
            loc=loc,
            input=_preview(text),
        )


def _items(loc: Loc, count: int, kind: str) -> Iterator[InitErrorDetails]:
    if count > ITEMS_MAX:
        yield InitErrorDetails(
            type=PydanticCustomError(
                "too_long",
                "{field_type} should have at most {max_length} items after validation, "
                "not {actual_length}",
                {"field_type": kind, "max_length": ITEMS_MAX, "actual_length": count},
            ),
            loc=loc,
            input=f"[{count} items]",
        )


def oversized(value: Any, loc: Loc = (), depth: int = 0) -> Iterator[InitErrorDetails]:
    """Every place where `value` (a sheet as JSON-like data) exceeds a bound, as pydantic
    errors located at the field. Stops descending at a refused container."""
    if isinstance(value, str):
        yield from _text(loc, value)
        return
    if not isinstance(value, dict | list | tuple):
        return
    if depth >= DEPTH_MAX:
        yield InitErrorDetails(
            type=PydanticCustomError(
                "too_deep", "nested more than {max_depth} levels deep", {"max_depth": DEPTH_MAX}
            ),
            loc=loc,
            input="…",
        )
        return
    kind = "Dictionary" if isinstance(value, dict) else "List"
    found = list(_items(loc, len(value), kind))
    if found:
        yield from found
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and (len(key) > TEXT_MAX or control_character(key)):
                yield from _text((*loc, _preview(CONTROL.sub("", key))), key)
                continue
            where = key if isinstance(key, str | int) else str(key)
            yield from oversized(item, (*loc, where), depth + 1)
    else:
        for index, item in enumerate(value):
            yield from oversized(item, (*loc, index), depth + 1)


def check_sizes(model: str, data: Any) -> None:
    """Raise pydantic's `ValidationError` naming the first few oversized places of `data`."""
    if not _flat_and_small(data):
        _refuse(model, oversized(data))


#: Values no bound of `oversized` or `big_numbers` looks into (an int is still compared).
_SCALARS = frozenset({bool, int, float, type(None)})


#: `_short`'s answers for the texts met most (a check's parameter names and named choices,
#: asked once per blow by the simulator, #32), bounded.
_SHORT: Kept[bool] = Kept(4096)
#: Texts no longer than this are remembered (a key and a named choice are).
_SHORT_REMEMBERED = 64


def _short(text: str) -> bool:
    if len(text) > _SHORT_REMEMBERED:
        return len(text) <= TEXT_MAX and CONTROL.search(text) is None
    return _SHORT.get(text, lambda: CONTROL.search(text) is None)


def _flat_and_small(data: Any) -> bool:
    """`data` is a mapping of at most ITEMS_MAX scalars and short texts under short text keys:
    `oversized` would find nothing (a check's parameters, asked once per blow by the
    simulator, #32). Anything else is walked."""
    if type(data) is not dict or len(data) > ITEMS_MAX:
        return False
    for key, item in data.items():
        kind = type(item)
        if type(key) is not str or not _short(key):
            return False
        if kind not in _SCALARS and not (kind is str and _short(item)):
            return False
    return True


def _number(loc: Loc, value: int) -> Iterator[InitErrorDetails]:
    if value > NUMBER_MAX:
        kind, word, bound = "less_than_equal", "less than or equal to {le}", {"le": NUMBER_MAX}
    elif value < -NUMBER_MAX:
        kind, word = "greater_than_equal", "greater than or equal to {ge}"
        bound = {"ge": -NUMBER_MAX}
    else:
        return
    yield InitErrorDetails(
        type=PydanticCustomError(kind, "Input should be " + word, bound),
        loc=loc,
        input=value if len(str(value)) <= PREVIEW else f"{str(value)[:PREVIEW]}…",
    )


def big_numbers(value: Any, loc: Loc = ()) -> Iterator[InitErrorDetails]:
    """Every integer of a parsed model (nested models, lists and mappings included) beyond
    ±`NUMBER_MAX`. The walk is bounded by the sizes checked before parsing."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield from _number(loc, value)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from big_numbers(getattr(value, name), (*loc, name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from big_numbers(item, (*loc, key if isinstance(key, str | int) else str(key)))
    elif isinstance(value, list | tuple | set | frozenset):
        for index, item in enumerate(value):
            yield from big_numbers(item, (*loc, index))


def check_numbers(model: BaseModel) -> None:
    """Raise pydantic's `ValidationError` naming the first few numbers of `model` out of
    bounds."""
    if not _flat_numbers_within(model):
        _refuse(type(model).__name__, big_numbers(model))


def _flat_numbers_within(model: BaseModel) -> bool:
    """Every field of `model` is a scalar or a text, its integers within ±NUMBER_MAX:
    `big_numbers` would find nothing. Anything nested is walked."""
    fields = type(model).model_fields
    values = vars(model)  # a model's fields' values, read without getattr per field (#32)
    same = values.keys() == fields.keys()
    found = values.values() if same else map(model.__getattribute__, fields)
    for value in found:
        kind = type(value)
        if kind is int:
            if not -NUMBER_MAX <= value <= NUMBER_MAX:
                return False
        elif kind not in _SCALARS and kind is not str:
            return False
    return True


def _refuse(model: str, found: Iterator[InitErrorDetails]) -> None:
    """Raise pydantic's `ValidationError` with the first `SHOWN_MAX` of `found`, if any (the
    walk stops there: a huge input is not walked whole to be refused)."""
    errors = list(itertools.islice(found, SHOWN_MAX))
    if errors:
        raise ValidationError.from_exception_data(model, errors)
