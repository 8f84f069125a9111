"""The garbage collector of an `ecran` process kept off its start-up and its exit (#32), as the
fight engine keeps it out of a batch, with the same pause (`ecran.collector`).

Building a command imports its modules, a game, its tables and its pydantic models: tens of
thousands of objects that live as long as the process, never garbage. Each collection pass of
the start-up would scan them all again (~5 ms of a check's odds); at exit, the interpreter's
last passes scan every object once more before the process ends (~25 ms after a check's odds,
~10 ms after `import typer`). So, in the `ecran` process only (`process()`): a build runs with
the collector paused and what it made is frozen after it (`building`: never scanned again, the
command's own run collects its garbage as usual), and the end of the command freezes what is
left (`leaving`): the process frees its memory by exiting, and every file is closed and every
stream flushed by then (`with` blocks, the interpreter's flush of stdout and stderr).

A caller that runs commands in its own process (the tests, `main(argv)`) keeps its collector
as it was: nothing here acts unless `process()` was called.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from ecran.collector import collector_paused

_TUNED = [False]


def process() -> None:
    """This is the `ecran` process itself: its start-up and exit skip the collector."""
    _TUNED[0] = True


@contextmanager
def building() -> Iterator[None]:
    """Start-up work (a command, a game, a check built): the collector paused while it runs,
    what it made frozen after it."""
    if not _TUNED[0]:
        yield
        return
    with collector_paused():
        yield


def leaving() -> None:
    """The command is done: what is alive is frozen, so the interpreter's exit scans none of it."""
    if _TUNED[0]:
        gc.freeze()
