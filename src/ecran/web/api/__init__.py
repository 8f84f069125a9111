"""The JSON API under /api: the registry, odds and rolls (`systems`, with `describe`), dice
notation (`dice`), and the live table (`tables`, `encounters`, their bodies in `models`)."""

from fastapi import APIRouter

from ecran.web.api import chat, dice, encounters, handouts, scenes, systems, tables, tokens
from ecran.web.edge import CheckedRoute

router = APIRouter(route_class=CheckedRoute)
for module in (systems, dice, tables, chat, scenes, tokens, handouts):
    router.include_router(module.router)

__all__ = ["encounters", "router"]
