"""The scene board: maps, tokens, fog of war and handouts, pure (no I/O).

- `model`: the records (Scene, Grid, Token, FogOp, Handout, Board).
- `events`: one payload per change (`op`), `parse`, `dump` and the pure `fold`.
- `commands`: the GM's and players' commands, rights checked, each returning the event(s).
- `visibility`: `view_for(board, viewer)` and the live `changes`: the only way out to a member.
- `movement`: who may move a token, snapping, the game's move allowance as a warning.
- `coalesce`: how long a drag's move waits so a token logs a few moves a second at most.
- `geometry`: cells, distances by the scene's diagonal rule, adjacency, behind, allies, fog cover.
- `positions`: a game's positional parameters filled from two tokens.
- `image`: uploads checked and re-encoded, images masked by the fog (Pillow).
- `log`: the board in the table's log (event kind `board`), each member's view of an event.
- `exported`: the board's images in a table's export, checked on import and by `ecran verify`.
"""

from ecran.play.board.events import BoardEvent, fold, parse
from ecran.play.board.model import Board, FogOp, Grid, Handout, Polygon, Rect, Scene, Token
from ecran.play.board.visibility import Viewer, changes, view_for

__all__ = [
    "Board",
    "BoardEvent",
    "FogOp",
    "Grid",
    "Handout",
    "Polygon",
    "Rect",
    "Scene",
    "Token",
    "Viewer",
    "changes",
    "fold",
    "parse",
    "view_for",
]
