"""Drags do not flood the log: a token's moves are logged at most `MOVES_PER_SECOND` a second.

The client sends a few positions a second while dragging and the last one on drop; the server
logs a move at once when the token's previous move was logged at least `MOVE_INTERVAL` ago,
else holds it until then, a newer move replacing the one held (the drop always lands, at most
`MOVE_INTERVAL` late). The log stays append-only: nothing logged is ever rewritten.
(`ecran.web.api.drags` holds the moves; this says how long.)
"""

from __future__ import annotations

from datetime import datetime, timedelta

#: At most this many move events a second per token reach the log.
MOVES_PER_SECOND = 4
MOVE_INTERVAL = timedelta(seconds=1 / MOVES_PER_SECOND)


def wait(last_logged: datetime | None, now: datetime) -> timedelta:
    """How long a move of the token made `now` waits before it is logged: none when its
    previous move was logged `MOVE_INTERVAL` ago or more (or never, or the clock went back)."""
    if last_logged is None:
        return timedelta(0)
    since = now - last_logged
    if since < timedelta(0) or since >= MOVE_INTERVAL:
        return timedelta(0)
    return MOVE_INTERVAL - since
