"""`fluid`: Fluid, a generic French RPG system (seed 002_865f6a3dca48f38d.txt)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecran.systems.fluid.system import SYSTEM

__all__ = ["NAME", "SYSTEM"]

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Fluid", "Fluid")


def __getattr__(name: str) -> Any:
    """`SYSTEM` on first use: importing one module of the game (a check for `ecran odds`) does
    not load the whole game (its sheet, creation, operations)."""
    if name == "SYSTEM":
        from ecran.systems.fluid.system import SYSTEM

        return SYSTEM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
