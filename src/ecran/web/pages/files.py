"""The files a member downloads from the pages — the table's export and an encounter's fight
file — at the table's own address, so the member's session cookie opens them: a link never
carries the member's token (`ecran.web.sessions`). The same files as the API's
`GET /api/tables/{id}/export` and `…/encounters/{eid}/fight` (the answers are theirs)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ecran.web.api.encounters import fight
from ecran.web.api.rolls import export
from ecran.web.deps import Here
from ecran.web.edge import CheckedRoute

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


@router.get("/tables/{table_id}/export")
def table_export(here: Here) -> JSONResponse:
    """The table as this member sees it, as one JSON file."""
    return export(here)


@router.get("/tables/{table_id}/encounters/{encounter_id}/fight")
def fight_file(encounter_id: str, here: Here, request: Request) -> JSONResponse:
    """The encounter as `ecran encounter simulate` reads it (the GM's)."""
    return fight(encounter_id, here, request)
