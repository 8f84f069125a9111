"""Server-rendered pages (HTML, htmx fragments): the systems and their checks (`systems`), dice
notation (`dice`), and the live table (`tables`, `rolls`, `characters` and its creation
`wizard`, `encounters`; what they share in `common`)."""

from fastapi import APIRouter

from ecran.web.pages import (
    characters,
    chat,
    dice,
    encounters,
    fairness,
    rolls,
    systems,
    tables,
    wizard,
)

router = APIRouter(include_in_schema=False)
# the wizard before characters: its paths would otherwise read as a character's id
for module in (systems, dice, tables, rolls, wizard, characters, encounters, chat, fairness):
    router.include_router(module.router)

__all__ = ["router"]
