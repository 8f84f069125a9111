"""One package per game. Each defines `SYSTEM`, an instance of `ecran.rules.System`.

Start-up (#16): a game's `system.py` names the modules that hold its hooks and its lists instead
of importing them, so `ecran odds artemis test` loads the skill test's module and not the game's
creation, sheet views or operations. `later` and `hook` name them,
and `Listed` is a game's checks in order, each module imported when the list reaches it.
"""

from __future__ import annotations

import importlib
import inspect
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload


class _Later:
    """A class attribute computed the first time it is asked for, then stored on the class in
    its place (the descriptor is read once)."""

    def __init__(self, load: Callable[[], Any]) -> None:
        self.load = load
        self.attr = ""

    def __set_name__(self, owner: type, attr: str) -> None:
        self.attr = attr

    def __get__(self, instance: object, owner: type) -> Any:
        value = self.load()
        setattr(owner, self.attr, value)
        return value


def later(module: str, name: str) -> Any:
    """A System class attribute (`checks`, `operations`, `character`, `npc_params`) imported on
    first use: `checks = later("ecran.systems.warp.checks", "CHECKS")`."""
    return _Later(lambda: getattr(importlib.import_module(module), name))


class _Hook:
    """A rule module's function, imported on its first call. Its signature is the function's (the
    base class reads it: `draw_npc` asks whether `random_npc` takes `lang`)."""

    __slots__ = ("_function", "module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self._function: Any = None

    def function(self) -> Any:
        if self._function is None:
            self._function = getattr(importlib.import_module(self.module), self.name)
        return self._function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function()(*args, **kwargs)

    @property
    def __signature__(self) -> inspect.Signature:
        return inspect.signature(self.function())

    def __repr__(self) -> str:
        return f"<hook {self.module}.{self.name}>"


def hook(module: str, name: str) -> Any:
    """A System hook naming a rule module's function, imported on its first call:
    `validate = hook("ecran.systems.warp.validation", "validate")` (as `staticmethod(...)` of the
    function itself, without importing the module with the system)."""
    return staticmethod(_Hook(module, name))


class Listed(Sequence[Any]):
    """A game's checks in the game's order, each id naming its `module.Class` inside `package`:
    a module is imported, and its checks made, when a reader reaches it. `System.check("test")`
    walks the list and stops at the first match, so the skill test loads its own module and no
    other; reading the whole list (the web, `--help`) loads them all, once. The ids are known
    without importing anything (the web's index page lists them from data)."""

    def __init__(self, package: str, where: dict[str, str]) -> None:
        self.package = package
        self.ids = tuple(where)
        self._where = tuple(where.values())
        self._made: list[Any] = []
        self._lock = threading.RLock()  # the web warms systems in a thread while it answers

    def _make(self, upto: int) -> None:
        if len(self._made) > upto:
            return
        with self._lock:
            while len(self._made) <= upto:
                module, cls = self._where[len(self._made)].rsplit(".", 1)
                self._made.append(
                    getattr(importlib.import_module(f"{self.package}.{module}"), cls)()
                )

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            self._make(len(self.ids) - 1)
            return tuple(self._made)[index]
        position = range(len(self.ids))[index]  # an IndexError as a tuple's
        self._make(position)
        return self._made[position]

    def __iter__(self) -> Iterator[Any]:
        for position in range(len(self.ids)):
            yield self[position]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Listed({self.package!r}, {list(self.ids)!r})"
