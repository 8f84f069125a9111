"""Server-rendered pages (HTML, htmx fragments): the first page listing the systems (`index`),
the systems' checks (`systems`), dice notation (`dice`), and the live table (`tables`, `rolls`,
`characters` and its creation `wizard`, `encounters`; what they share in `common`).

`router` is built on first use (start-up, #16): `ecran serve` answers its first page from
`index` alone and includes the other pages when a request first needs them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecran.web.edge import CheckedRoute

if TYPE_CHECKING:
    from fastapi import APIRouter

    router: APIRouter

__all__ = ["router"]


def build() -> APIRouter:
    """Every page's routes, the index first (the wizard before characters: its paths would
    otherwise read as a character's id)."""
    from fastapi import APIRouter

    from ecran.web.pages import (
        board,
        characters,
        chat,
        dice,
        encounters,
        fairness,
        files,
        index,
        live_panels,
        rolls,
        systems,
        tables,
        wizard,
    )

    modules = (
        index,
        systems,
        dice,
        tables,
        live_panels,
        rolls,
        wizard,
        characters,
        encounters,
        chat,
        fairness,
        files,
        board,
    )
    built = APIRouter(route_class=CheckedRoute, include_in_schema=False)
    for module in modules:
        built.include_router(module.router)
    return built


def __getattr__(name: str) -> Any:
    if name == "router":
        globals()["router"] = built = build()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
