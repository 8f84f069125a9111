"""The garbage collector kept out of long-lived work (#32): the fight engine's batches
(`engine.fight.run`) and the `ecran` process's start-up (`cli.collector`).

A fight batch makes and drops many
small objects (sheets, results, numpy views), and each generation-0 pass would scan the
tables' millions of long-lived ones. The objects alive at the start are frozen (never scanned
while the batch runs) and collection is off. After the batch, what it left alive (the tables
it filled, the states it met: long-lived, and made of values, no reference cycles) is frozen
too, instead of one pass over it (1.1 s of a cold Fluid batch of 5,000 fights, 15 %): the
objects a batch drops are freed by their reference counts. `thaw` gives them back to the
collector (`forget_tables`) and collects them once."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
#: Batches running with the collector paused (threads of the web server may overlap).
_PAUSED = [0]
_WAS_ENABLED = [True]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Runs the block with the collector off and the objects alive at its start frozen; what
    is alive at its end stays frozen (`thaw` unfreezes it)."""
    with _LOCK:
        if _PAUSED[0] == 0:
            _WAS_ENABLED[0] = gc.isenabled()
            gc.disable()
            gc.freeze()
        _PAUSED[0] += 1
    try:
        yield
    finally:
        with _LOCK:
            _PAUSED[0] -= 1
            if _PAUSED[0] == 0:
                gc.freeze()
                if _WAS_ENABLED[0]:
                    gc.enable()


def thaw() -> None:
    """Gives the objects frozen after the batches back to the collector, and collects once
    (the simulator's tables were dropped: `forget_tables`)."""
    with _LOCK:
        if _PAUSED[0] == 0:
            gc.unfreeze()
            gc.collect()
