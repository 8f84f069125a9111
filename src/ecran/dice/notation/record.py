"""Frozen value records for the notation's tree: what `@dataclass(frozen=True, slots=True)` makes
(fields from the annotations in order, defaults, `field(compare=, init=, repr=)`, `__post_init__`,
equality and hash over the compared fields, slots, frozen, picklable), built without generating
code. `dataclasses` compiles six methods for each class at import, ~0.85 ms a class: the tree's
nineteen classes cost ~15 ms of every `ecran dice` and of every fresh exact question (#32). A
record's methods are shared closures over its field names instead; type checkers read the
decorator as a dataclass (`dataclass_transform`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


class _Spec:
    """One field: its name, default (MISSING: required) and flags."""

    __slots__ = ("compare", "default", "init", "name", "repr")

    def __init__(self, name: str, default: Any) -> None:
        self.name = name
        self.compare = self.init = self.repr = True
        if isinstance(default, Field):
            self.compare, self.init, self.repr = default.compare, default.init, default.repr
            default = default.default
        self.default = default


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T]) -> type[T]:
    """`cls` as a frozen, slotted value record (module docstring)."""
    own = inspect.get_annotations(cls)  # the class's own: not its bases'
    specs = [_Spec(name, cls.__dict__.get(name, MISSING)) for name in own]
    names = tuple(s.name for s in specs)
    body = {k: v for k, v in cls.__dict__.items() if k not in names}
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = names
    body["__match_args__"] = tuple(s.name for s in specs if s.init)
    compared = tuple(s.name for s in specs if s.compare)
    body.update(
        __init__=_init(specs, "__post_init__" in body),
        __repr__=_repr(tuple(s.name for s in specs if s.repr)),
        __eq__=_eq(compared),
        __hash__=_hash(compared),
        __setattr__=_frozen,
        __delattr__=_frozen,
        __getstate__=_getstate(names),
        __setstate__=_setstate(names),
    )
    metaclass: Any = type(cls)
    made: type[T] = metaclass(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def _init(specs: list[_Spec], post_init: bool) -> Callable[..., None]:
    given = [s for s in specs if s.init]
    names = tuple(s.name for s in given)
    index = {name: i for i, name in enumerate(names)}
    defaults = [s.default for s in given]
    required = [i for i, s in enumerate(given) if s.default is MISSING]
    fixed = [(s.name, s.default) for s in specs if not s.init]
    setter = object.__setattr__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        count = len(args)
        if count > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} arguments")
        values = [*args, *defaults[count:]]
        for key, value in kwargs.items():
            at = index.get(key)
            if at is None or at < count:
                raise TypeError(f"{type(self).__name__}() got an unexpected or repeated {key!r}")
            values[at] = value
        for at in required:
            if values[at] is MISSING:
                raise TypeError(f"{type(self).__name__}() is missing {names[at]!r}")
        for name, value in zip(names, values, strict=True):
            setter(self, name, value)
        for name, value in fixed:
            setter(self, name, value)
        if post_init:
            self.__post_init__()

    return __init__


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    return __repr__


def _eq(names: tuple[str, ...]) -> Callable[[Any, object], Any]:
    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        # as a dataclass compares: the fields as tuples (identity first, then ==)
        return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)

    return __eq__


def _hash(names: tuple[str, ...]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(tuple(getattr(self, name) for name in names))

    return __hash__


def _frozen(self: Any, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _getstate(names: tuple[str, ...]) -> Callable[[Any], list[Any]]:
    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    return __getstate__


def _setstate(names: tuple[str, ...]) -> Callable[[Any, list[Any]], None]:
    setter = object.__setattr__

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=True):
            setter(self, name, value)

    return __setstate__
