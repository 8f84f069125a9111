"""A package's public names imported on first use (PEP 562), so that importing the package
costs only what a command reads of it (#32: `ecran odds` loads no sheet model, `ecran serve`
answers its first page before the ORM).

A package writes the home of each name and takes the module `__getattr__` made here:
`__getattr__ = lazy_names(__name__, _HOME)`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str | None]) -> Callable[[str], Any]:
    """`package`'s module `__getattr__`: each public name -> the submodule that defines it
    (`"module"`, or `"module:name"` where it goes by another name there; None: the name is
    itself a submodule), imported when first read and then kept in the package, so that the
    next read is a plain attribute."""

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home = homes[name]
        module, _, attribute = (home or name).partition(":")
        found = import_module(f"{package}.{module}")
        value = found if home is None else getattr(found, attribute or name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
