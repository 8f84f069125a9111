"""From two tokens to a check's parameters: the board measures, the game's data says what the
measure means (`systems/<id>/data/positions.toml`, read by `ecran.rules.positions`).

`positional_params("fluid", "attack", attacker, target, board)` gives `{param: (value, label)}`:
each value labelled as the board's, for the page to show beside the field, editable.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any

from ecran.engine.registry import get_system
from ecran.play.board.geometry import adjacent, allies_on, behind, flanked, squares
from ecran.play.board.model import Board, Grid, Token
from ecran.play.board.movement import Allowance
from ecran.play.board.visibility import Viewer, sees_token
from ecran.rules.positions import Positions, Situation, Value, fill, load_positions
from ecran.rules.text import Text


@cache
def positions_of(system_id: str) -> Positions:
    """A game's declared positional parameters (read once per process); none for a game
    without a data folder or a positions file."""
    system = get_system(system_id)
    module = type(system).__module__
    package = module.rpartition(".")[0] or module
    if not hasattr(importlib.import_module(package), "__path__"):
        return Positions(seed=system.seed)
    return load_positions(package, system.seed)


def default_grid(system_id: str) -> Grid:
    """The scale a new scene of this game starts with (Fluid: a square is a metre)."""
    scale = positions_of(system_id).board
    return Grid(unit=scale.unit, unit_per_square=scale.unit_per_square)


def situation(
    board: Board, attacker: Token, target: Token, viewer: Viewer | None = None
) -> Situation:
    """What the board says between the two tokens (of one scene), as `viewer` sees it: a
    token hidden from them or under their fog is no ally beside the target (the count and the
    flanking would tell them it stands there)."""
    state = board.scenes[target.scene_id]
    grid = state.scene.grid
    tokens = [t for t in state.tokens.values() if viewer is None or sees_token(state, t, viewer)]
    counted = squares(grid, (attacker.x, attacker.y), (target.x, target.y))
    facing = behind(attacker, target)
    return Situation(
        distance=counted * grid.unit_per_square,
        squares=counted,
        unit=grid.unit,
        adjacent=adjacent(grid, attacker, target),
        behind=facing if facing is not None else flanked(grid, tokens, attacker, target),
        higher_ground=attacker.flags.higher_ground and not target.flags.higher_ground,
        target_on_ground=target.flags.on_ground,
        attacker_on_ground=attacker.flags.on_ground,
        allies=len(allies_on(grid, tokens, attacker, target)),
        flags={
            **{f"attacker.{k}": bool(v) for k, v in attacker.flags.model_dump().items()},
            **{f"target.{k}": bool(v) for k, v in target.flags.model_dump().items()},
        },
    )


def positional_params(
    system_id: str,
    check_id: str,
    attacker: Token,
    target: Token,
    board: Board,
    known: Mapping[str, float] | None = None,
    viewer: Viewer | None = None,
) -> dict[str, tuple[Value, Text]]:
    """The check's parameters the board fills, each with its label; `{}` when the game declares
    none for this check, or the two tokens are not on one scene. `known`: values the sheet gives
    (an Organique weapon's `range_increment_m`); `viewer`: who asks (`situation`)."""
    rows = positions_of(system_id).checks.get(check_id, ())
    if not rows or attacker.scene_id != target.scene_id or target.scene_id not in board.scenes:
        return {}
    return fill(rows, situation(board, attacker, target, viewer), dict(known or {}))


def allowance(system_id: str, initiative_details: Mapping[str, Any] | None) -> Allowance | None:
    """The longest move per turn the game allows, from the initiative's details the tracker
    keeps (Fluid: `movement`, the INI less the gear), or None where the book gives none."""
    declared = positions_of(system_id).movement
    if declared is None or not initiative_details:
        return None
    amount = initiative_details.get(declared.detail)
    if not isinstance(amount, int | float) or isinstance(amount, bool):
        return None
    source = positions_of(system_id).source(declared).label
    return Allowance(float(amount), in_units=declared.measure == "unit", source=source)
