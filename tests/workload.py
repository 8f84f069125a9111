"""Work for the work budget's tests, importable by its spawned worker processes."""

from __future__ import annotations

import os
import time


def burn(seconds: float) -> int:
    """Spend `seconds` of this process's CPU time in Python bytecode (where the budget's CPU
    timer can stop it), then answer the worker's process id."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return os.getpid()
