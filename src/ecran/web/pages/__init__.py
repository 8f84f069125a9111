"""Server-rendered pages (HTML, htmx fragments): the systems and their checks (`systems`), dice
notation (`dice`), and the live table (`tables`, `rolls`, `characters`, `encounters`; what they
share in `common`)."""

from fastapi import APIRouter

from ecran.web.pages import characters, dice, encounters, fairness, rolls, systems, tables

router = APIRouter(include_in_schema=False)
for module in (systems, dice, tables, rolls, characters, encounters, fairness):
    router.include_router(module.router)

__all__ = ["router"]
