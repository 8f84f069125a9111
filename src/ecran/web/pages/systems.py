"""Server-rendered pages: the systems and their checks, a check's form, odds and roll (htmx).

A check page works without JavaScript too: the form submits to the page itself, and a link with
`seed=N` replays a roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ecran.engine import get_system
from ecran.engine.records import OddsReport, RollRecord, odds_report, roll_record
from ecran.rules import Check, EcranError, System
from ecran.web.api.describe import param_options, source_info
from ecran.web.deps import Form
from ecran.web.edge import CheckedRoute
from ecran.web.forms import FormField, fields_of, form_values, values_from_form
from ecran.web.i18n import request_lang
from ecran.web.pages.common import multi, seed_of
from ecran.web.render import render

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)
T = TypeVar("T")


def check_url(system_id: str, check_name: str) -> str:
    return f"/systems/{system_id}/checks/{check_name}"


def replay_url(record: RollRecord, lang: str) -> str:
    query = {**form_values(record.params), "seed": str(record.seed), "lang": lang}
    return check_url(record.system, record.check) + "?" + urlencode(query)


def outcome_rows(check: Check[Any], report: OddsReport) -> list[dict[str, Any]]:
    """Each outcome's row of the odds chart, worst to best, with its label and help."""
    rows = []
    for row in report.outcomes:
        outcome = check.outcome(row.outcome)
        rows.append({"name": row.outcome, "label": outcome.label, "help": outcome.help, "row": row})
    return rows


def _odds_context(check: Check[Any], report: OddsReport) -> dict[str, Any]:
    return {"check": check, "report": report, "rows": outcome_rows(check, report)}


def _roll_context(check: Check[Any], record: RollRecord, lang: str) -> dict[str, Any]:
    return {
        "check": check,
        "record": record,
        "outcome": check.outcome(record.outcome),
        "replay": replay_url(record, lang),
        "api": f"/api/roll/{record.system}/{record.check}?"
        + urlencode({**form_values(record.params), "seed": str(record.seed)}),
    }


def _values(
    check: Check[Any], fields: Sequence[FormField], form: Mapping[str, Sequence[str]]
) -> Any:
    """What the form shows: the check's example, overridden by what the request gives."""
    return {**check.example, **values_from_form(fields, form)}


def _try(compute: Callable[..., T], *args: Any) -> tuple[T | None, EcranError | None]:
    """Run odds/roll for the page; bad input becomes a message shown in place, not an error page."""
    try:
        return compute(*args), None
    except EcranError as exc:
        return None, exc


@router.get("/systems/{system_id}", response_class=HTMLResponse)
def system_page(system_id: str) -> Response:
    get_system(system_id)  # an unknown system is a 404 page, not a redirect to nowhere
    return RedirectResponse(f"/#system-{system_id}", status_code=303)


@router.get("/systems/{system_id}/checks/{check_name}", response_class=HTMLResponse)
def check_page(system_id: str, check_name: str, request: Request) -> Response:
    lang = request_lang(request)
    system = get_system(system_id)
    check = system.check(check_name)
    fields = fields_of(check.params)
    query = multi(request.query_params)
    values = _values(check, fields, query)
    report, odds_error = _try(odds_report, system.id, check.name, values)
    record, roll_error = None, None
    seed = query.get("seed", [""])[-1]
    if seed or "roll" in query:
        record, roll_error = _try(roll_record, system.id, check.name, values, seed_of(seed))
    context = {
        "system": system,
        "check": check,
        "fields": fields,
        "shown": form_values({f.name: values.get(f.name, f.default) for f in fields}),
        "options": param_options(check),
        "sources": [source_info(s) for s in check.sources],
        "report": None,
        "record": None,
        "odds_error": _message(odds_error, lang),
        "roll_error": _message(roll_error, lang),
        "base": check_url(system.id, check.name),
    }
    if report is not None:
        context.update(_odds_context(check, report))
    if record is not None:
        context.update(_roll_context(check, record, lang))
    return render(request, "check.html", context, lang=lang)


@router.get("/systems/{system_id}/checks/{check_name}/odds", response_class=HTMLResponse)
def odds_fragment(system_id: str, check_name: str, request: Request) -> Response:
    """The odds chart for the form's current values (htmx swaps it in as the form changes)."""
    lang = request_lang(request)
    check, values = _check_and_values(system_id, check_name, multi(request.query_params))
    report = odds_report(system_id, check_name, values)
    return render(request, "_odds.html", _odds_context(check, report), lang=lang)


@router.post("/systems/{system_id}/checks/{check_name}/roll", response_class=HTMLResponse)
def roll_fragment(system_id: str, check_name: str, request: Request, data: Form) -> Response:
    """Roll with the form's values and a fresh seed; the record comes back with its replay link."""
    lang = request_lang(request)
    form = multi(data)
    check, values = _check_and_values(system_id, check_name, form)
    record = roll_record(system_id, check_name, values, None)
    return render(request, "_roll.html", _roll_context(check, record, lang), lang=lang)


def _check_and_values(
    system_id: str, check_name: str, form: Mapping[str, Sequence[str]]
) -> tuple[Check[Any], dict[str, Any]]:
    system: System[Any] = get_system(system_id)
    check = system.check(check_name)
    return check, _values(check, fields_of(check.params), form)


def _message(error: EcranError | None, lang: str) -> str | None:
    return error.message(lang).splitlines()[0] if error is not None else None
