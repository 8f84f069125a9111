"""Whether each token's bearer still fights, and the conditions on it, for the ring and badge
the board draws around a token (`play.board.marks`: the word only leaves the server, never the
sheet a player may not read). The answers of `GET …/board` and `GET …/scenes/…` carry them in
each token's view (`status`, `conditions`); the live frames of `board` events too.
"""

from __future__ import annotations

from typing import Any

from ecran.play import TableState
from ecran.play.board.marks import Marks, marked_scene, marks, token_sheet


def statuses(state: TableState) -> Marks:
    """Each token's marks (`status`, `conditions`), by token id."""
    return marks(state)


def with_status(view: dict[str, Any], found: Marks) -> dict[str, Any]:
    """A scene view (`{"scene", "tokens", ...}`) with each token's marks put in."""
    return marked_scene(view, found)


__all__ = ["statuses", "token_sheet", "with_status"]
