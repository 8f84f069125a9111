"""A small board for the tests: one 700 x 700 px scene of 70 px squares (1.5 m each)."""

from __future__ import annotations

from ecran.play.board import events as ev
from ecran.play.board.model import Board, Grid, Rect, Scene, Token, TokenFlags

GRID = Grid(size=70, unit_per_square=1.5)


def square(col: int, row: int) -> tuple[float, float]:
    return (col * 70 + 35.0, row * 70 + 35.0)


def token(tid: str, col: int, row: int, **kw: object) -> Token:
    x, y = square(col, row)
    return Token.model_validate(
        {"id": tid, "scene_id": "s1", "name": tid.title(), "x": x, "y": y, **kw}
    )


def board(*tokens: Token, reveal: tuple[Rect, ...] = (), shown: bool = True) -> Board:
    b = ev.fold(
        Board(),
        ev.SceneCreated(scene=Scene(id="s1", name="Crypte", width=700, height=700, grid=GRID)),
    )
    for t in tokens:
        b = ev.fold(b, ev.TokenPlaced(token=t))
    if reveal:
        b = ev.fold(b, ev.FogRevealed(scene_id="s1", regions=reveal))
    if shown:
        b = ev.fold(b, ev.SceneShown(scene_id="s1"))
    return b


ON_GROUND = TokenFlags(on_ground=True)
HIGH = TokenFlags(higher_ground=True)
