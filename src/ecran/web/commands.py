"""The one write path of the web layer: every change to a table goes through here, from the JSON
API and from the pages alike.

A write runs the play command in one store transaction, commits, and only then tells the hub,
so a client never hears of an event it cannot read back. SQLAlchemy is synchronous, so a write
never runs on the event loop: the handlers that call these are plain `def` (FastAPI's thread
pool); async code calls them through `run_in_threadpool`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from fastapi import FastAPI

from ecran.engine import get_system
from ecran.play import Event, EventDraft, Member, StoredCharacter, TableState
from ecran.play import characters as play_characters
from ecran.play import dice_key as play_dice
from ecran.play import rolls as play_rolls
from ecran.play.board.image import Stored
from ecran.play.export import TableExport, read_export
from ecran.rules import System
from ecran.store import Access, CreatedTable
from ecran.store.images import ImageCommand
from ecran.store.repository import ImportedSeats
from ecran.web.deps import app_store
from ecran.web.live import hub

#: A play command: the table's state, the member acting and the table's system → an event.
Command = Callable[[TableState, Member, System[Any]], EventDraft]


def execute(app: FastAPI, access: Access, command: Command) -> Event:
    """Run the command for this member atomically, then send the event to the table's
    connections (each sees its own view). Call from a thread, never from the event loop.

    Nothing is rolled at a table without a dice key in force, whatever the route: a command
    that rolls (or reveals the key) there is refused by the play layer (`dice_key.NoDiceKey`: a
    table created before verifiable dice, or imported), so the table's key starts first
    (`start_dice_key`) and the command runs again, numbered after the key's event and seeded
    by it."""

    def bound(state: TableState, actor: Member) -> EventDraft:
        return command(state, actor, get_system(state.table.system_id))

    try:
        event = app_store(app).execute(access, bound)
    except play_dice.NoDiceKey:
        start_dice_key(app, access)
        event = app_store(app).execute(access, bound)  # a key is in force now: never refused so
    hub(app).publish_nowait(access.table_id, event)
    return event


def start_dice_key(app: FastAPI, access: Access) -> None:
    """Publish a new dice key's commitment at a table without a key in force (its number goes
    on from the last key its log published). Two requests may both find no key: the first
    starts it, the other's start is refused (`KeyInForce`) and both roll under it. A key never
    stops being in force (a reveal starts the next in the same event), so the command run
    after this always finds one."""
    store = app_store(app)
    index = store.next_dice_index(access.table_id)
    with suppress(play_dice.KeyInForce):
        event = store.execute(access, lambda s, a: play_rolls.start_key(s, a, index))
        hub(app).publish_nowait(access.table_id, event)


def save(data: Any, **options: Any) -> Command:
    """Create or update a character (`play.characters.save_character`'s options)."""

    def command(state: TableState, actor: Member, system: System[Any]) -> EventDraft:
        return play_characters.save_character(state, system, actor, data, **options)

    return command


def saved(event: Event) -> StoredCharacter:
    """The character a save or an operation stored."""
    return StoredCharacter.model_validate(event.payload["character"])


def create_table(
    app: FastAPI, name: str, system_id: str, options: dict[str, Any], gm_name: str
) -> CreatedTable:
    """A new table (no one is connected to it yet: nothing to publish)."""
    return app_store(app).create_table(name, system_id, options, gm_name)


def import_table(app: FastAPI, export: TableExport) -> ImportedSeats:
    """A GM's export as a new table, checked whole then stored in one transaction (no one is
    connected to it yet: nothing to publish)."""
    return app_store(app).import_table(read_export(export))


def join(app: FastAPI, invite_token: str, display_name: str) -> tuple[Access, str]:
    """A player joins; the table's connections read the join from the log."""
    access, token = app_store(app).join(invite_token, display_name)
    hub(app).nudge(access.table_id)
    return access, token


def renew_invite(app: FastAPI, access: Access) -> str:
    """The GM's new invite link's token (the old one stops working)."""
    event, token = app_store(app).renew_invite(access)
    hub(app).publish_nowait(access.table_id, event)
    return token


def renew_link(app: FastAPI, access: Access, member_id: str, revoke: bool) -> str | None:
    """A member's new link's token (None: revoked). The member's open sockets are closed at
    once: the old token opened them."""
    event, token = app_store(app).renew_link(access, member_id, revoke)
    live = hub(app)
    live.publish_nowait(access.table_id, event)
    live.close_member(access.table_id, member_id)
    return token


def remove_member(app: FastAPI, access: Access, member_id: str) -> Event:
    """The GM removes a member; their sockets are closed at once."""
    event = app_store(app).remove_member(access, member_id)
    live = hub(app)
    live.publish_nowait(access.table_id, event)
    live.close_member(access.table_id, member_id)
    return event


def delete_table(app: FastAPI, access: Access, confirm: str) -> None:
    """The GM deletes the table; every socket of it is closed."""
    app_store(app).delete_table(access, confirm)
    hub(app).close_table(access.table_id)


def execute_with_image(app: FastAPI, access: Access, image: Stored, command: ImageCommand) -> Event:
    """Store an uploaded image and run the command that uses it, in one transaction; then send
    the event to the table's connections (`execute`'s rules)."""
    event = app_store(app).execute_with_image(access, image, command)
    hub(app).publish_nowait(access.table_id, event)
    return event
