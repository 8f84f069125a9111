"""The Fluid system object: what is the game's own (its options, sheet and creation fields);
the base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.fluid import NAME
from ecran.systems.fluid.options import CHECK_OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import SEED


class Fluid(System[FluidSheet]):
    id = "fluid"
    name = tr(*NAME)
    seed = SEED
    options = CHECK_OPTIONS
    character = FluidSheet
    # Creation: the 40 points (L29-101) and the Traits; pools and wounds start full or empty.
    creation_fields = ("kind", "player", "characteristics", "traits", "equipment", "notes")


SYSTEM = Fluid()
