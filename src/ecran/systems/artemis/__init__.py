"""`artemis`: Espace Artémis (science fiction, empaths). Skill + 1d6 against a difficulty, read in
three zones; seed 000_98594f78af1b43da.txt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecran.systems.artemis.system import SYSTEM

__all__ = ["NAME", "SYSTEM"]

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Espace Artémis", "Espace Artémis")


def __getattr__(name: str) -> Any:
    """`SYSTEM` on first use: importing one module of the game (a check for `ecran odds`) does
    not load the whole game (its sheet, creation, operations)."""
    if name == "SYSTEM":
        from ecran.systems.artemis.system import SYSTEM

        return SYSTEM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
