"""`organique`: "Systèmes de règles organiques", a d20 cyberpunk rules chapter (seed 004)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecran.systems.organique.system import SYSTEM

__all__ = ["NAME", "SYSTEM"]

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Systèmes de règles organiques (2080)", "Organic Rule Components (2080)")


def __getattr__(name: str) -> Any:
    """`SYSTEM` on first use: importing one module of the game (a check for `ecran odds`) does
    not load the whole game (its sheet, creation, operations)."""
    if name == "SYSTEM":
        from ecran.systems.organique.system import SYSTEM

        return SYSTEM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
