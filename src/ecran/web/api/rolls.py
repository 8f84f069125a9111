"""`/api/tables/{table_id}/…`: rolls and the log: odds and rolls at the table, the log read and
each roll replayed from its record, the verifiable dice, and the whole log out (the export, the
dice's fairness)."""

from __future__ import annotations

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse

from ecran.engine.records import OddsReport, check_odds
from ecran.play import EventView, view_for
from ecran.play import dice_key as play_dice
from ecran.play import rolls as play_rolls
from ecran.play.export import TableExport
from ecran.play.fairness import Fairness, fairness
from ecran.play.payloads import RollMade
from ecran.rules import EcranError
from ecran.store.repository import PAGE_MAX
from ecran.web import commands
from ecran.web.api.models import (
    AskOdds,
    EventReplay,
    LogPage,
    MakeRoll,
)
from ecran.web.deps import Me, Seat
from ecran.web.downloads import json_file
from ecran.web.edge import CheckedRoute
from ecran.web.limits import MAX_INT

router = APIRouter(route_class=CheckedRoute)


@router.post("/{table_id}/odds", response_model=OddsReport)
def table_odds(body: AskOdds, me: Me) -> OddsReport:
    """Exact odds of a check with the table's options in force (what a roll here would use)."""
    state = me.state
    check = play_rolls.table_check(state, body.check)
    params = play_rolls.table_params(state, check, body.params)
    return check_odds(state.table.system_id, check, params, body.check)


@router.post("/{table_id}/rolls", response_model=EventView, status_code=201)
def make_roll(body: MakeRoll, me: Me, request: Request) -> EventView:
    """Roll a check at the table: stored, sent live, and answered as the roller may see it (a
    blind roll's result is not in the answer). The seed is the table's (derived from its dice
    key and the roll's number); a player's `seed` is refused (403), a GM's is flagged. A table
    without a key in force starts one first (`commands.execute`)."""
    event = commands.execute(
        request.app,
        me.access,
        lambda s, a, _: play_rolls.roll(
            s,
            a,
            body.check,
            body.params,
            visibility_name=body.visibility,
            character_id=body.character_id,
            label=body.label,
            seed=body.seed,
        ),
    )
    return view_for(event, me.member)


@router.get("/{table_id}/events", response_model=list[EventView])
def events_after(
    me: Me,
    after: int = Query(0, ge=0, le=MAX_INT, description="the last seq the client has"),
    limit: int = Query(PAGE_MAX, ge=1, le=PAGE_MAX),
) -> list[EventView]:
    """The events after `after`, in order (a reconnecting client asks again from the last seq
    until the list is empty)."""
    return me.store.events_after(me.access, after, limit)


@router.get("/{table_id}/log", response_model=LogPage)
def log_page(
    me: Me,
    before: int | None = Query(
        None, ge=1, le=MAX_INT, description="page before this seq; newest if absent"
    ),
    limit: int = Query(50, ge=1, le=PAGE_MAX),
) -> LogPage:
    page = me.store.page(me.access, before, limit)
    return LogPage(events=page.events, before=page.before)


@router.get("/{table_id}/events/{seq}", response_model=EventReplay)
def event(me: Me, seq: int = Path(..., ge=-MAX_INT, le=MAX_INT)) -> EventReplay:
    """One event as this member sees it; a roll they may see is rolled again from its record
    (same check, parameters and seed) to show it was not tampered with."""
    view = me.store.event(me.access, seq)
    if view.kind != "roll" or view.redacted:
        return EventReplay(event=view)
    record = RollMade.model_validate(view.payload).record
    try:
        again = play_rolls.replay(record)
    except EcranError:
        return EventReplay(event=view, matches=False)
    return EventReplay(event=view, replay=again, matches=again == record)


@router.get("/{table_id}/dice", response_model=play_dice.Commitment | None)
def dice_commitment(me: Me) -> play_dice.Commitment | None:
    """The commitment in force (SHA-256 of the table's secret dice key): every roll's seed
    derives from that key until the GM reveals it. None at a table without a key yet."""
    key = me.state.dice_key
    return None if key is None else play_dice.Commitment(index=key.index, commitment=key.commitment)


@router.post("/{table_id}/dice/reveal", response_model=EventView, status_code=201)
def reveal_dice_key(me: Me, request: Request) -> EventView:
    """The GM reveals the dice key in force; a new key and commitment start (one event)."""
    event = commands.execute(request.app, me.access, lambda s, a, _: play_rolls.reveal_key(s, a))
    return view_for(event, me.member)


def _all_views(me: Seat) -> list[EventView]:
    views: list[EventView] = []
    while batch := me.store.events_after(me.access, views[-1].seq if views else 0, PAGE_MAX):
        views.extend(batch)
    return views


@router.get("/{table_id}/export", response_model=TableExport)
def export(me: Me) -> JSONResponse:
    """The whole table as this member sees it, as one JSON file: members (no link), characters,
    encounters and the log. The GM's imports into another server (`POST /api/tables/import`);
    anyone's is checked by `ecran verify TABLE.json`. No secret dice key is in it (the revealed
    ones are); a player's private rolls are stubs even in the GM's."""
    made = me.store.export(me.table_id, me.member.id)
    return json_file(made.model_dump(mode="json"), made.table.name, "table")


@router.get("/{table_id}/fairness", response_model=Fairness)
def table_fairness(me: Me) -> Fairness:
    """Observed faces and outcomes against the uniform law and the exact odds (chi-square and
    p-value), over the rolls this member may see."""
    return fairness(_all_views(me))
