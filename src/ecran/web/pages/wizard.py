"""The creation wizard: a new character step by step, in the order of the system's rules
(`ecran.engine.creation`: identity, characteristics, skills or traits, health, powers,
equipment, finishing), with the running budget, the sheet's derived values and the rules'
messages recomputed as the player types, a random draw per step, and the same save (and the
same refusal) as the long form, which stays for editing.

The sheet being made travels in the page (a hidden `_sheet` JSON field, bounded): each request
merges the current step's fields into it, so nothing is stored before "create".
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from ecran.engine import creation
from ecran.engine.creation import starting_sheet
from ecran.rules import EcranError, System, Text
from ecran.rules.budget import PointBudget
from ecran.rules.field import field_labels
from ecran.web import commands
from ecran.web.deps import Form, Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.forms import FormField, Schema, build, edit, read
from ecran.web.pages.characters import refusal_rows, sheet_options, violation_row
from ecran.web.pages.common import multi, page

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

#: The sheet in the page: a sheet is a few kilobytes; anything past this is not ours.
SHEET_MAX = 200_000
#: A draw's seed is shown to be typed again: six digits are enough to tell draws apart.
SEEDS = 1_000_000


def _steps(here: Seat) -> list[creation.Step]:
    return creation.steps(here.system)


def _index(steps: list[creation.Step], step_id: str) -> int:
    for i, step in enumerate(steps):
        if step.id == step_id:
            return i
    return 0


def _carried(form: FormData) -> dict[str, Any]:
    """The sheet the page carries (`_sheet`), refused in one line when it is not one."""
    raw = form.get("_sheet")
    if not isinstance(raw, str) or not raw:
        raise EcranError(Text(fr="brouillon de feuille manquant", en="missing sheet draft"))
    if len(raw) > SHEET_MAX:
        raise EcranError(Text(fr="brouillon trop gros", en="sheet draft too large"))
    try:
        data = json.loads(raw)
    except json.JSONDecodeError:
        raise EcranError(Text(fr="brouillon illisible", en="unreadable sheet draft")) from None
    if not isinstance(data, dict):
        raise EcranError(Text(fr="brouillon illisible", en="unreadable sheet draft"))
    return data


def _merged(here: Seat, form: FormData, step: creation.Step) -> dict[str, Any]:
    """The carried sheet with this step's fields as the form gives them, and the table's
    options (the GM's, never the player's)."""
    schema = Schema(here.system.sheet_model().model_json_schema())
    typed = {k: v for k, v in read(schema, multi(form)).items() if k in step.fields}
    return {**_carried(form), **typed, **sheet_options(here)}


def _summary(system: System[Any], data: dict[str, Any], step: creation.Step, lang: str) -> Any:
    """The budget, the rules broken (this step's first) and the sheet's sections, from the
    rules themselves: the sheet is validated again at every change."""
    found = creation.check(system, data)
    labels = field_labels(system.sheet_model())
    if not isinstance(found, list):  # the model refuses a value: say which, nothing to derive
        refused = refusal_rows(found, labels, lang)
        return {
            "budgets": [],
            "no_budget": None,
            "here": refused,
            "elsewhere": [],
            "sections": [],
            "legal": False,
        }
    mine = [v for v in found if creation.field_of(v) in step.fields]
    others = [v for v in found if creation.field_of(v) not in step.fields]
    sheet = system.sheet_model().model_validate({**data, "system": system.id})
    # the book's budgets running (#30 item 7), this step's first; else those the rules report
    # broken (a house rule's), else the game's word that its book gives none
    running: list[creation.Budget | PointBudget] = [*system.creation_budgets(sheet)]
    budgets = sorted(running or creation.budgets(found), key=lambda b: b.field not in step.fields)
    no_budget = None if budgets or system.no_budget is None else system.no_budget(lang)
    return {
        "budgets": [_budget_row(b, lang) for b in budgets],
        "no_budget": no_budget,
        "here": [violation_row(v, labels, lang) for v in mine],
        "elsewhere": [violation_row(v, labels, lang) for v in others],
        "sections": system.sections(sheet),
        "legal": not found,
    }


#: A group of more entries than this is folded in the wizard, and the step gets a search box
#: (#30 item 7: Artémis's skills step was 3,104 px tall)...
FOLD_OVER = 12
#: ...and in a step of more entries than this, every group after the first (WaRP's four
#: traits of eleven fields each).
STEP_ENTRIES = 36


def folded(nodes: list[FormField]) -> set[str]:
    """The groups of a wizard step shown folded behind their title, so that no step is taller
    than two laptop screens."""
    sizes = {n.path: len(n.children) for n in nodes}
    found = {path for path, size in sizes.items() if size > FOLD_OVER}
    if sum(sizes.values()) > STEP_ENTRIES:
        found |= {n.path for n in nodes[1:] if n.children}
    return found


def _budget_row(budget: creation.Budget | PointBudget, lang: str) -> dict[str, Any]:
    source = budget.source.label(lang) if isinstance(budget, PointBudget) else None
    return {"line": budget.line(lang), "remaining": budget.remaining, "source": source}


def _context(here: Seat, data: dict[str, Any], step: creation.Step, **extra: Any) -> dict[str, Any]:
    steps = _steps(here)
    index = _index(steps, step.id)
    schema = Schema(here.system.sheet_model().model_json_schema())
    nodes = [n for n in build(schema, data) if n.path in step.fields]
    return {
        "steps": steps,
        "step": step,
        "index": index,
        "last": index == len(steps) - 1,
        "nodes": nodes,
        "sheet_json": json.dumps(data, ensure_ascii=False),
        "node_edit_url": here.url("/characters/wizard/fields"),
        "folds": folded(nodes),
        "summary": _summary(here.system, data, step, here.lang),
        **extra,
    }


@router.get("/tables/{table_id}/characters/wizard")
def wizard(request: Request, here: Here) -> Response:
    """The first step of a new character: the system's starting sheet."""
    name = request.query_params.get("name") or (
        "Nouveau personnage" if here.lang == "fr" else "New character"
    )
    sheet = starting_sheet(here.system, name, here.lang)
    data = {**sheet.model_dump(mode="json"), **sheet_options(here)}
    step = _steps(here)[0]
    return page(request, here, "table/wizard.html", _context(here, data, step))


@router.post("/tables/{table_id}/characters/wizard/check")
def wizard_check(request: Request, here: Here, form: Form) -> Response:
    """Live: the budget, the rules' messages and the derived values for the form as typed."""
    step = creation.step_by_id(here.system, str(form.get("step") or ""))
    data = _merged(here, form, step)
    context = {"summary": _summary(here.system, data, step, here.lang)}
    return page(request, here, "table/wizard_summary.html", context)


@router.post("/tables/{table_id}/characters/wizard/fields")
def wizard_fields(request: Request, here: Here, form: Form) -> Response:
    """An add/remove button of a list or dict in the step: the step's fields again."""
    step = creation.step_by_id(here.system, str(form.get("step") or ""))
    data = _merged(here, form, step)
    schema = Schema(here.system.sheet_model().model_json_schema())
    data = edit(schema, data, str(form.get("_op") or ""))
    return page(request, here, "table/wizard_fields.html", _context(here, data, step))


@router.post("/tables/{table_id}/characters/wizard")
def wizard_step(request: Request, here: Here, form: Form) -> Response:
    """A button of the wizard: back, next, a random draw for this step, or create."""
    steps = _steps(here)
    step = creation.step_by_id(here.system, str(form.get("step") or ""))
    data = _merged(here, form, step)
    go = str(form.get("go") or "")
    index = _index(steps, step.id)
    if go == "random":
        data, seed = creation.draw(here.system, data, step, _seed(form), here.lang)
        return page(request, here, "table/wizard.html", _context(here, data, step, drawn=seed))
    if go == "save":
        return _create(request, here, data, step)
    if go in ("next", "back"):
        index = min(max(index + (1 if go == "next" else -1), 0), len(steps) - 1)
    return page(request, here, "table/wizard.html", _context(here, data, steps[index]))


def _seed(form: FormData) -> int:
    """The draw's seed: the one typed (to draw again the same), else a fresh one."""
    given = str(form.get("seed") or "").strip()
    if given.isdigit() and int(given) < SEEDS:
        return int(given)
    return secrets.randbelow(SEEDS)


def _create(request: Request, here: Seat, data: dict[str, Any], step: creation.Step) -> Response:
    """Saved like the long form saves (the same refusal while a rule is broken)."""
    try:
        event = commands.execute(request.app, here.access, commands.save(data))
    except EcranError as exc:
        refused = exc.message(here.lang).splitlines()[0]
        context = _context(here, data, step, refused=refused)
        return page(request, here, "table/wizard.html", context, status=422)
    saved = commands.saved(event)
    return RedirectResponse(here.url(f"/characters/{saved.id}"), status_code=303)
