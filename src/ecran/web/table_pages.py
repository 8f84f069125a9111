"""The live table's pages: create a table, join, sheets, rolls with odds, the log, encounters."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["table pages"])
