"""The encounter's attack panel: the target, the system's attacks with their exact odds at this
table (asked again while a busy work budget holds them back), the chosen check's form."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import QueryParams

from ecran.play import encounter as play_encounter
from ecran.play.errors import Forbidden
from ecran.rules import EcranError
from ecran.web.deps import Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.forms import form_values
from ecran.web.pages.common import next_retry, page, query_index
from ecran.web.pages.rolls import form_of, roll_panel_context
from ecran.web.pages.systems import outcome_rows

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


@router.get("/tables/{table_id}/encounters/{encounter_id}/attack-panel")
def attack_panel(request: Request, here: Here, encounter_id: str) -> Response:
    """The GM's attack panel for `attacker` (default: whose turn it is) on `target`: the
    system's attacks between their sheets with exact odds; `pick` chooses one, `check` asks for
    any check of the system instead (a system offering no attack, a sheetless participant)."""
    context = attack_context(here, encounter_id, request.query_params)
    return page(request, here, "table/_attack_panel.html", context)


def attack_context(here: Seat, encounter_id: str, query: QueryParams) -> dict[str, Any]:
    enc = here.state.encounter(encounter_id).encounter
    attacker = query.get("a_attacker") or enc.current or ""
    if not here.member.is_gm:  # a player attacks with the active character only (theirs)
        attacker = enc.current or ""
    targets = [enc.participants[p] for p in enc.order if p != attacker]
    target = query.get("a_target") or (targets[0].id if targets else "")
    note = None
    acting = enc.participants.get(attacker)
    lost = None if acting is None else play_encounter.action_lost(acting)
    if lost is not None:  # stunned (Organique L3231-3236): why, instead of the attacks
        found = enc.participants.get(target)
        return {"enc": enc, "attacker": acting, "target": found, "lost": lost(here.lang)}
    # the whole table: the options read both sheets (a player's lose a secret side's numbers)
    whole = here.state if here.member.is_gm else here.store.state(here.table_id)
    try:
        options = play_encounter.attack_options(
            whole, here.system, here.member, encounter_id, attacker, target
        )
    except Forbidden:
        raise
    except EcranError as exc:  # a sheetless participant: the GM picks any check
        options, note = [], exc.message(here.lang).splitlines()[0]
    pick = query_index(query.get("a_pick"), len(options))
    waiting = not query.get("check") and any(o.odds_waiting for o in options)
    base = {
        "retry": next_retry(query.get("a_retry")) if waiting else None,
        "enc": enc,
        "attacker": enc.participants.get(attacker),
        "target": enc.participants.get(target),
        "options": options,
        "pick": pick,
        "note": note,
    }
    if not here.member.is_gm:
        return {**base, **_offered_odds(here, options[pick] if options else None)}
    asked = query.get("check")
    chosen = options[pick] if options and not asked else None
    if chosen is not None:
        form = form_of(here, chosen.check, None, QueryParams(form_values(chosen.params)))
    else:
        form = form_of(here, asked or None, None, query)
    return {**roll_panel_context(here, form), **base, "chosen": chosen}


def _offered_odds(here: Seat, chosen: play_encounter.AttackOption | None) -> dict[str, Any]:
    """A player's chosen attack: its odds as the system offers it (no parameter to change)."""
    context: dict[str, Any] = {"chosen": chosen, "report": None, "odds_error": None}
    if chosen is None:
        return context
    # the advice's parameters: the offered attack's (empty against a secret side: none then)
    asked = {**form_values(chosen.params), "check": chosen.check, "advice_slot": "attack-advice"}
    context["advice_vals"] = asked
    check = here.system.check(chosen.check)
    context["check"] = check
    if chosen.odds is not None:
        context["report"] = chosen.odds
        context["rows"] = outcome_rows(check, chosen.odds)
    elif chosen.odds_error is not None:
        context["odds_error"] = chosen.odds_error(here.lang)
    return context
