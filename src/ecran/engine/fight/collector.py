"""The garbage collector kept out of a batch's hot loop (#32): a batch makes and drops many
small objects (sheets, results, numpy views), and each generation-0 pass would scan the
tables' millions of long-lived ones. The objects alive at the start are frozen (never scanned
while the batch runs) and collection is off; both are restored after, then the batch's own
young garbage is collected once."""

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
    """Runs the block with the collector off and the objects alive at its start frozen."""
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
                gc.unfreeze()
                if _WAS_ENABLED[0]:
                    gc.enable()
                    gc.collect(0)
