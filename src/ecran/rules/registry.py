"""Where systems are found: every package under `ecran.systems` that defines `SYSTEM`.

Adding a sixth game means adding one package; nothing here changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ecran.rules.errors import unknown
from ecran.rules.system import System
from ecran.rules.text import Text


@cache
def system_ids() -> tuple[str, ...]:
    """The packages under `ecran.systems`, without importing them (a package's name is its
    system's id)."""
    import ecran.systems as package

    return tuple(sorted(i.name for i in pkgutil.iter_modules(package.__path__) if i.ispkg))


def known_ids() -> list[str]:
    """Every system id: the packages, and any system added to the registry at run time."""
    return sorted(set(system_ids()) | set(_registry))


#: The loaded systems. One dict for the life of the process: tests may add a system to it.
_registry: dict[str, System] = {}
_complete = False


def _load(package: str) -> None:
    module = importlib.import_module(f"ecran.systems.{package}")
    system = getattr(module, "SYSTEM", None)
    if isinstance(system, System):
        _registry.setdefault(system.id, system)


def all_systems() -> dict[str, System]:
    """Every system (importing every package once), in the order of their ids."""
    global _complete
    if not _complete:
        for package in system_ids():
            _load(package)
        ordered = sorted(_registry.items())
        _registry.clear()
        _registry.update(ordered)
        _complete = True
    return _registry


def get_system(system_id: str) -> System:
    """One system; only its own package is imported (the command line starts faster)."""
    if system_id not in _registry and system_id in system_ids():
        _load(system_id)
    if system_id not in _registry:
        raise unknown(Text(fr="système", en="system"), system_id, known_ids())
    return _registry[system_id]
