"""Who may move a token, when, where it lands, and the game's allowance as a warning."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from board_toy import board, token
from ecran.play.board.coalesce import MOVE_INTERVAL, wait
from ecran.play.board.movement import Allowance, Step, Turn, move
from ecran.play.board.visibility import Viewer
from ecran.play.errors import Forbidden
from ecran.rules import Text

GM = Viewer("gm", is_gm=True)
ANA = Viewer("ana", characters=frozenset({"c-ana"}))
MINE = token("ana", 0, 0, character_id="c-ana", participant_id="p1")
ORC = token("orc", 5, 5, participant_id="p2")
STATE = board(MINE, ORC).scenes["s1"]


def test_a_player_moves_only_their_own_tokens() -> None:
    with pytest.raises(Forbidden):
        move(STATE, ORC, ANA, Step(100, 100, Turn()))
    assert move(STATE, ORC, GM, Step(100, 100, Turn(running=True, participant_id="p1"))).x == 105


def test_in_an_encounter_only_on_their_turn_unless_free_movement() -> None:
    theirs = Turn(running=True, participant_id="p2")
    with pytest.raises(Forbidden):
        move(STATE, MINE, ANA, Step(100, 100, theirs))
    assert move(STATE, MINE, ANA, Step(100, 100, Turn(running=True, participant_id="p1"))).y == 105
    assert move(STATE, MINE, ANA, Step(100, 100, Turn(running=True, character_id="c-ana"))).y == 105
    free = Turn(running=True, participant_id="p2", free_movement=True)
    assert move(STATE, MINE, ANA, Step(100, 100, free)).x == 105


def test_a_move_is_snapped_and_measured() -> None:
    moved = move(STATE, MINE, GM, Step(250, 40, Turn()))  # to square (3, 0)
    assert (moved.x, moved.y) == (245, 35)
    assert moved.distance == pytest.approx(4.5)
    assert moved.warning is None


def test_a_move_longer_than_the_game_allows_is_a_warning_not_a_refusal() -> None:
    source = Text(fr="Fluid, l. 987-993", en="Fluid, lines 987–993")
    moved = move(STATE, MINE, ANA, Step(400, 35, Turn(), Allowance(4, source=source)))
    assert (moved.x, moved.y) == (385, 35)
    assert moved.warning is not None
    assert moved.warning.fr.startswith("déplacement de 5 cases, plus que les 4 permis par tour")
    assert "Fluid, lines 987" in moved.warning.en
    within = move(STATE, MINE, ANA, Step(280, 35, Turn(), Allowance(4)))
    assert within.warning is None
    in_metres = move(STATE, MINE, ANA, Step(400, 35, Turn(), Allowance(6, in_units=True)))
    assert in_metres.warning is not None and "7,5 m" in in_metres.warning.fr


def test_drags_coalesce_to_a_few_events_a_second() -> None:
    t0 = datetime(2026, 12, 6, tzinfo=UTC)
    soon = t0 + MOVE_INTERVAL / 4
    assert wait(t0, soon) == MOVE_INTERVAL * 3 / 4  # held until the interval is over
    assert wait(t0, t0 + MOVE_INTERVAL) == timedelta(0)
    assert wait(None, soon) == timedelta(0)  # the first move of a drag is logged at once
    assert wait(t0, t0 - timedelta(seconds=1)) == timedelta(0)  # a clock gone back holds nothing
