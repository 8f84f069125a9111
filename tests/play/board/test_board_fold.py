"""The board's events fold into state, and a log replayed gives the same board."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from board_toy import board, token
from ecran.play.board import events as ev
from ecran.play.board.model import Anchor, Board, Grid, Handout, Polygon, Rect, Scene, TokenFlags


def test_every_op_has_its_payload_model() -> None:
    payloads = [
        ev.SceneCreated(scene=Scene(id="s", name="A", width=10, height=10)),
        ev.SceneUpdated(scene_id="s", name="B"),
        ev.SceneShown(scene_id="s"),
        ev.TokenPlaced(token=token("t", 0, 0).model_copy(update={"scene_id": "s"})),
        ev.TokenMoved(token_id="t", x=5, y=5, anchor=Anchor(x=0, y=0, key="e1/1/p1")),
        ev.Measured(
            scene_id="s",
            ends=(ev.End(x=0, y=0, token_id="t"), ev.End(x=5, y=5)),
            distance=1.5,
            unit="m",
        ),
        ev.TokenFlagged(token_id="t", flags=TokenFlags(on_ground=True)),
        ev.TokenHidden(token_id="t"),
        ev.TokenRevealed(token_id="t"),
        ev.FogRevealed(scene_id="s", regions=(Rect(x=0, y=0, w=5, h=5),)),
        ev.FogHidden(scene_id="s", regions=(Polygon(points=((0, 0), (5, 0), (0, 5))),)),
        ev.HandoutShared(handout=Handout(id="h", title="Lettre", text="*Bonjour*", to=("m1",))),
        ev.HandoutRevealed(handout_id="h", to=("m2",)),
        ev.TokenRemoved(token_id="t"),
        ev.SceneDeleted(scene_id="s"),
        ev.MovementFreed(free=True),
    ]
    assert sorted(p.op for p in payloads) == sorted(ev.OPS)
    b = Board()
    replayed = Board()
    for p in payloads:
        b = ev.fold(b, p)
        replayed = ev.fold(replayed, ev.parse(ev.dump(p)))  # as stored and read back
        assert replayed == b
    assert b.scenes == {} and b.shown is None and b.free_movement
    assert b.handouts["h"].to == ("m1", "m2")


def test_moves_flags_and_hiding() -> None:
    b = board(token("ana", 1, 1, character_id="c1"))
    b = ev.fold(b, ev.TokenMoved(token_id="ana", x=200, y=210, facing=90))
    b = ev.fold(b, ev.TokenHidden(token_id="ana"))
    moved = b.token("ana")
    assert moved is not None and (moved.x, moved.y, moved.facing, moved.hidden) == (
        200,
        210,
        90,
        True,
    )


def test_a_move_keeps_where_its_turn_began_until_the_token_goes() -> None:
    b = board(token("ana", 1, 1))
    began = Anchor(x=1, y=1, key="e1/1/p1")
    b = ev.fold(b, ev.TokenMoved(token_id="ana", x=70, y=1, anchor=began))
    b = ev.fold(b, ev.TokenMoved(token_id="ana", x=140, y=1))
    assert b.scenes["s1"].anchors == {"ana": began}
    b = ev.fold(b, ev.TokenRemoved(token_id="ana"))
    assert b.scenes["s1"].anchors == {}


def test_fog_strokes_keep_their_order_and_version() -> None:
    b = board(reveal=(Rect(x=0, y=0, w=100, h=100),))
    b = ev.fold(b, ev.FogHidden(scene_id="s1", regions=(Rect(x=0, y=0, w=50, h=50),)))
    state = b.scenes["s1"]
    assert [op.reveal for op in state.fog] == [True, False]
    assert state.fog_version == 2


def test_a_new_image_moves_the_fog_version() -> None:
    b = board()
    b = ev.fold(b, ev.SceneUpdated(scene_id="s1", image_id="img2", width=600, grid=Grid(size=50)))
    state = b.scenes["s1"]
    assert (state.scene.image_id, state.scene.width, state.scene.grid.size) == ("img2", 600, 50)
    assert state.fog_version == 1


def test_an_audience_only_grows() -> None:
    assert ev.widened(("a",), ("b", "a")) == ("a", "b")
    assert ev.widened(("a",), "all") == "all"
    assert ev.widened("all", ("b",)) == "all"


def test_events_that_do_not_apply_are_bugs() -> None:
    with pytest.raises(ev.BrokenBoard):
        ev.fold(Board(), ev.TokenMoved(token_id="nobody", x=1, y=1))
    with pytest.raises(ev.BrokenBoard):
        ev.fold(board(token("a", 0, 0)), ev.TokenPlaced(token=token("a", 1, 1)))


def test_malformed_payloads_are_refused() -> None:
    with pytest.raises(ValidationError):
        ev.parse({"op": "token_moved", "token_id": "t", "x": -1, "y": 0})
    with pytest.raises(ValidationError):
        ev.parse(
            {
                "op": "fog_revealed",
                "scene_id": "s",
                "regions": [{"shape": "polygon", "points": [[0, 0]]}],
            }
        )
    with pytest.raises(ValidationError):
        ev.parse({"op": "teleport"})
    with pytest.raises(ValidationError):
        Handout(id="h", title="Vide")
