"""The first page: every system and its checks, each check a link to its page.

Start-up (#16): it is listed from the games' data (`engine.registry.index`), so `ecran serve`
answers it without importing any game; the systems load in the background after."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ecran.engine.registry import index as systems_index
from ecran.web.edge import CheckedRoute
from ecran.web.i18n import request_lang
from ecran.web.render import render

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def index(request: Request) -> Response:
    lang = request_lang(request)
    return render(request, "index.html", {"systems": systems_index()}, lang=lang)
