"""The WaRP system object: what is the game's own (its sheet and creation fields); the
base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.rules import System

if TYPE_CHECKING:
    from ecran.systems.warp.sheet import WarpSheet  # noqa: F401 (the base's string)


class Warp(System["WarpSheet"]):
    # `character`, the sheet's class: `sheet.SHEET`, imported on first use (start-up, #32)
    #: The creation steps (L99-1281): play state (damage, pools spent, studies) starts empty.
    creation_fields = (
        "kind",
        "player",
        "concept",
        "central",
        "secondary_1",
        "secondary_2",
        "flaw",
        "motivation",
        "secret",
        "important_person",
        "background",
        "equipment",
        "weapons",
        "armour",
        "bulletproof",
        "finances",
        "hp_name",
        "max_hp",
        "hp_rolled",
        "psychic_pool",
        "psychic_charges",
        "restricted_traits",
        "unknown_traits",
        "notes",
    )


SYSTEM = Warp()
