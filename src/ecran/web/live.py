"""One WebSocket per table and the hub that fans events out to its connections.

Contract for the rest of the web layer: after any change stored through the `Store`, call
`await hub(app).publish(table_id, event)`; the hub sends each connection only
`view_for(event, member)` (a hidden roll never leaves the server for a member who may not see it).
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from ecran.play.events import Event

router = APIRouter(tags=["live"])


class Hub:
    async def publish(self, table_id: str, event: Event) -> None:
        """Send the event to every connection of the table, redacted per member."""


def hub(app: FastAPI) -> Hub:
    existing: Hub | None = getattr(app.state, "hub", None)
    if existing is None:
        existing = Hub()
        app.state.hub = existing
    return existing
