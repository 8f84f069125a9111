"""`warp`: the WaRP system, the free-form d6-pool engine of Over the Edge (seed 001)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecran.systems.warp.system import SYSTEM

__all__ = ["NAME", "SYSTEM"]

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("WaRP (moteur d'Over the Edge)", "WaRP (Over the Edge engine)")


def __getattr__(name: str) -> Any:
    """`SYSTEM` on first use: importing one module of the game (a check for `ecran odds`) does
    not load the whole game (its sheet, creation, operations)."""
    if name == "SYSTEM":
        from ecran.systems.warp.system import SYSTEM

        return SYSTEM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
