"""Drags do not flood the log: a token's moves closer together than `MOVE_INTERVAL` are merged.

The client sends at most a few positions a second while dragging (and the last one on drop); the
server decides, per move, whether it replaces the token's previous move event (still the last
event of the table's log, and recent) or is appended as a new one. Replacing the last event
keeps the log append-only for everything already followed by another event; a replaced move is
folded from the state before it, so replay gives the same board.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

#: At most this many move events a second per token reach the log.
MOVES_PER_SECOND = 4
MOVE_INTERVAL = timedelta(seconds=1 / MOVES_PER_SECOND)

Decision = Literal["append", "replace"]


@dataclass(frozen=True)
class LastMove:
    """The token's latest move event: when, its sequence number, and whether the same member
    made it."""

    at: datetime
    seq: int
    actor_id: str | None


def coalesce(
    last: LastMove | None, now: datetime, table_last_seq: int, actor_id: str | None
) -> Decision:
    """`replace` when the token's previous move is the table's last event, by the same member,
    less than `MOVE_INTERVAL` ago; `append` otherwise (a move after anything else is new)."""
    if last is None or last.seq != table_last_seq or last.actor_id != actor_id:
        return "append"
    return "replace" if timedelta(0) <= now - last.at < MOVE_INTERVAL else "append"
