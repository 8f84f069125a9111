"""A sheet's actions with their positional parameters filled from the board
(`…/characters/{cid}/actions?odds=true&target_token=TID`): the character's token on the
target's scene against the target token, measured by `play.board.positions` as the game's
`data/positions.toml` says. Each filled value is labelled as the board's (`ActionOut.board`)
and stays editable: it is only put in the action's parameters, which the page shows in its
form; the odds are computed with it.

When the target token stands for a sheet (a character, an encounter's participant), what that
sheet sets in the check (its defence, armour, hit points: the game's `[target.<check>]`, read
from `System.attacks` against it) is filled too, labelled with its name. A secret NPC's values
are used for a player's odds but never shown to them: they are left out of the parameters and
said as `SECRET_FOE` (`hidden`, the keys the caller strips from every answer).

The target must be a token the caller may see (else 404, like a token that does not exist);
a character without a token on that scene gets nothing filled.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from ecran.play import TableState
from ecran.play.board import commands as board
from ecran.play.board.model import Token
from ecran.play.board.positions import positional_params, positions_of
from ecran.play.board.visibility import visible_scenes
from ecran.play.characters import parse_sheet
from ecran.play.encounter.summaries import SECRET_FOE
from ecran.play.errors import not_found
from ecran.rules import Action, EcranError, System, Text
from ecran.rules.positions import from_target, merged
from ecran.rules.wording import de
from ecran.web.api.board import seen
from ecran.web.api.token_status import token_sheet
from ecran.web.deps import Seat


@dataclass(frozen=True)
class Filled:
    """The actions with the board's and the target sheet's values put in (for the odds), what
    each filled (`{param: {"value", "label"}}`), and the keys not to show the caller."""

    actions: list[Action]
    labels: list[dict[str, dict[str, Any]]]
    hidden: list[frozenset[str]]


def _params_of(system: System[Any], check: str) -> set[str]:
    return set(system.check(check).params.model_fields)


def filled_from_board(
    me: Seat, character_id: str, target_token: str, listed: list[Action]
) -> Filled:
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
    nothing = frozenset[str]()
    if not mine or mine[0].id == target.id:
        return Filled(listed, [{} for _ in listed], [nothing for _ in listed])
    system_id = state.table.system_id
    declared = positions_of(system_id).checks
    sheet = _TargetSheet.of(me, state, character_id, target)
    actions, labels, hidden = [], [], []
    for action in listed:
        theirs = sheet.values(action)
        known = {
            k: float(v)
            for k, v in action.params.items()
            if isinstance(v, int | float) and not isinstance(v, bool)
        }
        found = positional_params(
            system_id, action.check, mine[0], target, state.board, known, viewer
        )
        taken = _params_of(me.system, action.check) if found else set()
        found = {k: v for k, v in found.items() if k in taken}
        rows = declared.get(action.check, ())
        params = merged({**action.params, **theirs}, rows, found)
        actions.append(replace(action, params=params))
        said = {k: sheet.said(v, me.lang) for k, v in theirs.items() if k not in found}
        labels.append(
            {**said, **{k: {"value": v, "label": t(me.lang)} for k, (v, t) in found.items()}}
        )
        hidden.append(frozenset(theirs) - found.keys() if sheet.secret else nothing)
    return Filled(actions, labels, hidden)


@dataclass(frozen=True)
class _TargetSheet:
    """The target token's sheet as the attacker's actions read it: the game's attacks of the
    attacker's sheet against it (none when the token stands for no readable sheet)."""

    name: str
    secret: bool
    offered: list[tuple[str, dict[str, Any]]]
    rows: dict[str, Any]

    @classmethod
    def of(cls, me: Seat, state: TableState, character_id: str, target: Token) -> _TargetSheet:
        rows = positions_of(state.table.system_id).targets
        data = token_sheet(state, target) if rows else None
        mine = state.characters.get(character_id)
        if data is None or mine is None:
            return cls(target.name, False, [], {})
        system = me.system
        try:
            attacks = system.attacks(parse_sheet(system, mine.sheet), parse_sheet(system, data))
        except (EcranError, ValueError):
            return cls(target.name, False, [], {})
        offered = [(a.check, dict(a.params)) for a in attacks]
        return cls(target.name, _secret(state, target) and not me.member.is_gm, offered, rows)

    def values(self, action: Action) -> dict[str, Any]:
        row = self.rows.get(action.check)
        return {} if row is None else from_target(action.params, action.check, self.offered, row)

    def said(self, value: Any, lang: str) -> dict[str, Any]:
        if self.secret:
            return {"value": None, "label": SECRET_FOE(lang), "secret": True}
        label = Text(fr=f"d'après la fiche {de(self.name)}", en=f"from {self.name}'s sheet")
        return {"value": value, "label": label(lang)}


def _secret(state: TableState, token: Token) -> bool:
    """Whether the GM keeps the token's sheet (a secret character's or participant's)."""
    character = state.characters.get(token.character_id or "")
    if character is not None and character.secret:
        return True
    return any(
        p.secret
        for enc_id, held in state.encounters.items()
        for p in held.encounter.participants.values()
        if token.bears(enc_id, p.id)
    )


#: Most values one `set` of edits holds.
EDITS_MAX = 50


def edited(system: System[Any], filled: Filled, raw: str) -> Filled:
    """`filled` with the page's edits (`raw`, a JSON object of scalar values) put in each
    action's parameters that the action's check has; one line (422) for anything else."""
    try:
        edits = json.loads(raw)
    except ValueError:
        edits = None
    if (
        not isinstance(edits, dict)
        or len(edits) > EDITS_MAX
        or not all(isinstance(v, str | int | float | bool) for v in edits.values())
    ):
        raise EcranError(
            Text(
                fr="set : un objet JSON de valeurs simples est attendu",
                en="set: a JSON object of plain values is expected",
            )
        )
    actions = []
    for action in filled.actions:
        taken = _params_of(system, action.check)
        mine = {k: v for k, v in edits.items() if k in taken}
        actions.append(replace(action, params={**action.params, **mine}))
    return replace(filled, actions=actions)
