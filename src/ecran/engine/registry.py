"""Where systems are found: the packages under `ecran.systems`, and any installed package that
declares a system in the `ecran.systems` entry-point group (a plugin: `name = "pkg.module"`,
whose module defines `SYSTEM`).

The registry sits above `systems/` and imports it downward; nothing below knows it. Adding a sixth
game means adding one package (or installing one plugin); nothing here changes.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import threading
from functools import cache
from typing import Any

from ecran.record import record
from ecran.rules.errors import unknown
from ecran.rules.system import System
from ecran.rules.text import Text

#: The entry-point group a plugin package declares its system under.
PLUGIN_GROUP = "ecran.systems"


@cache
def _builtin() -> dict[str, str]:
    """Built-in system id -> module, without importing any (a package's name is its id): each
    directory of `ecran.systems` with an `__init__.py`, as `pkgutil.iter_modules` lists its
    packages (without importing `pkgutil`, #32)."""
    import ecran.systems as package

    found = sorted(
        entry.name
        for where in package.__path__
        for entry in os.scandir(where)
        if entry.is_dir() and "." not in entry.name and _is_package(entry.path)
    )
    return {name: f"ecran.systems.{name}" for name in dict.fromkeys(found)}


def _is_package(path: str) -> bool:
    return any(os.path.isfile(os.path.join(path, f"__init__{s}")) for s in (".py", ".pyc"))


@cache
def _plugins() -> dict[str, str]:
    """Plugin system id -> module, read from installed packages' metadata (nothing imported)."""
    return {ep.name: ep.value for ep in entry_points(group=PLUGIN_GROUP)}


def entry_points(group: str) -> Any:
    """The installed packages' entry points of `group`: `importlib.metadata` reads every
    installed package's metadata, so it loads only when a plugin is looked for."""
    from importlib.metadata import entry_points as read

    return read(group=group)


def system_ids() -> tuple[str, ...]:
    """Every id that names a package, built-in or plugin, without importing any."""
    return tuple(sorted(_builtin().keys() | _plugins().keys()))


def has_system(system_id: str) -> bool:
    """Whether `system_id` names a system, reading the plugins' metadata only if it is not
    a built-in id."""
    return system_id in _registry or system_id in _builtin() or system_id in _plugins()


def known_ids() -> list[str]:
    """Every system id: the packages, and any system added to the registry at run time."""
    return sorted(set(system_ids()) | set(_registry))


#: The loaded systems. One dict for the life of the process: tests may add a system to it.
_registry: dict[str, System[Any]] = {}
_complete = False
#: Held while systems are imported or the registry reordered: the web server warms the registry
#: in a thread (`all_systems`, from `ecran.web.app`) while requests may ask for one system.
_lock = threading.RLock()


def _load(system_id: str) -> None:
    module_name = _builtin().get(system_id) or _plugins()[system_id]  # a built-in id first
    system = getattr(importlib.import_module(module_name), "SYSTEM", None)
    if isinstance(system, System):
        _registry.setdefault(system.id, system)


def all_systems() -> dict[str, System[Any]]:
    """Every system (importing every package once), in the order of their ids."""
    global _complete
    if not _complete:
        with _lock:
            if not _complete:
                for system_id in system_ids():
                    _load(system_id)
                ordered = sorted(_registry.items())
                _registry.clear()
                _registry.update(ordered)
                _complete = True
    return _registry


def get_system(system_id: str) -> System[Any]:
    """One system; only its own package is imported (the command line starts faster). A
    built-in id is found without reading installed packages' metadata (the plugins)."""
    system = _registry.get(system_id)
    if system is None:  # not loaded yet, or `all_systems` reordering: ask under the lock
        with _lock:
            if system_id not in _registry and (
                system_id in _builtin() or system_id in system_ids()
            ):
                _load(system_id)
            system = _registry.get(system_id)
    if system is None:
        raise unknown(Text(fr="système", en="system"), system_id, known_ids())
    return system


# -- the index: every system and its checks, from data ------------------------------------------


@record
class CheckEntry:
    """A check as a list of them shows it: its id, title and description."""

    name: str
    title: Text
    description: Text


@record
class SystemEntry:
    """A system as the web's index lists it: its id, its name and its checks in order."""

    id: str
    name: Text
    checks: tuple[CheckEntry, ...]


def index() -> list[SystemEntry]:
    """Every system with its checks, in the order of their ids, for the web's first page.

    A built-in game is read from data without importing it (start-up, #16): its name from its
    package (`NAME`), its checks' ids in order from its check list (`ecran.systems.Listed`) and
    their words from `data/checks.toml`, the same words its checks take (a test holds the two
    listings equal). A system that does not give these (a plugin, `demo`, one added at run time)
    is read from the system itself."""
    return [_from_data(i) or _entry(get_system(i)) for i in known_ids()]


def _entry(system: System[Any]) -> SystemEntry:
    checks = tuple(CheckEntry(c.name, c.title, c.description) for c in system.checks)
    return SystemEntry(system.id, system.name, checks)


@cache
def _from_data(system_id: str) -> SystemEntry | None:
    """A built-in game's entry from its data, or None where the game does not give it all (read
    once: a package's data does not change while it runs)."""
    module = _builtin().get(system_id)
    if module is None or importlib.util.find_spec(f"{module}.checks") is None:
        return None
    name = getattr(importlib.import_module(module), "NAME", None)
    ids = getattr(importlib.import_module(f"{module}.checks").CHECKS, "ids", None)
    if name is None or ids is None:
        return None
    from ecran.rules.data import load_toml

    words = load_toml(module, "checks.toml")
    if not all(i in words for i in ids):
        return None
    checks = tuple(
        CheckEntry(
            i,
            Text.model_validate(words[i]["title"]),
            Text.model_validate(words[i]["description"]),
        )
        for i in ids
    )
    return SystemEntry(system_id, Text(fr=name[0], en=name[1]), checks)
