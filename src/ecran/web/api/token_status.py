"""Whether each token's bearer still fights: `up`, `out` (out of action) or `dead`, read by the
game from the sheet it stands for (`System.status`: the character's sheet, or an encounter
participant's), for the ring the board draws around a token. Only that word leaves the server
(never the sheet a player may not read). The answers of `GET …/board` and `GET …/scenes/…`
carry it as each token's `status` (tokens with no sheet have none); a page reads them again
when an encounter step or a sheet's save arrives, as the tracks it shows change then.
"""

from __future__ import annotations

from typing import Any

from ecran.engine import get_system
from ecran.play import TableState
from ecran.play.board.model import Token
from ecran.play.characters import parse_sheet
from ecran.rules import EcranError


def token_sheet(state: TableState, token: Token) -> dict[str, Any] | None:
    """The sheet the token stands for: its participant's (an NPC's), else its character's."""
    for held in state.encounters.values():
        found = held.encounter.participants.get(token.participant_id or "")
        if found is not None and found.sheet is not None:
            return found.sheet
    character = state.characters.get(token.character_id or "")
    return None if character is None or character.deleted else character.sheet


def statuses(state: TableState) -> dict[str, str]:
    """Each token's status, by token id (a token with no readable sheet: none)."""
    system = get_system(state.table.system_id)
    found: dict[str, str] = {}
    for scene in state.board.scenes.values():
        for token in scene.tokens.values():
            sheet = token_sheet(state, token)
            if sheet is None:
                continue
            try:
                found[token.id] = str(system.status(parse_sheet(system, sheet)))
            except (EcranError, ValueError):
                continue
    return found


def with_status(view: dict[str, Any], found: dict[str, str]) -> dict[str, Any]:
    """A scene view (`{"scene", "tokens", ...}`) with each token's status put in."""
    tokens = [{**t, "status": found[t["id"]]} if t["id"] in found else t for t in view["tokens"]]
    return {**view, "tokens": tokens}
