"""Parameters validated once per values: the encounter simulator asks the same parameters of a
check, an operation or a game's consequences for every pair of states and every result it
meets, and validation (sizes, people's words, a game's validators) costs more than the rule."""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from typing import Any, TypeVar, cast

from pydantic import BaseModel

from ecran.rules.memo import Kept

M = TypeVar("M", bound=BaseModel)

#: Parameters already validated (`validated`), by (model, the values' key).
VALIDATED: Kept[BaseModel] = Kept()


def values_key(values: Mapping[str, Any]) -> Hashable:
    """The values as a key: each value with its type (True and 1, 1 and 1.0 hash alike but may
    parse apart), in the mapping's order (the same values in another order are another key:
    one more validation, never a wrong model); JSON where a value is a list or a mapping."""
    try:
        key = tuple([(k, type(v), v) for k, v in values.items()])
        hash(key)
        return key
    except TypeError:
        return json.dumps(values, sort_keys=True, default=repr)


def validated(model: type[M], values: Mapping[str, Any]) -> M:
    """`model.model_validate(values)`, remembered by the values: the encounter simulator asks
    the same parameters of an operation, or of an attack's consequences, for every state and
    result it meets, and a check's validators (sizes, people's words) cost more than the rule.
    Exact: the same values always validate to the same model; a refusal is raised each time,
    never kept. The model returned is shared between callers: read it, never change it (its
    `model_copy(update=...)` for a changed one)."""
    found = VALIDATED.get((model, values_key(values)), lambda: model.model_validate(values))
    return cast(M, found)
