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
        self._held: dict[Key, Callable[[], object]] = {}

    def submit(self, key: Key, log_move: Callable[[], object]) -> bool:
        """Log the move now (True; its errors are the caller's) or hold it (False)."""
        with self._lock:
            now = datetime.now(UTC)
            if key in self._held:
                self._held[key] = log_move  # the timer logs the newest
                return False
            delay = wait(self._logged.get(key), now)
            if delay:
                self._held[key] = log_move
                timer = threading.Timer(delay.total_seconds(), self._flush, (key,))
                timer.daemon = True
                timer.start()
                return False
            self._remember(key, now)
        log_move()
        return True

    def _remember(self, key: Key, at: datetime) -> None:
        self._logged.pop(key, None)
        self._logged[key] = at
        while len(self._logged) > REMEMBERED:
            del self._logged[next(iter(self._logged))]

    def _flush(self, key: Key) -> None:
        with self._lock:
            log_move = self._held.pop(key, None)
            self._remember(key, datetime.now(UTC))
        if log_move is None:
            return
        try:
            log_move()
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
