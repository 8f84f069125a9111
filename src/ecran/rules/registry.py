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
def all_systems() -> dict[str, System]:
    import ecran.systems as package

    found: dict[str, System] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        system = getattr(module, "SYSTEM", None)
        if isinstance(system, System):
            found[system.id] = system
    return found


def get_system(system_id: str) -> System:
    systems = all_systems()
    if system_id not in systems:
        raise unknown(Text(fr="système", en="system"), system_id, systems)
    return systems[system_id]
