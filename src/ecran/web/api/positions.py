"""A sheet's actions with their positional parameters filled from the board
(`…/characters/{cid}/actions?odds=true&target_token=TID`): the character's token on the
target's scene against the target token, measured by `play.board.positions` as the game's
`data/positions.toml` says. Each filled value is labelled as the board's (`ActionOut.board`)
and stays editable: it is only put in the action's parameters, which the page shows in its
form; the odds are computed with it.

The target must be a token the caller may see (else 404, like a token that does not exist);
a character without a token on that scene gets nothing filled.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ecran.play.board import commands as board
from ecran.play.board.positions import positional_params, positions_of
from ecran.play.board.visibility import visible_scenes
from ecran.play.errors import not_found
from ecran.rules import Action, System
from ecran.rules.positions import merged
from ecran.web.api.board import seen
from ecran.web.deps import Seat


def _params_of(system: System[Any], check: str) -> set[str]:
    return set(system.check(check).params.model_fields)


def filled_from_board(
    me: Seat, character_id: str, target_token: str, listed: list[Action]
) -> tuple[list[Action], list[dict[str, dict[str, Any]]]]:
    """The actions with the board's values put in, and per action what the board filled
    (`{param: {"value", "label"}}`, the label in the request's language)."""
    state, viewer = seen(me)
    target = None
    for held in visible_scenes(state.board, viewer):
        if target_token in held.tokens:
            target = board.token_for(state.board, viewer, held.scene.id, target_token)
    if target is None:
        raise not_found(board.TOKEN, target_token)
    scene = state.board.scenes[target.scene_id]
    mine = [t for t in scene.tokens.values() if t.character_id == character_id]
    if not mine or mine[0].id == target.id:
        return listed, [{} for _ in listed]
    system_id = state.table.system_id
    declared = positions_of(system_id).checks
    actions, labels = [], []
    for action in listed:
        known = {
            k: float(v)
            for k, v in action.params.items()
            if isinstance(v, int | float) and not isinstance(v, bool)
        }
        found = positional_params(system_id, action.check, mine[0], target, state.board, known)
        taken = _params_of(me.system, action.check) if found else set()
        found = {k: v for k, v in found.items() if k in taken}
        rows = declared.get(action.check, ())
        actions.append(replace(action, params=merged(action.params, rows, found)))
        labels.append({k: {"value": v, "label": t(me.lang)} for k, (v, t) in found.items()})
    return actions, labels
