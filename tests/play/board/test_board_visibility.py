"""Nothing under the fog reaches a player: not a hidden token, not a fogged token's position or
existence, not a scene that is not shown, not a handout for someone else. Checked on the whole
serialised view and on every live frame, as a player would receive them."""

from __future__ import annotations

import json

from board_toy import board, token
from ecran.play.board import events as ev
from ecran.play.board.model import Board, Handout, Rect, Scene
from ecran.play.board.visibility import Viewer, changes, view_for

GM = Viewer("gm", is_gm=True)
ANA = Viewer("ana", characters=frozenset({"c-ana"}))
BRUNO = Viewer("bruno", characters=frozenset({"c-bruno"}))
LIT = Rect(x=0, y=0, w=280, h=280)  # squares 0-3 in both directions


def _table() -> Board:
    return board(
        token("ana", 1, 1, character_id="c-ana"),
        token("bruno", 8, 8, character_id="c-bruno"),  # in the fog, but his own
        token("ghoul", 2, 2, participant_id="p3", hidden=True),  # secret NPC, in the light
        token("lurker", 6, 6, participant_id="p4"),  # not hidden, but in the fog
        token("guard", 3, 1, participant_id="p5"),  # visible
        reveal=(LIT,),
    )


def _said(view: object) -> str:
    return json.dumps(view)


def test_the_gm_sees_everything() -> None:
    view = view_for(_table(), GM)
    ids = {t["id"] for t in view["scenes"][0]["tokens"]}
    assert ids == {"ana", "bruno", "ghoul", "lurker", "guard"}
    ghoul = next(t for t in view["scenes"][0]["tokens"] if t["id"] == "ghoul")
    assert ghoul["hidden"] is True


def test_a_player_sees_their_tokens_and_the_visible_ones_only() -> None:
    view = view_for(_table(), ANA)
    assert {t["id"] for t in view["scenes"][0]["tokens"]} == {"ana", "guard"}
    text = _said(view)
    for secret in ("ghoul", "lurker", "Ghoul", "Lurker", "p3", "p4", "bruno", "hidden"):
        assert secret not in text
    assert {t["id"] for t in view_for(_table(), BRUNO)["scenes"][0]["tokens"]} == {
        "ana",
        "bruno",
        "guard",
    }


def test_a_scene_not_shown_does_not_reach_players() -> None:
    b = ev.fold(
        _table(), ev.SceneCreated(scene=Scene(id="s2", name="Repaire secret", width=10, height=10))
    )
    assert "Repaire" not in _said(view_for(b, ANA))
    assert "Repaire" in _said(view_for(b, GM))
    b = ev.fold(b, ev.SceneShown(scene_id=None))
    assert view_for(b, ANA) == {"shown": None, "free_movement": False, "scenes": [], "handouts": []}


def test_a_hidden_tokens_moves_send_nothing_to_players() -> None:
    before = _table()
    after = ev.fold(before, ev.TokenMoved(token_id="ghoul", x=105, y=35))
    assert changes(before, after, ANA) == []
    assert changes(before, after, GM)[0]["token"]["id"] == "ghoul"


def test_a_token_leaving_the_light_is_removed_and_coming_in_is_added() -> None:
    before = _table()
    gone = ev.fold(before, ev.TokenMoved(token_id="guard", x=455, y=455))
    assert changes(before, gone, ANA) == [
        {"op": "token_gone", "scene_id": "s1", "token_id": "guard"}
    ]
    back = ev.fold(gone, ev.TokenMoved(token_id="guard", x=105, y=105))
    frames = changes(gone, back, ANA)
    assert [f["op"] for f in frames] == ["token"] and frames[0]["token"]["x"] == 105
    # a move inside the fog: nothing at all, not even a count
    hidden_move = ev.fold(gone, ev.TokenMoved(token_id="guard", x=525, y=525))
    assert changes(gone, hidden_move, ANA) == []


def test_revealing_a_hidden_token_shows_it_then() -> None:
    before = _table()
    after = ev.fold(before, ev.TokenRevealed(token_id="ghoul"))
    frames = changes(before, after, ANA)
    assert [f["token"]["id"] for f in frames] == ["ghoul"]
    assert "hidden" not in frames[0]["token"]


def test_fog_changes_send_the_scene_as_the_player_may_see_it() -> None:
    before = _table()
    after = ev.fold(
        before, ev.FogRevealed(scene_id="s1", regions=(Rect(x=400, y=400, w=100, h=100),))
    )
    (frame,) = changes(before, after, ANA)
    assert frame["op"] == "scene"
    assert {t["id"] for t in frame["tokens"]} == {"ana", "guard", "lurker"}
    assert "ghoul" not in _said(frame)


def test_a_handout_for_ana_never_reaches_bruno() -> None:
    before = _table()
    letter = Handout(id="h1", title="Lettre scellée", text="Le code est 4512", to=("ana",))
    after = ev.fold(before, ev.HandoutShared(handout=letter))
    assert changes(before, after, BRUNO) == []
    assert "4512" not in _said(view_for(after, BRUNO))
    (frame,) = changes(before, after, ANA)
    assert frame["handout"]["text"] == "Le code est 4512" and "to" not in frame["handout"]
    later = ev.fold(after, ev.HandoutRevealed(handout_id="h1", to=("bruno",)))
    assert changes(after, later, BRUNO)[0]["handout"]["id"] == "h1"
    assert changes(after, later, ANA) == []


def test_the_players_fog_paints_the_same_image_as_the_whole_fog() -> None:
    """`players_fog` leaves out only the "hide" strokes that change no pixel: the mask drawn
    from it is the whole fog's, stroke after stroke, over strokes drawn at random."""
    import random

    from ecran.play.board.image import mask
    from ecran.play.board.model import FogOp, Polygon
    from ecran.play.board.visibility import players_fog

    draw = random.Random(7)
    fog: list[FogOp] = []
    dropped = 0
    for _ in range(120):
        x, y = draw.uniform(0, 180), draw.uniform(0, 180)
        w, h = draw.uniform(0.5, 30), draw.uniform(0.5, 30)
        region = (
            Rect(x=x, y=y, w=w, h=h)
            if draw.random() < 0.5
            else Polygon(points=((x, y), (x + w, y + h / 3), (x + w / 2, y + h)))
        )
        fog.append(FogOp(reveal=draw.random() < 0.3, region=region))
        kept = players_fog(fog)
        dropped = len(fog) - len(kept)
        assert mask((200, 200), kept).tobytes() == mask((200, 200), fog).tobytes()
    assert dropped > 10  # the draw did hide again what was never shown
