"""The WaRP system object: what is the game's own (its options, sheet and creation fields); the
base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.warp import NAME
from ecran.systems.warp.options import ALL_OPTIONS
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import SEED


class Warp(System[WarpSheet]):
    id = "warp"
    name = tr(*NAME)
    seed = SEED
    options = ALL_OPTIONS
    character = WarpSheet
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
