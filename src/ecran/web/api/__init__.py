"""The JSON API under /api: the registry, odds and rolls (`systems`, with `describe`), dice
notation (`dice`), the live table (`tables`, `encounters`, their bodies in `models`) and its
board (`scenes`, `tokens`, `handouts`, the GM's `players_view`)."""

from fastapi import APIRouter

from ecran.web.api import (
    chat,
    dice,
    encounters,
    handouts,
    players_view,
    scenes,
    systems,
    tables,
    tokens,
)
from ecran.web.edge import CheckedRoute

router = APIRouter(route_class=CheckedRoute)
for module in (systems, dice, tables, chat, scenes, players_view, tokens, handouts):
    router.include_router(module.router)

__all__ = ["encounters", "router"]
