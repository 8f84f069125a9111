"""The board's commands: the GM's alone, a player's moves checked, lookups filtered as the views
are (a hidden token is "not found", as a missing one). And a property: whatever the board, no
view or live frame a player gets names a token they may not see."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board_toy import board, token
from ecran.play.board import commands as cmd
from ecran.play.board import events as ev
from ecran.play.board.geometry import revealed
from ecran.play.board.model import Anchor, Board, Grid, Handout, Rect, Token
from ecran.play.board.movement import Allowance, Step, Turn, move
from ecran.play.board.visibility import Viewer, changes, view_for
from ecran.play.errors import Forbidden, NotFound
from ecran.rules import EcranError

GM = Viewer("gm", is_gm=True)
ANA = Viewer("ana", characters=frozenset({"c-ana"}))
LIT = Rect(x=0, y=0, w=280, h=280)


def _table() -> Board:
    return board(
        token("ana", 1, 1, character_id="c-ana"),
        token("ghoul", 2, 2, participant_id="p3", hidden=True),
        token("guard", 3, 1, participant_id="p5"),
        reveal=(LIT,),
    )


def test_only_the_gm_changes_the_board() -> None:
    b = _table()
    with pytest.raises(Forbidden):
        cmd.create_scene(b, ANA, "s2", "Antre", 100, 100, Grid())
    with pytest.raises(Forbidden):
        cmd.fog(b, ANA, "s1", [cmd.rect([0, 0, 10, 10])], [])
    with pytest.raises(Forbidden):
        cmd.token_change(b, ANA, "s1", "guard", "token_hidden")
    with pytest.raises(Forbidden):
        cmd.place_token(b, ANA, token("new", 0, 0))
    drafted = cmd.fog(b, GM, "s1", [cmd.rect([0, 0, 10, 10])], [cmd.rect([5, 5, 1, 1])])
    assert [d.op for d in drafted] == ["fog_revealed", "fog_hidden"]
    assert cmd.token_change(b, GM, "s1", "ghoul", "token_revealed").op == "token_revealed"


def test_a_hidden_token_is_not_found_for_a_player_as_a_missing_one() -> None:
    b = _table()
    with pytest.raises(NotFound) as hidden:
        cmd.distance(b, ANA, "s1", "ana", "ghoul")
    with pytest.raises(NotFound) as missing:
        cmd.distance(b, ANA, "s1", "ana", "nobody")
    assert type(hidden.value) is type(missing.value)
    assert cmd.distance(b, ANA, "s1", "ana", "guard") == {"distance": 3.0, "unit": "m"}
    assert cmd.distance(b, GM, "s1", "ana", "ghoul")["distance"] == pytest.approx(2.12, abs=0.01)
    with pytest.raises(NotFound):
        cmd.move_token(b, ANA, "s1", "ghoul", Step(0, 0))


def test_a_scene_not_shown_is_not_found_for_a_player() -> None:
    b = ev.fold(_table(), ev.SceneShown(scene_id=None))
    with pytest.raises(NotFound):
        cmd.scene_for(b, ANA, "s1")
    assert cmd.scene_for(b, GM, "s1").scene.id == "s1"


def test_moves_are_checked_snapped_and_placed_inside() -> None:
    b = _table()
    with pytest.raises(Forbidden):
        cmd.move_token(b, ANA, "s1", "guard", Step(0, 0))
    moved, done = cmd.move_token(b, ANA, "s1", "ana", Step(150, 150))
    assert (moved.x, moved.y) == (175, 175) and done.distance == pytest.approx(1.5 * 2**0.5)
    with pytest.raises(EcranError, match="outside the scene"):
        cmd.place_token(b, GM, Token(id="far", scene_id="s1", name="Loin", x=800, y=5))
    with pytest.raises(EcranError):
        cmd.place_token(b, GM, token("ana", 0, 0))


def test_handouts_go_to_known_members() -> None:
    b = _table()
    letter = Handout(id="h1", title="Lettre", text="…", to=("ana",))
    assert cmd.share_handout(b, GM, letter, ["gm", "ana"]).op == "handout_shared"
    with pytest.raises(NotFound):
        cmd.share_handout(b, GM, letter, ["gm"])
    with pytest.raises(NotFound):
        cmd.reveal_handout(b, GM, "h9", "all", ["gm", "ana"])


cells = st.integers(min_value=0, max_value=9)
tokens = st.lists(st.tuples(cells, cells, st.booleans(), st.booleans()), min_size=1, max_size=8)
boxes = st.lists(st.tuples(cells, cells, cells, cells, st.booleans()), max_size=5)
moves = st.lists(st.tuples(st.integers(0, 7), cells, cells), max_size=6)


def _secret(b: Board) -> set[str]:
    """The tokens Ana may not see: not hers, and hidden or under the fog."""
    state = b.scenes["s1"]
    return {
        t.id
        for t in state.tokens.values()
        if t.character_id is None and (t.hidden or not revealed(state.fog, t.x, t.y))
    }


def _named(said: object) -> set[str]:
    text = json.dumps(said)
    return {f"t{i}" for i in range(8) if f'"t{i}"' in text}


@settings(max_examples=60, deadline=None)
@given(tokens=tokens, strokes=boxes, moves=moves)
def test_no_view_or_frame_names_a_token_the_player_may_not_see(
    tokens: list[tuple[int, int, bool, bool]],
    strokes: list[tuple[int, int, int, int, bool]],
    moves: list[tuple[int, int, int]],
) -> None:
    placed = [
        token(f"t{i}", c, r, hidden=hidden, **({"character_id": "c-ana"} if mine else {}))
        for i, (c, r, hidden, mine) in enumerate(tokens)
    ]
    b = board(*placed)
    for x, y, w, h, reveal in strokes:
        region = Rect(x=x * 70, y=y * 70, w=w * 70, h=h * 70)
        op = ev.FogRevealed if reveal else ev.FogHidden
        after = ev.fold(b, op(scene_id="s1", regions=(region,)))
        assert not _named(changes(b, after, ANA)) & _secret(after)
        b = after
    assert not _named(view_for(b, ANA)) & _secret(b)
    for index, c, r in moves:
        if index < len(placed):
            after = ev.fold(b, ev.TokenMoved(token_id=f"t{index}", x=c * 70 + 35, y=r * 70 + 35))
            frames = changes(b, after, ANA)
            # a token gone from sight is named by its removal only, never with a position
            shown = [f for f in frames if f["op"] != "token_gone"]
            assert not _named(shown) & _secret(after)
            assert not _named(view_for(after, ANA)) & _secret(after)
            b = after


def test_the_fog_is_bounded_without_a_stroke_silently_dropped() -> None:
    """A scene keeps at most FOG_MAX strokes: past them the GM is told, in one line, to start
    again from the whole scene hidden or revealed, which forgets every stroke before it (what
    each point shows is unchanged). Dropping the oldest strokes instead re-fogged areas."""
    from ecran.play.board.model import FOG_MAX

    b = board(reveal=(Rect(x=0, y=0, w=10, h=10),))
    many = [Rect(x=100 + i % 500, y=100, w=1, h=1) for i in range(FOG_MAX - 1)]
    for start in range(0, len(many), 100):  # an event holds at most 100 regions
        b = ev.fold(b, ev.FogHidden(scene_id="s1", regions=tuple(many[start : start + 100])))
    assert revealed(b.scenes["s1"].fog, 5, 5)  # the first stroke still counts
    with pytest.raises(EcranError) as full:
        cmd.fog(b, GM, "s1", [cmd.rect([20, 20, 5, 5])], [])
    assert full.value.text.fr == (
        "le brouillard de cette scène a déjà 2\u202f000 zones (au plus 2\u202f000) : cachez ou "
        "révélez toute la scène, puis reprenez"
    )
    for drafted in cmd.fog(b, GM, "s1", [], [cmd.rect([0, 0, 700, 700])]):
        b = ev.fold(b, drafted)
    assert len(b.scenes["s1"].fog) == 1 and not revealed(b.scenes["s1"].fog, 5, 5)
    for drafted in cmd.fog(b, GM, "s1", [cmd.rect([20, 20, 5, 5])], []):
        b = ev.fold(b, drafted)
    assert revealed(b.scenes["s1"].fog, 22, 22) and not revealed(b.scenes["s1"].fog, 5, 5)


def test_a_smaller_scene_brings_its_tokens_in_and_a_replay_agrees() -> None:
    """A map of 350 x 280 px for the 700 x 700 scene: a token past its edges comes to the
    nearest cell inside, in the scene's own event, so the stored log replays to the same
    board."""
    b = _table()  # ana (105, 105), ghoul (175, 175), guard (245, 105)
    b = ev.fold(b, ev.TokenMoved(token_id="guard", x=665, y=665))
    made = cmd.update_scene(b, GM, "s1", image_id="map2", width=350, height=280)
    assert [(m.token_id, m.x, m.y) for m in made.moved] == [("guard", 315.0, 245.0)]
    live = ev.fold(b, made)
    assert ev.fold(b, ev.parse(json.loads(json.dumps(ev.dump(made))))) == live
    placed = {t.id: (t.x, t.y) for t in live.scenes["s1"].tokens.values()}
    assert placed == {"ana": (105, 105), "ghoul": (175, 175), "guard": (315, 245)}
    assert cmd.update_scene(live, GM, "s1", name="Crypte basse").moved == ()


def test_a_smaller_map_brings_a_turns_start_onto_it_with_its_token() -> None:
    """The guard began its turn at (665, 665) and stepped to (595, 665); the new map, 350 x
    280, brings it to (315, 245). Its next step, one square to the left, is measured from the
    nearest cell to where its turn began, not from a point the map no longer has: 1 square,
    where 5 would be over its allowance of 2."""
    b = _table()
    began = Anchor(x=665, y=665, key="e1/1/p3")
    b = ev.fold(b, ev.TokenMoved(token_id="guard", x=595, y=665, anchor=began))
    b = ev.fold(b, cmd.update_scene(b, GM, "s1", image_id="map2", width=350, height=280))
    state = b.scenes["s1"]
    assert state.anchors["guard"] == Anchor(x=315, y=245, key="e1/1/p3")
    turn = Turn(running=True, participant_id="p3", key="e1/1/p3")
    step = Step(x=245, y=245, turn=turn, allowance=Allowance(2))
    moved = move(state, state.tokens["guard"], GM, step)
    assert (moved.x, moved.y, moved.warning) == (245, 245, None)
    far = move(
        state, state.tokens["guard"], GM, Step(x=35, y=245, turn=turn, allowance=Allowance(2))
    )
    assert far.warning is not None  # 4 squares from where its turn began: over 2
