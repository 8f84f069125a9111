"""ecran — l'écran du MJ: rules engine, command line and live web table for five French RPGs.

    >>> import ecran
    >>> ecran.odds("demo", "d6", target=5).outcomes[1].probability
    '1/3'

`odds` and `roll` load on first use, so `import ecran` (and the command line) stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecran.engine import odds, roll

__all__ = ["odds", "roll"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from ecran import engine

        return getattr(engine, name)
    raise AttributeError(f"module 'ecran' has no attribute {name!r}")
