"""A write of the table API: one store transaction, then the event goes to the hub.

The store call is synchronous (SQLAlchemy), so it runs in the thread pool; publishing happens
only after the transaction committed, so a client never hears of an event it cannot read back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.concurrency import run_in_threadpool

from ecran.engine import get_system
from ecran.play import Event, EventDraft, Member, TableState
from ecran.play import characters as play_characters
from ecran.rules import System
from ecran.store import Access, Store
from ecran.web.live import hub

SystemCommand = Callable[[TableState, Member, System[Any]], EventDraft]


async def publish(request: Request, table_id: str, event: Event) -> Event:
    await hub(request.app).publish(table_id, event)
    return event


async def run(request: Request, store: Store, access: Access, command: SystemCommand) -> Event:
    """Run a play command (which also gets the table's system) atomically, then publish."""

    def bound(state: TableState, actor: Member) -> EventDraft:
        return command(state, actor, get_system(state.table.system_id))

    event = await run_in_threadpool(store.execute, access, bound)
    return await publish(request, access.table_id, event)


def save_command(data: Any, **options: Any) -> SystemCommand:
    """Create or update a character (the store's `save_character`, keeping the event)."""

    def command(state: TableState, actor: Member, system: System[Any]) -> EventDraft:
        return play_characters.save_character(state, system, actor, data, **options)

    return command
