"""`/api/tables/…`: the live table's JSON API: tables and members here; characters
(`characters`), rolls and the log (`rolls`) and encounters (`encounters`) are included in its
router.

Every route but creating a table and reading an invite takes the member's token
(`Authorization: Bearer <token>` or `?token=`). Reads go through `view_for` / `view_state` for
that member; writes go through the store (one transaction each) and are then published to the
table's WebSocket connections. Errors: 401 no token, 403 not allowed, 404 unknown (or a wrong
link), 409 stale version (with both versions), 422 bad input (with the violations for a refused
sheet); always one line in the request's language.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel

from ecran.engine import get_system
from ecran.play import EventView, Member, TableInfo, TableState, view_for
from ecran.play import table as play_table
from ecran.play.export import TableExport
from ecran.store import CreatedTable as StoredTable
from ecran.store.repository import ImportedSeats
from ecran.web import commands
from ecran.web.api import characters, encounters, rolls, systems
from ecran.web.api.models import (
    ChangeOptions,
    CreatedTable,
    CreateTable,
    InviteInfo,
    Joined,
    JoinTable,
    OperationInfo,
    TableOut,
)
from ecran.web.deps import Db, Me
from ecran.web.edge import CheckedRoute
from ecran.web.live import hub
from ecran.web.text import Name

router = APIRouter(route_class=CheckedRoute, prefix="/api/tables", tags=["tables"])


#: Page paths the links point at (the table pages serve them).
GM_PAGE = "/tables/{table_id}"


INVITE_PAGE = "/join/{invite_token}"


def link(request: Request, path: str) -> str:
    return str(request.base_url).rstrip("/") + path


def gm_link(request: Request, table_id: str, gm_token: str) -> str:
    return link(request, GM_PAGE.format(table_id=table_id)) + f"?token={gm_token}"


def invite_link(request: Request, invite_token: str) -> str:
    return link(request, INVITE_PAGE.format(invite_token=invite_token))


@router.post("", response_model=CreatedTable, status_code=201)
def create_table(body: CreateTable, request: Request) -> CreatedTable:
    """A new table; the answer carries the GM's link and the players' invite link (keep both
    secret: each token is the key to the table)."""
    made = commands.create_table(request.app, body.name, body.system, body.options, body.gm_name)
    return CreatedTable(**_new_table(request, made))


def _new_table(request: Request, made: StoredTable | ImportedSeats) -> dict[str, Any]:
    """What every new table's answer carries: the table, its GM, both tokens and both links."""
    return {
        "table": made.table,
        "gm": made.gm,
        "gm_token": made.gm_token,
        "invite_token": made.invite_token,
        "gm_link": gm_link(request, made.table.id, made.gm_token),
        "invite_link": invite_link(request, made.invite_token),
    }


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
        **_new_table(request, made),
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
    display_name: Name


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


for part in (characters, rolls, encounters):
    router.include_router(part.router)
