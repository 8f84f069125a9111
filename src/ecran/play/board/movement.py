"""Who may move a token, where it lands, and whether the move is longer than the game allows.

The GM moves any token. A player moves only the tokens of their own characters, and during an
encounter only on their turn, unless the GM allows free movement. A token lands on the centre of
its cell (snapped to the grid) inside the scene. A move longer than the game's allowance per turn
(Fluid: INI squares or metres, L987-993) is said as a warning, never refused: the GM decides.

The length checked is measured from where the token stood when the current turn began (an
encounter's), so a turn's moves add up however small each step (Fluid L989-990: the points are
shared between several moves); with no encounter, from where the drag began (the page names
each drag), else from the last drop. The first move under a new turn or drag records that
point (`Anchor`, folded into the scene's state), so it holds across held and replayed moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from ecran.play.board.geometry import snap, squares
from ecran.play.board.model import Anchor, SceneState, Token
from ecran.play.board.visibility import Viewer
from ecran.play.errors import forbidden
from ecran.rules import Text


@dataclass(frozen=True)
class Turn:
    """The encounter's clock as movement reads it: whether one runs, whose turn it is (the
    current participant's id and its character, if any) and the GM's free-movement switch."""

    running: bool = False
    participant_id: str | None = None
    character_id: str | None = None
    #: The encounter whose turn it is (its participants are numbered in it alone).
    encounter_id: str = ""
    free_movement: bool = False
    #: Names the turn (encounter, round, participant): moves under one key add up.
    key: str | None = None

    def is_turn_of(self, token: Token) -> bool:
        if self.participant_id is not None and token.bears(self.encounter_id, self.participant_id):
            return True
        return token.character_id is not None and token.character_id == self.character_id


@dataclass(frozen=True)
class Allowance:
    """The longest move the game allows per turn, in squares (or the scene's unit with
    `in_units`), and the book's lines it comes from."""

    amount: float
    in_units: bool = False
    source: Text | None = None


@dataclass(frozen=True)
class Move:
    x: float
    y: float
    #: How far, in the scene's unit.
    distance: float
    #: Set when the move is longer than the game allows: shown to all, the GM decides.
    warning: Text | None = None
    #: Where the turn's (or drag's) moves are measured from, for the event to record.
    anchor: Anchor | None = None


def may_move(token: Token, viewer: Viewer, turn: Turn) -> None:
    """Raise `Forbidden` (HTTP 403) unless `viewer` may move `token` now."""
    if viewer.is_gm:
        return
    if not viewer.owns(token):
        raise forbidden(
            "ce pion n'est pas celui d'un de vos personnages",
            "this token is not one of your characters'",
        )
    if turn.running and not turn.free_movement and not turn.is_turn_of(token):
        raise forbidden(
            "ce n'est pas votre tour : vous déplacerez ce pion à votre tour",
            "it is not your turn: you will move this token on your turn",
        )


@dataclass(frozen=True)
class Step:
    """A move asked: where to (`x`, `y`), under the encounter's `turn`, with the game's
    `allowance` per turn and, with no encounter, the drag it belongs to (`drag`)."""

    x: float
    y: float
    turn: Turn = Turn()
    allowance: Allowance | None = None
    drag: str | None = None


def move(state: SceneState, token: Token, viewer: Viewer, step: Step) -> Move:
    """The move `viewer` asks for, checked, snapped and measured (Forbidden if not theirs):
    `distance` is this step's; the warning measures from the turn's (or drag's) start."""
    x, y, turn, allowance, drag = step.x, step.y, step.turn, step.allowance, step.drag
    may_move(token, viewer, turn)
    scene, per = state.scene, state.scene.grid.unit_per_square
    nx, ny = snap(scene.grid, x, y, scene.width, scene.height)
    distance = squares(scene.grid, (token.x, token.y), (nx, ny)) * per
    anchor = _anchor(state, token, turn.key if turn.running else _drag_key(drag))
    start = (token.x, token.y) if anchor is None else (anchor.x, anchor.y)
    counted = squares(scene.grid, start, (nx, ny))
    warning = _warning(counted, counted * per, scene.grid.unit, allowance)
    return Move(nx, ny, distance, warning, anchor)


def _drag_key(drag: str | None) -> str | None:
    return f"drag:{drag}" if drag else None


def _anchor(state: SceneState, token: Token, key: str | None) -> Anchor | None:
    """The point this turn's (or drag's) moves are measured from: recorded by its first move,
    else where the token stands now; None with no turn or drag (each move alone)."""
    if key is None:
        return None
    known = state.anchors.get(token.id)
    if known is not None and known.key == key:
        return known
    return Anchor(x=token.x, y=token.y, key=key)


def _warning(
    counted: float, distance: float, unit: str, allowance: Allowance | None
) -> Text | None:
    if allowance is None:
        return None
    went = distance if allowance.in_units else counted
    if went <= allowance.amount + 1e-9:
        return None
    said_unit = unit if allowance.in_units else "cases"
    said_unit_en = unit if allowance.in_units else "squares"
    source = allowance.source
    cite_fr = f" ({source.fr})" if source else ""
    cite_en = f" ({source.en})" if source else ""
    return Text(
        fr=f"déplacement de {_fr(went)} {said_unit}, plus que les {_fr(allowance.amount)} "
        f"permis par tour{cite_fr} : le MJ décide",
        en=f"a move of {_n(went)} {said_unit_en}, more than the {_n(allowance.amount)} "
        f"allowed per turn{cite_en}: the GM decides",
    )


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _fr(value: float) -> str:
    return _n(value).replace(".", ",")
