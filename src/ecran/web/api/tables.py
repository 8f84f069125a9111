"""`/api/tables/…`: the live table's JSON API (tables, members, characters, rolls, log,
encounters).

Every route but creating a table and reading an invite takes the member's token
(`Authorization: Bearer <token>` or `?token=`). Reads go through `view_for` / `view_state` for
that member; writes go through the store (one transaction each) and are then published to the
table's WebSocket connections. Errors: 401 no token, 403 not allowed, 404 unknown (or a wrong
link), 409 stale version (with both versions), 422 bad input (with the violations for a refused
sheet); always one line in the request's language.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError

from ecran.engine import get_system
from ecran.engine.creation import starting_sheet
from ecran.engine.records import OddsReport, odds_report
from ecran.engine.sheet_odds import ActionOdds, sheet_odds
from ecran.play import EventView, Member, TableInfo, TableState, view_for
from ecran.play import characters as play_characters
from ecran.play import dice_key as play_dice
from ecran.play import rolls as play_rolls
from ecran.play import table as play_table
from ecran.play.export import TableExport
from ecran.play.fairness import Fairness, fairness
from ecran.play.payloads import CharacterSaved as SavedPayload
from ecran.play.payloads import RollMade
from ecran.rules import CharacterSheet, EcranError, System, Text
from ecran.rules.check import DIFFICULTY
from ecran.rules.errors import from_validation
from ecran.store.repository import PAGE_MAX
from ecran.web import commands
from ecran.web.api import encounters, systems
from ecran.web.api.models import (
    ActionOut,
    ApplyOperation,
    AskOdds,
    ChangeOptions,
    CharacterOut,
    CharacterSaved,
    CreateCharacter,
    CreatedTable,
    CreateTable,
    EventReplay,
    InviteInfo,
    Joined,
    JoinTable,
    LogPage,
    MakeRoll,
    OperationInfo,
    TableOut,
    UpdateCharacter,
)
from ecran.web.deps import Db, Me, Seat
from ecran.web.downloads import json_file
from ecran.web.i18n import request_lang
from ecran.web.limits import MAX_INT
from ecran.web.live import hub

router = APIRouter(prefix="/api/tables", tags=["tables"])

#: Page paths the links point at (the table pages serve them).
GM_PAGE = "/tables/{table_id}"
INVITE_PAGE = "/join/{invite_token}"


def link(request: Request, path: str) -> str:
    return str(request.base_url).rstrip("/") + path


def gm_link(request: Request, table_id: str, gm_token: str) -> str:
    return link(request, GM_PAGE.format(table_id=table_id)) + f"?token={gm_token}"


def invite_link(request: Request, invite_token: str) -> str:
    return link(request, INVITE_PAGE.format(invite_token=invite_token))


def _saved(request: Request, me: Seat, command: commands.Command) -> CharacterSaved:
    """Save or operate on a character through the one write path; the answer with its event."""
    event = commands.execute(request.app, me.access, command)
    saved = SavedPayload.model_validate(event.payload)
    out = CharacterOut.of(saved.character, saved.violations)
    return CharacterSaved(**out.model_dump(), seq=event.seq, operation=saved.operation)


# -- tables and members -------------------------------------------------------------------------


@router.post("", response_model=CreatedTable, status_code=201)
def create_table(body: CreateTable, request: Request) -> CreatedTable:
    """A new table; the answer carries the GM's link and the players' invite link (keep both
    secret: each token is the key to the table)."""
    made = commands.create_table(request.app, body.name, body.system, body.options, body.gm_name)
    return CreatedTable(
        table=made.table,
        gm=made.gm,
        gm_token=made.gm_token,
        invite_token=made.invite_token,
        gm_link=gm_link(request, made.table.id, made.gm_token),
        invite_link=invite_link(request, made.invite_token),
    )


class SeatLink(BaseModel):
    """A member's new link in an imported table (for the GM to hand out)."""

    member_id: str
    display_name: str
    token: str
    link: str


class ImportedOut(CreatedTable):
    """The imported copy: the importer is its GM (`gm_link`); every seated player has a new
    link (`members`), and the invite link is new."""

    members: list[SeatLink]


@router.post("/import", response_model=ImportedOut, status_code=201)
def import_table(body: TableExport, request: Request) -> ImportedOut:
    """A GM's export (`GET …/export`) as a new table on this server, the same log and state:
    checked whole first (422, one line, nothing stored), stored in one transaction. The
    importer becomes the GM (the answer's `gm_link`); links are new, the old ones do not work
    here. Refused (422) when this server already holds the table."""
    made = commands.import_table(request.app, body)
    seated = made.tokens.items()
    names = {m.id: m.display_name for m in body.members}
    return ImportedOut(
        table=made.table,
        gm=made.gm,
        gm_token=made.gm_token,
        invite_token=made.invite_token,
        gm_link=gm_link(request, made.table.id, made.gm_token),
        invite_link=invite_link(request, made.invite_token),
        members=[
            SeatLink(
                member_id=mid,
                display_name=names[mid],
                token=token,
                link=gm_link(request, made.table.id, token),
            )
            for mid, token in seated
            if mid != made.gm.id
        ],
    )


@router.get("/invites/{invite_token}", response_model=InviteInfo)
def invite(invite_token: str, store: Db) -> InviteInfo:
    """What the invite link opens (before joining)."""
    table = store.table_for_invite(invite_token)
    return InviteInfo(
        table_id=table.id,
        name=table.name,
        system=table.system_id,
        system_name=get_system(table.system_id).name,
        members=len(store.members(table.id)),
    )


@router.post("/invites/{invite_token}/join", response_model=Joined, status_code=201)
def join(invite_token: str, body: JoinTable, request: Request) -> Joined:
    """Join as a player; the answer's token is the player's own key (their link, the same page
    as the GM's with their token)."""
    access, token = commands.join(request.app, invite_token, body.display_name)
    return Joined(
        table_id=access.table_id,
        member=access.member,
        token=token,
        link=gm_link(request, access.table_id, token),
    )


@router.get("/{table_id}", response_model=TableOut)
def table(me: Me, request: Request) -> TableOut:
    state = me.state
    invite_token = me.store.invite_token(me.access) if me.member.is_gm else None
    return TableOut(
        table=state.table,
        system_name=get_system(state.table.system_id).name,
        me=me.member,
        members=list(state.members.values()),
        last_seq=state.last_seq,
        invite_token=invite_token,
        invite_link=invite_link(request, invite_token) if invite_token else None,
    )


@router.get("/{table_id}/me", response_model=Member)
def me(me: Me) -> Member:
    return me.member


@router.get("/{table_id}/members", response_model=list[Member])
def members(me: Me) -> list[Member]:
    return me.store.members(me.table_id)


class NewInvite(BaseModel):
    invite_token: str
    invite_link: str


class MemberLink(BaseModel):
    """A member's new link; `token` and `link` are None when it was revoked."""

    member_id: str
    token: str | None
    link: str | None


@router.post("/{table_id}/invite", response_model=NewInvite)
def renew_invite(me: Me, request: Request) -> NewInvite:
    """The GM makes a new invite link; the old one stops working (seats taken keep theirs)."""
    token = commands.renew_invite(request.app, me.access)
    return NewInvite(invite_token=token, invite_link=invite_link(request, token))


@router.post("/{table_id}/members/{member_id}/link", response_model=MemberLink)
def renew_link(member_id: str, me: Me, request: Request) -> MemberLink:
    """The GM gives a member a new link (a lost or leaked one); the old one stops working at
    once and its open sockets are closed."""
    token = commands.renew_link(request.app, me.access, member_id, revoke=False)
    link_ = gm_link(request, me.table_id, token) if token else None
    return MemberLink(member_id=member_id, token=token, link=link_)


@router.delete("/{table_id}/members/{member_id}/link", response_model=MemberLink)
def revoke_link(member_id: str, me: Me, request: Request) -> MemberLink:
    """The GM revokes a member's link: it stops working at once, its open sockets are closed;
    the seat stays (the GM can give it a new link later)."""
    commands.renew_link(request.app, me.access, member_id, revoke=True)
    return MemberLink(member_id=member_id, token=None, link=None)


@router.delete("/{table_id}/members/{member_id}", response_model=EventView)
def remove_member(member_id: str, me: Me, request: Request) -> EventView:
    """The GM removes a player: their link stops working at once (sockets closed), their
    characters pass to the GM."""
    event = commands.remove_member(request.app, me.access, member_id)
    return view_for(event, me.member)


class Rename(BaseModel):
    display_name: str


@router.patch("/{table_id}/members/{member_id}", response_model=Member)
def rename_member(member_id: str, body: Rename, me: Me, request: Request) -> Member:
    """A member's new display name (their own; the GM may rename anyone); sent live."""
    commands.execute(
        request.app,
        me.access,
        lambda s, a, _: play_table.rename(s, a, member_id, body.display_name),
    )
    return me.refresh().state.member(member_id)


class Archive(BaseModel):
    archived: bool = True


@router.post("/{table_id}/archive", response_model=EventView)
def archive(body: Archive, me: Me, request: Request) -> EventView:
    """The GM archives the table (read-only: every write is refused, 403) or reopens it
    (`{"archived": false}`)."""
    event = commands.execute(
        request.app, me.access, lambda s, a, _: play_table.archive(s, a, body.archived)
    )
    return view_for(event, me.member)


@router.delete("/{table_id}", status_code=204)
def delete_table(
    me: Me,
    request: Request,
    confirm: str = Query(..., max_length=200, description="the table's name, typed again"),
) -> None:
    """The GM deletes the table and all of it, for good, once `confirm` repeats its name."""
    commands.delete_table(request.app, me.access, confirm)


@router.get("/{table_id}/presence", response_model=list[str])
def presence(me: Me, request: Request) -> list[str]:
    """The members connected to the table's live log now (their ids)."""
    return hub(request.app).presence(me.table_id)


@router.patch("/{table_id}/options", response_model=TableInfo)
def change_options(body: ChangeOptions, me: Me, request: Request) -> TableInfo:
    """The GM changes some options (checked against the system's); the others keep theirs."""
    commands.execute(
        request.app, me.access, lambda s, a, _: play_table.change_options(s, a, body.options)
    )
    return me.refresh().state.table


@router.get("/{table_id}/state", response_model=TableState)
def state(me: Me) -> TableState:
    """The whole table as this member may see it (no secret sheet for a player)."""
    return me.state


@router.get("/{table_id}/schema")
def sheet_schema(me: Me, request: Request) -> dict[str, Any]:
    """The JSON Schema of this table's character sheets (what import accepts)."""
    return systems.sheet_schema(me.system.id, request)


@router.get("/{table_id}/operations", response_model=list[OperationInfo])
def operations(me: Me) -> list[OperationInfo]:
    """The system's operations on a sheet (wounds, rest...), with their parameters' schema."""
    system = me.system
    return [
        OperationInfo(
            name=op.name,
            title=op.title,
            params_schema=op.params.model_json_schema(),
            sources=[str(s) for s in op.sources],
        )
        for op in system.operations
    ]


# -- characters ---------------------------------------------------------------------------------


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
def new_sheet(me: Me, name: str = Query(..., min_length=1)) -> dict[str, Any]:
    """A starting sheet of this table's system, for the guided creation to fill in."""
    sheet: CharacterSheet = starting_sheet(me.system, name)
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
) -> list[ActionOut]:
    """The checks a click on the sheet rolls, prefilled with its values and penalties; with
    `odds=true`, the exact odds of each at this table (its options in force); with
    `ladder=true`, at every difficulty too. All of them one sheet-odds call (`sheet_odds`, as
    `ecran odds-sheet`), every missing distribution in one job of the work budget: a sheet
    over it is refused whole (422)."""
    stored = me.store.character(me.access, character_id)
    system = me.system
    sheet = play_characters.parse_sheet(system, stored.sheet)
    listed = system.actions(sheet)
    found = [
        ActionOut(label=a.label, group=a.group, check=a.check, params=a.params) for a in listed
    ]
    if not (with_odds or ladder):
        return found
    lang = request_lang(request)
    options = me.state.table.options
    report = sheet_odds(system, sheet, lang, ladder=ladder, options=options, actions=listed)
    return [
        _with_odds(system, out, answered, lang, own=with_odds, ladder=ladder)
        for out, answered in zip(found, report.actions, strict=True)
    ]


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


# -- rolls and the log --------------------------------------------------------------------------


@router.post("/{table_id}/odds", response_model=OddsReport)
def table_odds(body: AskOdds, me: Me) -> OddsReport:
    """Exact odds of a check with the table's options in force (what a roll here would use)."""
    state = me.state
    params = play_rolls.with_table_options(state, body.check, body.params)
    return odds_report(state.table.system_id, body.check, params)


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


# -- verifiable dice ----------------------------------------------------------------------------


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


router.include_router(encounters.router)
