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
