"""Frozen value records: what `@dataclass(frozen=True)` makes (`slotted`: with `slots=True`), built
without generating code.

`dataclasses` compiles each method it writes (`__init__`, `__repr__`, `__eq__`, `__hash__`, a
frozen class's `__setattr__` and `__delattr__`) with `exec` when the class is defined: ~0.85 ms
a class. The command line's odds and the dice notation define dozens of them at import: ~25 ms
of every start (#32, measured). A record's methods are closures over its fields instead, shared
code, no compiling.

What a record keeps of a dataclass: fields from the class's own annotations in order (after a
base record's), `ClassVar`s left out; defaults, `field(default_factory=, init=, repr=,
compare=, hash=, metadata=)`; `__post_init__`; equality and hash over the compared fields; a
method the class writes itself is kept; frozen; `__match_args__`. `dataclasses.fields`,
`replace`, `asdict` and `is_dataclass` work on it (it carries `__dataclass_fields__`, filled as
`dataclasses` fills it: tests/test_record.py holds it, so a Python that changes those internals
fails there, not in a game). Type checkers read both decorators as `dataclass`
(`dataclass_transform`). Not supported (refused): `InitVar`, keyword-only fields.

A record's `__init__` is compiled as `dataclasses` compiles it, once, when the first instance
is made: a class never made at a start costs no `exec`. Bottom layer: imports nothing from ecran.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(cls: type[T]) -> type[T]:
    """`cls` as a frozen value record (`@dataclass(frozen=True)`, module docstring)."""
    fields = _fields(cls)
    for name, method in _methods(cls, fields, slotted=False).items():
        if not _written(cls, name):
            setattr(cls, name, method)
    return cls


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def slotted(cls: type[T]) -> type[T]:
    """`cls` as a frozen, slotted value record (`@dataclass(frozen=True, slots=True)`): the class
    made again with `__slots__`, as `dataclasses` makes it."""
    fields = _fields(cls)
    names = tuple(f.name for f in fields.values())
    body = {k: v for k, v in cls.__dict__.items() if k not in names}
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = tuple(n for n in names if not _inherited(cls, n))
    for name, method in _methods(cls, fields, slotted=True).items():
        if not _written(cls, name):
            body[name] = method
    metaclass: Any = type(cls)
    made: type[T] = metaclass(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def _written(cls: type, name: str) -> bool:
    """Whether the class body writes the method itself (kept, as `dataclasses` keeps it); the
    `__hash__ = None` Python puts beside a written `__eq__` does not count."""
    own = cls.__dict__.get(name, MISSING)
    if name == "__hash__" and own is None and "__eq__" in cls.__dict__:
        return False
    return own is not MISSING


def _inherited(cls: type, name: str) -> bool:
    return any(name in getattr(b, "__dataclass_fields__", {}) for b in cls.__mro__[1:])


def _fields(cls: type) -> dict[str, Field[Any]]:
    """The class's fields, its bases' first, as `dataclasses` lists them."""
    found: dict[str, Field[Any]] = {}
    for base in reversed(cls.__mro__[1:]):
        found.update(getattr(base, "__dataclass_fields__", {}))
    for name, annotation in inspect.get_annotations(cls).items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        if "InitVar" in text or "KW_ONLY" in text:
            raise TypeError(f"{cls.__name__}.{name}: a record has no InitVar or KW_ONLY")
        default = cls.__dict__.get(name, MISSING)
        spec: Any = default if isinstance(default, Field) else field(default=default)
        spec.name, spec.type, spec.kw_only = name, annotation, False
        # what `dataclasses._get_field` sets: `fields`, `replace` and `asdict` read it
        spec._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
        found[name] = spec
    return found


def _methods(cls: type, fields: dict[str, Field[Any]], slotted: bool) -> dict[str, Any]:
    specs = list(fields.values())
    compared = tuple(f.name for f in specs if f.compare)
    hashed = tuple(f.name for f in specs if (f.compare if f.hash is None else f.hash))
    return {
        "__init__": _init(specs, "__post_init__" in dir(cls)),
        "__repr__": _repr(tuple(f.name for f in specs if f.repr)),
        "__eq__": _eq(compared),
        "__hash__": _hash(hashed),
        "__setattr__": _frozen,
        "__delattr__": _frozen,
        "__match_args__": tuple(f.name for f in specs if f.init),
        "__dataclass_fields__": fields,
        **(
            {"__getstate__": _getstate(fields), "__setstate__": _setstate(fields)}
            if slotted
            else {}
        ),
    }


def _init(specs: list[Field[Any]], post_init: bool) -> Callable[..., None]:
    """The record's `__init__`, compiled on the first instance and put on the class in its
    place: the same code `dataclasses` writes (and as fast: a simulation makes millions of
    results), but one `exec` for a class that is made at all, not six for every class at
    import."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        # the class whose method this is (the record, or the base record of a subclass)
        cls = next(c for c in type(self).__mro__ if c.__dict__.get("__init__") is __init__)
        compiled = _compiled_init(specs, post_init)
        type.__setattr__(cls, "__init__", compiled)
        compiled(self, *args, **kwargs)

    return __init__


def _compiled_init(specs: list[Field[Any]], post_init: bool) -> Callable[..., None]:
    """`__init__` as `dataclasses` writes it for a frozen class: each field set past the
    frozen `__setattr__`, defaults and factories, then `__post_init__`."""
    names: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": MISSING}
    params, lines = [], []
    for f in specs:
        if f.init:
            if f.default is not MISSING:
                names[f"_d_{f.name}"] = f.default
                params.append(f"{f.name}=_d_{f.name}")
            elif f.default_factory is not MISSING:
                names[f"_f_{f.name}"] = f.default_factory
                params.append(f"{f.name}=_MISSING")
                lines.append(f"if {f.name} is _MISSING: {f.name} = _f_{f.name}()")
            else:
                params.append(f.name)
            lines.append(f"_set(self, {f.name!r}, {f.name})")
        elif f.default is not MISSING:
            names[f"_d_{f.name}"] = f.default
            lines.append(f"_set(self, {f.name!r}, _d_{f.name})")
        elif f.default_factory is not MISSING:
            names[f"_f_{f.name}"] = f.default_factory
            lines.append(f"_set(self, {f.name!r}, _f_{f.name}())")
    if post_init:
        lines.append("self.__post_init__()")
    body = "\n".join(f"    {line}" for line in lines or ["pass"])
    exec(f"def __init__(self, {', '.join(params)}):\n{body}\n", names)
    made: Callable[..., None] = names["__init__"]
    return made


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


def _getstate(fields: dict[str, Field[Any]]) -> Callable[[Any], list[Any]]:
    names = tuple(fields)

    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    return __getstate__


def _setstate(fields: dict[str, Field[Any]]) -> Callable[[Any, list[Any]], None]:
    names = tuple(fields)
    setter = object.__setattr__

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=True):
            setter(self, name, value)

    return __setstate__
