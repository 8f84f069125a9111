"""Two tokens on a board become a check's parameters, and the exact odds follow the board
where the game's rules make them (Fluid's position and allies, WaRP's distance dice, Nephilim's
spell range, Organique's reach and prone target)."""

from __future__ import annotations

from typing import Any

import pytest

import ecran
from board_toy import ON_GROUND, board, token
from ecran.play.board.model import Board, Token
from ecran.play.board.positions import allowance, default_grid, positional_params
from ecran.rules import EcranError


def _odds(system: str, check: str, **params: Any) -> list[tuple[str, str]]:
    return [(o.outcome, o.probability) for o in ecran.odds(system, check, **params).outcomes]


def _values(
    system: str, check: str, a: Token, b: Token, on: Board, **known: float
) -> dict[str, Any]:
    return {k: v for k, (v, _l) in positional_params(system, check, a, b, on, known).items()}


def _scaled(b: Board, unit_per_square: float) -> Board:
    state = b.scenes["s1"]
    grid = state.scene.grid.model_copy(update={"unit_per_square": unit_per_square})
    scene = state.scene.model_copy(update={"grid": grid})
    return b.model_copy(update={"scenes": {"s1": state.model_copy(update={"scene": scene})}})


def test_fluid_position_and_allies_from_the_board() -> None:
    me = token("me", 1, 2, character_id="c1")
    foe = token("foe", 2, 2, participant_id="p1", flags=ON_GROUND)
    friend = token("friend", 3, 2, character_id="c2")
    b = _scaled(board(me, foe, friend), 1.0)
    filled = positional_params("fluid", "attack", me, foe, b)
    assert {k: v for k, (v, _l) in filled.items()} == {
        "range_band": "melee",
        "position": True,
        "allies": 1,
    }
    assert "allié" in filled["allies"][1].fr and "(d'après le plateau)" in filled["allies"][1].fr
    base = {"characteristic": 5, "opponent_characteristic": 5}
    alone = _values(
        "fluid",
        "attack",
        me,
        foe.model_copy(update={"flags": foe.flags.model_copy(update={"on_ground": False})}),
        board(me, foe),
    )
    assert alone == {"range_band": "melee", "position": False, "allies": 0}
    assert _odds("fluid", "attack", **base, **filled_values(filled)) != _odds(
        "fluid", "attack", **base, **alone
    )


def filled_values(filled: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, (v, _l) in filled.items()}


def test_fluid_range_band_and_spell_range() -> None:
    me = token("me", 0, 0, character_id="c1")
    far = token("foe", 9, 0, participant_id="p1")  # 9 squares of 1.5 m: 13.5 m
    b = board(me, far)
    assert _values("fluid", "attack", me, far, b)["range_band"] == "short"
    assert _values("fluid", "spell", me, far, b) == {"range_band": 2}


def test_fluid_moves_ini_squares_and_scenes_start_at_a_metre_a_square() -> None:
    assert default_grid("fluid").unit_per_square == 1.0
    allowed = allowance("fluid", {"ini": 9, "movement": 7})
    assert allowed is not None and allowed.amount == 7 and not allowed.in_units
    assert allowed.source is not None and "987" in allowed.source.fr
    assert allowance("fluid", None) is None
    assert allowance("warp", {"movement": 7}) is None


def test_warp_distance_dice_change_the_odds() -> None:
    me = token("me", 0, 0, character_id="c1")
    near = token("foe", 1, 0, participant_id="p1")
    far = token("foe", 9, 9, participant_id="p1")
    close, away = (
        _values("warp", "ranged", me, near, board(me, near)),
        _values("warp", "ranged", me, far, board(me, far)),
    )
    assert close == {"distance_m": 1.5, "better_position": False}
    assert away["distance_m"] == 19.1
    assert _odds("warp", "ranged", **close) != _odds("warp", "ranged", **away)


def test_warp_group_attack_counts_the_attacker_and_allies() -> None:
    me = token("me", 1, 2, character_id="c1")
    foe = token("foe", 2, 2, participant_id="p1")
    friends = [token(f"f{i}", 3, 1 + i, character_id=f"c{i + 2}") for i in range(3)]
    assert _values("warp", "melee", me, foe, board(me, foe, *friends))["attackers"] == 4


def test_nephilim_spell_range_steps_add_to_the_improvements() -> None:
    me = token("me", 0, 0, character_id="c1")
    target = token("t", 0, 9, participant_id="p1")
    b = _scaled(board(me, target), 10.0)  # 90 m
    filled = positional_params("nephilim", "magic_control", me, target, b)
    assert filled["improvements"][0] == 4
    near = _values(
        "nephilim",
        "magic_control",
        me,
        token("t", 0, 1),
        _scaled(board(me, token("t", 0, 1)), 10.0),
    )
    assert near == {"improvements": 0}
    assert _odds("nephilim", "magic_control", ka=12, improvements=4) != _odds(
        "nephilim", "magic_control", ka=12
    )


def test_organique_reach_band_prone_target_and_range_increments() -> None:
    me = token("me", 0, 0, character_id="c1")
    foe = token("foe", 3, 0, participant_id="p1", flags=ON_GROUND)
    b = board(me, foe)
    assert _values("organique", "attack", me, foe, b) == {"band": 3, "target_prone": True}
    assert (
        _values("organique", "attack", me, foe, b, range_increment_m=1.5)["range_increments"] == 3
    )
    shot = {"action": "shoot", "characteristics": 25, "defender_characteristics": 20}
    assert _odds("organique", "attack", **shot, target_prone=True) != _odds(
        "organique", "attack", **shot
    )


def test_artemis_fills_nothing_and_unknown_checks_neither() -> None:
    me, foe = token("me", 0, 0), token("foe", 1, 0)
    assert positional_params("artemis", "attack", me, foe, board(me, foe)) == {}
    assert positional_params("fluid", "survival", me, foe, board(me, foe)) == {}


def test_a_taser_past_its_five_metre_wires_and_a_sabre_too_far_are_refused() -> None:
    me = token("me", 0, 0, character_id="c1")
    foe = token("foe", 5, 0, participant_id="p1")  # 7.5 m; Organique: 5 bands
    b = board(me, foe)
    warp = _values("warp", "ranged", me, foe, b)
    with pytest.raises(EcranError, match="5 m"):
        ecran.odds("warp", "ranged", weapon="Taser", **warp)
    near = token("foe", 2, 0, participant_id="p1")  # 3 m: within the wires
    assert ecran.odds(
        "warp", "ranged", weapon="Taser", **_values("warp", "ranged", me, near, board(me, near))
    )
    sabre = {
        "action": "strike",
        "characteristics": 25,
        "defender_characteristics": 20,
        "weapon_reach": "1-2",
    }
    organique = _values("organique", "attack", me, foe, b)
    with pytest.raises(EcranError, match="1-2"):
        ecran.odds("organique", "attack", **sabre, band=organique["band"])
    close = token("foe", 2, 0, participant_id="p1")
    assert ecran.odds(
        "organique",
        "attack",
        **sabre,
        band=_values("organique", "attack", me, close, board(me, close))["band"],
    )
