"""`/api/tables/…`: the live table's JSON API (tables, members, characters, rolls, log,
encounters)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/api/tables", tags=["tables"])
