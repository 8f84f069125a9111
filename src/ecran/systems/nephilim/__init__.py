"""`nephilim`: Règles pour Nephilim v3, a fan rewrite (seed 003_f1fb14c3cd618c96.txt)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecran.systems.nephilim.system import SYSTEM

__all__ = ["NAME", "SYSTEM"]

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Règles pour Nephilim v3", "Rules for Nephilim v3")


def __getattr__(name: str) -> Any:
    """`SYSTEM` on first use: importing one module of the game (a check for `ecran odds`) does
    not load the whole game (its sheet, creation, operations)."""
    if name == "SYSTEM":
        from ecran.systems.nephilim.system import SYSTEM

        return SYSTEM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
