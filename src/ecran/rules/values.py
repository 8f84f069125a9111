"""Models as values: a copy with some fields changed, made without pydantic's generic copy.

The encounter simulator copies sheets and their parts on every new blow (a wound, a changed
condition: ~100,000 copies per 5,000 Fluid fights, #32); pydantic's `model_copy` goes through
`copy.copy` for each of the model's inner dicts. `Copied.model_copy` does what pydantic does
for a model with no extra and no private attributes (its fields' dict copied then updated,
nothing validated), and leaves every other case to pydantic. The set of the fields set is
shared with the original where the copy sets no other (a sheet read from a file sets them
all): ~1-2 KB a copy, which the simulator keeps for each of its thousands of states. Nothing
in ecran reads a model's fields set (`exclude_unset`, `model_fields_set`) but pydantic's own
copy, which copies it; an attribute assigned on a sheet adds its name to the set it shares,
a name already there for a sheet read whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel

_set = object.__setattr__


class Copied(BaseModel):
    """A model whose shallow `model_copy` is the short one (module docstring)."""

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        if deep or self.__pydantic_extra__ is not None or self.__pydantic_private__ is not None:
            return super().model_copy(update=update, deep=deep)
        cls = type(self)
        copied = cls.__new__(cls)
        fields = self.__dict__.copy()
        named = self.__pydantic_fields_set__
        if update:
            fields.update(update)
            if not named.issuperset(update):
                named = named.union(update)
        _set(copied, "__dict__", fields)
        _set(copied, "__pydantic_extra__", None)
        _set(copied, "__pydantic_fields_set__", named)
        _set(copied, "__pydantic_private__", None)
        return copied


#: The fields sets `shared_fields_set` gives out, one per set of names (few: a model's
#: fields, as its makers fill them).
_FIELDS_SETS: dict[frozenset[str], set[str]] = {}


def shared_fields_set(model: BaseModel) -> BaseModel:
    """`model` with its fields set replaced by the one set of the same names given to every
    model passed here (module docstring: ~2 KB a model of twenty fields; the simulator keeps
    thousands of parsed attack parameters, #32). For models nothing assigns to."""
    names = model.__pydantic_fields_set__
    shared = _FIELDS_SETS.get(frozenset(names))
    if shared is None:
        if len(_FIELDS_SETS) >= 256:
            _FIELDS_SETS.clear()
        shared = _FIELDS_SETS[frozenset(names)] = names
    _set(model, "__pydantic_fields_set__", shared)
    return model
