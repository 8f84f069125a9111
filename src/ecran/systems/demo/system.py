"""The demo system: what is the game's own (its sheet and creation fields); the base finds
its checks, operations and hooks in the package's modules (`ecran.rules.package`)."""

from __future__ import annotations

from ecran.rules import System
from ecran.systems.demo.sheet import DemoSheet


class Demo(System[DemoSheet]):
    character = DemoSheet
    #: Guided creation asks for the character; the damage taken starts at none.
    creation_fields = ("kind", "player", "target", "hit_points", "notes")


SYSTEM = Demo()
