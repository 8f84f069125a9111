"""The demo system: what is the game's own (its sheet and creation fields); the base finds
its checks, operations and hooks in the package's modules (`ecran.rules.package`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.rules import System

if TYPE_CHECKING:
    from ecran.systems.demo.sheet import DemoSheet  # noqa: F401 (the base's string)


class Demo(System["DemoSheet"]):
    # `character`, the sheet's class: `sheet.SHEET`, imported on first use (start-up, #32)
    #: Guided creation asks for the character; the damage taken starts at none.
    creation_fields = ("kind", "player", "target", "hit_points", "notes")


SYSTEM = Demo()
