"""A character sheet's PDF, printed off the server's process.

WeasyPrint lays a sheet out in one to three CPU-seconds of pure Python. Printed in the server's
threads, it held the interpreter: a burst of prints (measured: 40 at once over five tables)
left each waiting up to a minute, past the client's patience, and every other page shared the
interpreter with them. So a PDF is printed by a worker process of its own (the work budget's
machinery: a CPU limit, a stuck worker killed and replaced), one sheet at a time, at most
`HOLDS` prints held behind it, each waiting at most `WAIT_SECONDS` for a place: past them the
request is refused at once (429 with `Retry-After`). A sheet printed once is answered from
memory until it changes (`CACHE_BYTES` of PDFs, the least recently asked dropped first): a
table's players opening their sheets again cost nothing.
"""

from __future__ import annotations

import hashlib
import json
from threading import Lock
from typing import Any

from ecran.engine.budget import Busy, TooCostly, WorkBudget, try_again
from ecran.rules import EcranError, Text
from ecran.web.pages.kept import Kept

PRINT_SECONDS = 30.0
"""CPU-seconds one sheet's PDF may take (a full sheet of any game takes one to three)."""

HOLDS = 4
"""Prints running or queued at once, every client together."""

WAIT_SECONDS = 10.0
"""Seconds a print waits for a place in the queue before it is refused."""

RETRY_AFTER = 5

CACHE_BYTES = 32 * 1024 * 1024

_printer: WorkBudget | None = None
_printer_lock = Lock()
#: PDFs by their sheet's print key (one version each: the key is the sheet's whole content).
_printed: Kept[bytes] = Kept(CACHE_BYTES)
#: The sheets being printed now: each one's lock and how many requests hold it.
_printing: dict[str, tuple[Lock, int]] = {}
_printing_lock = Lock()


def printer() -> WorkBudget:
    """The process's printing worker (started on the first print)."""
    global _printer
    with _printer_lock:
        if _printer is None:
            _printer = WorkBudget(
                PRINT_SECONDS,
                processes=1,
                quick=PRINT_SECONDS,  # no quick lane: every print takes seconds
                per_client=HOLDS,
                holds=HOLDS,
                slot_wait=WAIT_SECONDS,
            )
        return _printer


def sheet_pdf(system_id: str, sheet: dict[str, Any], lang: str) -> bytes:
    """The PDF of a stored sheet (its JSON) in `lang`: from memory if this very sheet was
    printed, else printed by the worker — once, however many ask for it at the same time (a
    double click, a table's players opening one sheet: the others wait for that print)."""
    key = hashlib.sha256(
        json.dumps([system_id, lang, sheet], sort_keys=True, default=str).encode()
    ).hexdigest()
    found = _printed.get(key, None)
    if found is not None:
        return found
    lock = _hold(key)
    try:
        if not lock.acquire(timeout=WAIT_SECONDS + PRINT_SECONDS):
            raise _queue_full()
        try:
            found = _printed.get(key, None)
            if found is None:
                found = _print(system_id, sheet, lang)
                _printed.keep(key, None, found)
            return found
        finally:
            lock.release()
    finally:
        _let_go(key)


def _print(system_id: str, sheet: dict[str, Any], lang: str) -> bytes:
    try:
        return printer().run(render, system_id, sheet, lang)
    except Busy:
        raise _queue_full() from None
    except TooCostly:
        raise EcranError(
            Text(
                fr="fiche trop longue à imprimer : raccourcissez ses notes ou ses listes",
                en="sheet too long to print: shorten its notes or its lists",
            )
        ) from None


def _queue_full() -> PrintQueueFull:
    return PrintQueueFull(
        try_again(
            "impression en attente : le serveur imprime déjà d'autres fiches",
            "printing waiting: the server is already printing other sheets",
            RETRY_AFTER,
        )
    )


class PrintQueueFull(Busy):
    """The print queue is full (HTTP 429, `Retry-After`)."""

    retry_after = RETRY_AFTER


def _hold(key: str) -> Lock:
    """The lock of one sheet's print, shared by everyone asking for it now."""
    with _printing_lock:
        lock, holders = _printing.get(key, (Lock(), 0))
        _printing[key] = (lock, holders + 1)
        return lock


def _let_go(key: str) -> None:
    with _printing_lock:
        lock, holders = _printing[key]
        if holders == 1:
            del _printing[key]
        else:
            _printing[key] = (lock, holders - 1)


def render(system_id: str, sheet: dict[str, Any], lang: str) -> bytes:
    """Print a stored sheet (in the printing worker: a module-level function, its arguments
    plain data, for the trip by pickle)."""
    from ecran.engine import get_system
    from ecran.play.characters import parse_sheet
    from ecran.sheets import render_sheet_pdf

    system = get_system(system_id)
    return bytes(render_sheet_pdf(system, parse_sheet(system, sheet), lang))
