"""A helper process ends with the process that started it, however that one ends.

A process killed by a signal runs no exit handler: its helpers are never told to stop. A
spawned pool worker holds both ends of its job queue's pipe, and a forked one inherits its
parent's end of its own pipe, so neither ever reads the end of its input: each would wait for
work for ever (measured: three orphans per killed server worker, its two work processes and
their resource tracker). `follow_parent`, the first thing a helper does, watches its parent's
sentinel (`multiprocessing.parent_process`, spawned or forked alike) and exits when it fires.
"""

from __future__ import annotations

import os


def follow_parent() -> None:
    """In a helper process: end it when its parent ends (nothing outside a helper). Its
    imports are its own: a command that starts no helper does not load `multiprocessing`."""
    from multiprocessing import parent_process
    from multiprocessing.connection import wait
    from threading import Thread

    parent = parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    Thread(target=watch, name="ecran-follow-parent", daemon=True).start()
