"""The scene board's page (`/tables/{id}/plateau`): the map (static/board.js), the GM's tools
(scenes, tokens, fog: static/board_tools.js), the Documents panel and the attack panel
(static/board_side.js).

The page is a shell: everything on the board comes from the board's JSON API as this member may
see it (`/api/tables/{id}/scenes…`, `…/handouts`) and from the live frames, so nothing the
server keeps from a player is ever written into it. What the page itself carries: who may be
placed (the GM's only), the players a handout may go to (the GM's only), the checks the game
fills from the board, and what the book says when it fills none.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ecran.play.board.positions import positions_of
from ecran.rules.positions import PositionalParam
from ecran.web.api.scenes import DIAGONAL_WORDS
from ecran.web.deps import Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.forms import fields_of
from ecran.web.pages.common import page

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


@router.get("/tables/{table_id}/plateau")
def board_page(request: Request, here: Here) -> Response:
    """The board of the table, for the GM (every tool) or a player (their tokens, the
    documents they were given, their attacks with the board's parameters)."""
    return page(request, here, "table/board.html", board_context(here))


def board_context(here: Seat) -> dict[str, Any]:
    declared = positions_of(here.system.id)
    gm = here.member.is_gm
    return {
        "board_checks": _checks(here, declared.checks),
        "positions_none": declared.none,
        "placeables": _placeables(here) if gm else [],
        "players": _players(here) if gm else [],
        "default_scale": declared.board.unit_per_square,
        "default_unit": declared.board.unit,
        # how the GM's grid form names each way of counting a diagonal step
        "diagonals": [(rule, words(here.lang)) for rule, words in DIAGONAL_WORDS.items()],
    }


def _checks(here: Seat, declared: dict[str, tuple[PositionalParam, ...]]) -> dict[str, Any]:
    """For each check the game fills from the board: its title, its fields (the page's
    editable controls: label, kind, choices), which of them the board fills, and its outcomes'
    words, worst first. The page shows the board's fields, and the ones the odds wait for."""
    lang = here.lang
    found: dict[str, Any] = {}
    for name, rows in sorted(declared.items()):
        check = here.system.check(name)
        fields = {
            f.path: {
                "label": f.label(lang),
                "kind": f.kind,
                "choices": [
                    [c, f.choice_labels[str(c)](lang)] if str(c) in f.choice_labels else [c, str(c)]
                    for c in f.choices
                ],
            }
            for f in fields_of(check.params)
        }
        found[name] = {
            "label": check.title(lang),
            "board": sorted({r.param for r in rows}),
            "fields": fields,
            "outcomes": {o.name: o.label(lang) for o in check.outcomes},
        }
    return found


def _placeables(here: Seat) -> list[dict[str, Any]]:
    """What the GM may put on the board: the table's characters, then the participants of the
    encounters under way that are not characters (the NPCs)."""
    found: list[dict[str, Any]] = [
        {"kind": "character_id", "id": c.id, "name": c.name, "secret": c.secret}
        for c in sorted(here.state.characters.values(), key=lambda c: c.name.casefold())
        if not c.deleted
    ]
    for state in here.state.encounters.values():
        enc = state.encounter  # "participant:<encounter>:<participant>": numbered per encounter
        if enc.ended:
            continue
        for p in enc.participants.values():
            if p.character_id is None:
                found.append(
                    {
                        "kind": "participant",
                        "id": f"{enc.id}:{p.id}",
                        "name": p.name,
                        "secret": p.secret,
                        "hidden": p.hidden,
                        "encounter": enc.name,
                    }
                )
    return found


def _players(here: Seat) -> list[dict[str, str]]:
    return [
        {"id": m.id, "name": m.display_name} for m in here.state.members.values() if not m.is_gm
    ]
