"""Advice in the roll panel ("conseil"): the choices the rules give for the check about to be
rolled, each against the plain roll (`engine.advise`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ecran.engine.advise import advise
from ecran.engine.budget import Busy
from ecran.rules import EcranError
from ecran.web.deps import Here
from ecran.web.edge import CheckedRoute
from ecran.web.pages.common import next_retry, page
from ecran.web.pages.rolls import form_of

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

#: The choices the roll panel's advice lists besides the plain roll.
ADVICE_SHOWN = 4
#: Where advice is shown besides the roll panel (table, sheet: `#roll-advice`, its parameters
#: from `#roll-form`): the encounter's attack panel (the GM's form, a player's offered attack).
SLOTS = ("attack-advice",)


@router.get("/tables/{table_id}/advice")
def roll_advice(request: Request, here: Here) -> Response:
    """The roll panel's advice ("conseil"): the choices the rules give for the check about to
    be rolled, each against the plain roll, best first (`engine.advise`). Nothing where the
    check offers no choice or its parameters are not complete yet."""
    q = request.query_params
    form = form_of(here, q.get("check"), None, q)
    slot = q.get("advice_slot") or ""
    context: dict[str, Any] = {"advice": None, "plain": None, "others": []}
    if slot in SLOTS:  # the attack panel's: its retry carries the parameters it was asked with
        asked = {k: v for k, v in q.items() if k not in ("advice_retry", "token")}
        context.update(advice_slot=slot, advice_asked=asked)
    else:
        context.update(advice_slot="roll-advice", advice_asked=None)
    try:
        report = advise(here.system.id, form.check.name, form.values, lang=here.lang)
    except Busy:
        context["retry"] = next_retry(q.get("advice_retry"))
        return page(request, here, "table/_advice.html", context)
    except EcranError:
        return page(request, here, "table/_advice.html", context)
    plain = next((c for c in report.choices if c.plain), None)
    others = [c for c in report.choices if not c.plain][:ADVICE_SHOWN]
    context.update(advice=report, plain=plain, others=others)
    return page(request, here, "table/_advice.html", context)
