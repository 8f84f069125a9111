"""`/api/tables/{table_id}/characters/…`: the table's characters in JSON: created, imported,
read, saved (a new version each), deleted, exported; the actions a sheet offers, with their odds
at this table; the system's operations on a sheet."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from ecran.engine.creation import starting_sheet
from ecran.engine.records import OddsReport, odds_report
from ecran.engine.sheet_odds import ActionOdds, sheet_odds
from ecran.play import EventView, view_for
from ecran.play import characters as play_characters
from ecran.play.payloads import CharacterSaved as SavedPayload
from ecran.rules import CharacterSheet, EcranError, System, Text
from ecran.rules.check import DIFFICULTY
from ecran.rules.refusals import from_validation
from ecran.web import commands
from ecran.web.api.models import (
    ActionOut,
    ApplyOperation,
    CharacterOut,
    CharacterSaved,
    CreateCharacter,
    UpdateCharacter,
)
from ecran.web.api.positions import Filled, edited, filled_from_board
from ecran.web.deps import Me, Seat
from ecran.web.downloads import json_file
from ecran.web.edge import CheckedRoute
from ecran.web.i18n import request_lang
from ecran.web.limits import MAX_INT

router = APIRouter(route_class=CheckedRoute)


def _saved(request: Request, me: Seat, command: commands.Command) -> CharacterSaved:
    """Save or operate on a character through the one write path; the answer with its event."""
    event = commands.execute(request.app, me.access, command)
    saved = SavedPayload.model_validate(event.payload)
    out = CharacterOut.of(saved.character, saved.violations)
    return CharacterSaved(**out.model_dump(), seq=event.seq, operation=saved.operation)


@router.get("/{table_id}/characters", response_model=list[CharacterOut])
def characters(me: Me) -> list[CharacterOut]:
    """Every character this member may see (a GM's secret NPCs are the GM's only)."""
    return [CharacterOut.of(c) for c in me.state.characters.values() if not c.deleted]


@router.post("/{table_id}/characters", response_model=CharacterSaved, status_code=201)
def create_character(body: CreateCharacter, me: Me, request: Request) -> CharacterSaved:
    """A new character, checked by the system (refused with its violations unless a draft)."""
    command = commands.save(
        body.sheet,
        owner_id=body.owner_id,
        secret=body.secret,
        allow_violations=body.allow_violations,
    )
    return _saved(request, me, command)


@router.get("/{table_id}/characters/new")
def new_sheet(me: Me, request: Request, name: str = Query(..., min_length=1)) -> dict[str, Any]:
    """A starting sheet of this table's system, for the guided creation to fill in, its words
    (WaRP's example traits) in the reader's language."""
    sheet: CharacterSheet = starting_sheet(me.system, name, request_lang(request))
    return sheet.model_dump(mode="json")


@router.post("/{table_id}/characters/import", response_model=CharacterSaved, status_code=201)
def import_character(
    me: Me,
    request: Request,
    sheet: dict[str, Any] = Body(..., description="a sheet as the export gives it"),
    owner_id: str | None = Query(None),
    secret: bool | None = Query(None),
) -> CharacterSaved:
    """A JSON sheet (an export): stored only if the system accepts it whole; otherwise 422
    with every violation, and nothing is stored."""
    return _saved(request, me, commands.save(sheet, owner_id=owner_id, secret=secret))


@router.get("/{table_id}/characters/{character_id}", response_model=CharacterOut)
def character(character_id: str, me: Me) -> CharacterOut:
    """A character with the rules its sheet breaks (none unless saved as a draft)."""
    stored = me.store.character(me.access, character_id)
    _, violations = play_characters.check_sheet(me.system, stored.sheet)
    return CharacterOut.of(stored, violations)


@router.put("/{table_id}/characters/{character_id}", response_model=CharacterSaved)
def update_character(
    character_id: str, body: UpdateCharacter, me: Me, request: Request
) -> CharacterSaved:
    """Save an edit made from `expected_version`; if someone saved since: 409 with both."""
    command = commands.save(
        body.sheet,
        character_id=character_id,
        expected_version=body.expected_version,
        owner_id=body.owner_id,
        secret=body.secret,
        allow_violations=body.allow_violations,
    )
    return _saved(request, me, command)


@router.delete("/{table_id}/characters/{character_id}", response_model=EventView)
def delete_character(
    character_id: str,
    me: Me,
    request: Request,
    expected_version: int = Query(..., ge=1, le=MAX_INT),
) -> EventView:
    event = commands.execute(
        request.app,
        me.access,
        lambda s, a, _: play_characters.delete_character(s, a, character_id, expected_version),
    )
    return view_for(event, me.member)


@router.get("/{table_id}/characters/{character_id}/export")
def export_character(character_id: str, me: Me) -> JSONResponse:
    """The sheet as a JSON file (the system's schema: `…/schema`), for import elsewhere."""
    stored = me.store.character(me.access, character_id)
    return json_file(stored.sheet, stored.name, "character")


@router.get("/{table_id}/characters/{character_id}/actions", response_model=list[ActionOut])
def actions(
    character_id: str,
    me: Me,
    request: Request,
    with_odds: bool = Query(False, alias="odds", description="add each action's exact odds"),
    ladder: bool = Query(
        False, description="add each action's odds at every difficulty of its check's range"
    ),
    target_token: str | None = Query(
        None,
        max_length=64,
        description="a token of the board: the positional parameters filled from it",
    ),
    set_: str | None = Query(
        None,
        alias="set",
        max_length=4000,
        description="a JSON object of values put in each action's parameters that has them "
        "(the page's edits), after the board's and the target's sheet's",
    ),
) -> list[ActionOut]:
    """The checks a click on the sheet rolls, prefilled with its values and penalties; with
    `odds=true`, the exact odds of each at this table (its options in force); with
    `ladder=true`, at every difficulty too. All of them one sheet-odds call (`sheet_odds`, as
    `ecran odds-sheet`), every missing distribution in one job of the work budget: a sheet
    over it is refused whole (422). With `target_token`, the positional parameters are filled
    from the board (this character's token against that one), each named in `board` with its
    label, and the odds are computed with them (a secret NPC's values too, never shown to a
    player); `set` puts the page's edits in, so their odds count those values as well."""
    stored = me.store.character(me.access, character_id)
    system = me.system
    sheet = play_characters.parse_sheet(system, stored.sheet)
    listed = system.actions(sheet)
    filled = Filled(listed, [{} for _ in listed], [frozenset() for _ in listed])
    if target_token is not None:
        filled = filled_from_board(me, character_id, target_token, listed)
    if set_ is not None:
        filled = edited(system, filled, set_)
    found = [
        ActionOut(label=a.label, group=a.group, check=a.check, params=a.params, board=b)
        for a, b in zip(filled.actions, filled.labels, strict=True)
    ]
    if with_odds or ladder:
        lang = request_lang(request)
        options = me.state.table.options
        report = sheet_odds(
            system, sheet, lang, ladder=ladder, options=options, actions=filled.actions
        )
        found = [
            _with_odds(system, out, answered, lang, own=with_odds, ladder=ladder)
            for out, answered in zip(found, report.actions, strict=True)
        ]
    return [_veiled(out, keys) for out, keys in zip(found, filled.hidden, strict=True)]


def _veiled(out: ActionOut, keys: frozenset[str]) -> ActionOut:
    """`out` without a secret sheet's values (they made the odds; the player does not read
    them)."""
    if not keys:
        return out
    params = {k: v for k, v in out.params.items() if k not in keys}
    odds = out.odds
    if odds is not None:
        shown = {k: v for k, v in odds.params.items() if k not in keys}
        odds = odds.model_copy(update={"params": shown})
    return out.model_copy(update={"params": params, "odds": odds})


def _with_odds(
    system: System[Any], out: ActionOut, answered: ActionOdds, lang: str, *, own: bool, ladder: bool
) -> ActionOut:
    """`out` with what the sheet's odds say of it: its own odds (the rung at its own
    difficulty), its ladder, what it waits for, or why it has none."""
    update: dict[str, Any] = {"needs": answered.needs}
    if answered.needs:
        waiting = Text(fr="valeurs à donner par le MJ : ", en="values the GM must give: ")(lang)
        update["odds_error"] = waiting + ", ".join(answered.needs)
    elif answered.error is not None:
        update["odds_error"] = answered.error
    else:
        if ladder:
            update["ladder"] = answered.odds
        if own:
            try:
                update["odds"] = _own_odds(system, answered)
            except EcranError as exc:
                update["odds_error"] = exc.message(lang)
    return out.model_copy(update=update)


def _own_odds(system: System[Any], answered: ActionOdds) -> OddsReport:
    """The odds at the action's own parameters (the table's options in force): its one rung,
    or on a ladder the rung at its own difficulty."""
    check = system.check(answered.check)
    try:
        params = check.parse(answered.params).model_dump(mode="json")
    except ValidationError as exc:
        raise from_validation(exc, check.params) from None
    laddered = answered.odds[0].difficulty is not None
    level = params.get(DIFFICULTY) if laddered else None
    rung = next((r for r in answered.odds if r.difficulty == level), None)
    if rung is None:  # not a rung of its range (no check declares one so): asked alone
        return odds_report(system.id, answered.check, answered.params)
    return OddsReport(system=system.id, check=answered.check, params=params, outcomes=rung.outcomes)


@router.post(
    "/{table_id}/characters/{character_id}/operations/{operation}",
    response_model=CharacterSaved,
)
def operate(
    character_id: str, operation: str, body: ApplyOperation, me: Me, request: Request
) -> CharacterSaved:
    """A system operation on the character (take a wound, rest...): a new version."""
    return _saved(
        request,
        me,
        lambda s, a, system: play_characters.operate_character(
            s,
            system,
            a,
            character_id,
            operation,
            body.params,
            expected_version=body.expected_version,
            seed=body.seed,  # the table's dice: `operate_character` draws them from the key
        ),
    )
