"""One package per game. Each defines `SYSTEM`, an instance of `ecran.rules.System`.

A game's `system.py` holds only what is the game's own: the `System` base finds its hooks and
lists in the package's fixed module names (`ecran.rules.package`), imported on first use
(start-up, #16). `lazy_system` gives a package its `SYSTEM` on first use, and `Listed` is a
game's checks in order, each module imported when the list reaches it; `listed` reads that order
and each check's class from the game's `data/checks.toml`.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload


def lazy_system(package: str) -> Callable[[str], Any]:
    """A game package's module `__getattr__` (`__getattr__ = lazy_system(__name__)`): its
    `SYSTEM` from `system.py` on first use, so importing one module of the game (a check for
    `ecran odds`) does not load the whole game (its sheet, creation, operations)."""

    def __getattr__(name: str) -> Any:
        if name == "SYSTEM":
            return importlib.import_module(f"{package}.system").SYSTEM
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def listed(package: str) -> Listed:
    """The checks of a game's `checks` package (`__name__` there): the tables of the game's
    `data/checks.toml` in file order, each naming its `module.Class` under `class`. The list is
    data, beside the check's words; a table without a class is refused at import."""
    from ecran.rules.data import load_toml, malformed

    game = package.rpartition(".")[0]
    rows = load_toml(game, "checks.toml")
    missing = [name for name, row in rows.items() if not row.get("class")]
    if missing:
        raise malformed(game, "checks.toml", KeyError(f"class of {missing[0]}"))
    return Listed(package, {name: row["class"] for name, row in rows.items()})


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
