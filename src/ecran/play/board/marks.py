"""What a page draws around a token beyond its place and flags: its bearer's status (`up`,
`out` or `dead`, read by the game from the sheet it stands for, `System.status`: the word
only, never the sheet a player may not read) and the conditions a running encounter puts on
it (their names, as the tracker shows them to everyone).

`GET …/board` and `GET …/scenes/…` carry them in each token's view, and so do the live
frames of `board` events (`Store` annotates each member's changes), so a page shows a token
flagged, fallen or stunned as the change comes. They are read from the table as it is now.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ecran.engine import get_system
from ecran.play.board.model import Token
from ecran.play.characters import parse_sheet
from ecran.play.state import TableState
from ecran.rules import EcranError

Marks = dict[str, dict[str, Any]]


def token_sheet(state: TableState, token: Token) -> dict[str, Any] | None:
    """The sheet the token stands for: its participant's (an NPC's), else its character's."""
    for enc_id, held in state.encounters.items():
        found = held.encounter.participants.get(token.participant_id or "")
        if found is not None and found.sheet is not None and token.bears(enc_id, found.id):
            return found.sheet
    character = state.characters.get(token.character_id or "")
    return None if character is None or character.deleted else character.sheet


def _conditions(state: TableState, token: Token) -> list[dict[str, str]]:
    """The conditions on the token's bearer in the encounters under way, in both languages."""
    said: list[dict[str, str]] = []
    for enc_id, held in state.encounters.items():
        if held.encounter.ended:
            continue
        for p in held.encounter.participants.values():
            if not token.bears(enc_id, p.id) and (
                token.character_id is None or p.character_id != token.character_id
            ):
                continue
            for c in p.conditions:
                label = c.label
                said.append(
                    {"fr": label.fr, "en": label.en} if label else {"fr": c.name, "en": c.name}
                )
    return said


def marks(state: TableState) -> Marks:
    """Each token's marks by token id (`status` for a token with a readable sheet,
    `conditions` for one an encounter under way marks)."""
    system = get_system(state.table.system_id)
    found: Marks = {}
    for scene in state.board.scenes.values():
        for token in scene.tokens.values():
            mark: dict[str, Any] = {}
            sheet = token_sheet(state, token)
            if sheet is not None:
                with contextlib.suppress(EcranError, ValueError):  # a sheet it cannot read
                    mark["status"] = str(system.status(parse_sheet(system, sheet)))
            conditions = _conditions(state, token)
            if conditions:
                mark["conditions"] = conditions
            if mark:
                found[token.id] = mark
    return found


def marked(view: dict[str, Any], found: Marks) -> dict[str, Any]:
    """A token view with its marks put in."""
    return {**view, **found[view["id"]]} if view.get("id") in found else view


def marked_scene(view: dict[str, Any], found: Marks) -> dict[str, Any]:
    """A scene view (`{"scene", "tokens", ...}`) with each token's marks put in."""
    return {**view, "tokens": [marked(t, found) for t in view["tokens"]]}


def marked_changes(changes: list[dict[str, Any]], found: Marks) -> list[dict[str, Any]]:
    """A `board` event's changes (`visibility.changes`) with the marks of the tokens in them."""
    shown = []
    for change in changes:
        if change.get("op") == "token":
            change = {**change, "token": marked(change["token"], found)}
        elif change.get("op") == "scene":
            change = marked_scene(change, found)
        shown.append(change)
    return shown
