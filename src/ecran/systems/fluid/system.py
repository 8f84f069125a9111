"""The Fluid system object: what is the game's own (its sheet and creation fields);
the base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.rules import System

if TYPE_CHECKING:
    from ecran.systems.fluid.sheet import FluidSheet  # noqa: F401 (the base's string)


class Fluid(System["FluidSheet"]):
    # `character`, the sheet's class: `sheet.SHEET`, imported on first use (start-up, #32)
    # Creation: the 40 points (L29-101) and the Traits; pools and wounds start full or empty.
    creation_fields = ("kind", "player", "characteristics", "traits", "equipment", "notes")
    # Measured on the benchmark's 4-against-4 (`bench/bench_simulate.py --fights`, 10,000
    # fights, before/after interleaved): the cold run 2.8x faster at 16 (4 and 64 alike), its
    # memory 5x smaller. Organique was 5x slower with it (its tables are few and cheap).
    # Since the rolled route draws staged checks and operations for all trials at once (#32,
    # 5,000 cold fights, one process): 16 6.1 s and 229 MB, 64 5.7-6.1 s and 205 MB, 256
    # 5.7 s and 191 MB, every key rolled 5.8 s and 188 MB.
    fight_roll_below = 256


SYSTEM = Fluid()
