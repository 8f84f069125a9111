"""The demo system: what is the game's own (its name, seed, options and sheet); the base finds
its checks, operations and hooks in the package's modules (`ecran.rules.package`)."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.demo import NAME
from ecran.systems.demo.options import OPTIONS
from ecran.systems.demo.sheet import DemoSheet
from ecran.systems.demo.tables import SEED


class Demo(System[DemoSheet]):
    id = "demo"
    name = tr(*NAME)
    seed = SEED
    options = tuple(OPTIONS.values())
    character = DemoSheet
    #: Guided creation asks for the character; the damage taken starts at none.
    creation_fields = ("kind", "player", "target", "hit_points", "notes")


SYSTEM = Demo()
