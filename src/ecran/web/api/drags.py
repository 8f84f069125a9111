"""Token drags coalesced on the server (`play.board.coalesce`): per token, a move is logged at
once when the token's last move was logged `MOVE_INTERVAL` ago or more; else it is held, a
newer move of the same token replacing it, and the one held is logged when the interval is
over (a timer thread). So a drag logs a few events a second, and its drop always lands.

The move is checked when it arrives (a player's move of a token not theirs, or out of turn,
is refused at once); a held move is checked again when it is logged, and dropped (with a line
in the server's log) if it no longer may be (the turn passed meanwhile).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime

from fastapi import FastAPI

from ecran.play.board.coalesce import MOVE_INTERVAL, wait

log = logging.getLogger(__name__)

#: Tokens whose last move is remembered (the oldest forgotten first: they may move at once).
REMEMBERED = 10_000

Key = tuple[str, str]


class Drags:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._logged: dict[Key, datetime] = {}
        self._held: dict[Key, tuple[int, Callable[[], object]]] = {}
        #: Per token: the number of its last move asked, and of its last move written.
        self._asked: dict[Key, int] = {}
        self._written: dict[Key, int] = {}
        self._writing: dict[Key, threading.Lock] = {}

    def submit(self, key: Key, log_move: Callable[[], object]) -> bool:
        """Log the move now (True; its errors are the caller's) or hold it (False)."""
        with self._lock:
            now = datetime.now(UTC)
            number = self._asked[key] = self._asked.get(key, 0) + 1
            if key in self._held:
                self._held[key] = (number, log_move)  # the timer logs the newest
                return False
            delay = wait(self._logged.get(key), now)
            if delay:
                self._held[key] = (number, log_move)
                timer = threading.Timer(delay.total_seconds(), self._flush, (key,))
                timer.daemon = True
                timer.start()
                return False
            self._remember(key, now)
        self._write(key, number, log_move)
        return True

    def _write(self, key: Key, number: int, log_move: Callable[[], object]) -> None:
        """Write a token's move unless a later one of the same token was written meanwhile
        (a move written now runs outside the lock: a slow write of a passing move could
        otherwise land after the drop held and written by the timer)."""
        with self._lock:
            writing = self._writing.setdefault(key, threading.Lock())
        with writing:
            if number <= self._written.get(key, 0):
                return
            log_move()
            self._written[key] = number

    def _remember(self, key: Key, at: datetime) -> None:
        self._logged.pop(key, None)
        self._logged[key] = at
        while len(self._logged) > REMEMBERED:
            forgotten = next(iter(self._logged))
            del self._logged[forgotten]
            if forgotten not in self._held:
                for kept in (self._asked, self._written, self._writing):
                    kept.pop(forgotten, None)

    def _flush(self, key: Key) -> None:
        with self._lock:
            held = self._held.pop(key, None)
            self._remember(key, datetime.now(UTC))
        if held is None:
            return
        try:
            self._write(key, *held)
        except Exception as exc:  # the token went, the turn passed: the held move is dropped
            log.info("board: a held move of token %s was dropped: %s", key[1], exc)


_CREATING = threading.Lock()


def drags(app: FastAPI) -> Drags:
    """The app's one holder of drags."""
    existing: Drags | None = getattr(app.state, "drags", None)
    if existing is not None:
        return existing
    with _CREATING:
        existing = getattr(app.state, "drags", None)
        if existing is None:
            existing = app.state.drags = Drags()
        return existing


__all__ = ["MOVE_INTERVAL", "Drags", "drags"]
