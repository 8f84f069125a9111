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


class Wrapped(Exception):
    """What a library that turns every error of a callback into its own makes of the budget's
    timer (pydantic-core building a model's schema lazily does: `SchemaError`)."""


def burn_wrapped(seconds: float) -> int:
    """`burn`, inside a library call that catches everything and raises its own error."""
    try:
        return burn(seconds)
    except BaseException as exc:
        raise Wrapped(f"building failed: {exc!r}") from None


def burn_swallowed(seconds: float) -> int:
    """`burn`, inside a library call that swallows the interruption and answers something."""
    try:
        return burn(seconds)
    except BaseException:
        return -1
