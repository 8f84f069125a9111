"""Characters at the table: guided creation through the sheet's form (live validation), the sheet
view (sections, actions that open the roll panel, the system's operations), editing with its
version (a stale save shows both versions), JSON export and import, NPC generation, PDF."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData, UploadFile

from ecran.engine.creation import starting_sheet
from ecran.play import StoredCharacter
from ecran.play import characters as play_characters
from ecran.play import encounter as play_encounter
from ecran.play.errors import Conflict, SheetRefused
from ecran.play.rights import can_edit
from ecran.rules import (
    CharacterSheet,
    EcranError,
    RuleViolation,
    System,
    Text,
    from_errors,
)
from ecran.rules.errors import load_json
from ecran.rules.field import field_labels
from ecran.web import commands
from ecran.web.deps import Form, Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.forms import Schema, build, edit, fields_of, read, values_from_form
from ecran.web.pages.common import forced, multi, operation_forms, page, redirect
from ecran.web.pages.rolls import log_context
from ecran.web.printing import sheet_pdf

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

IMPORT_MAX = 1_000_000  # bytes: a sheet is a few kilobytes


def sheet_options(here: Seat) -> dict[str, Any]:
    """The table's values of the options the sheet carries (the GM's choice, not the player's)."""
    return forced(here.state.table.options, here.system.sheet_model())


def problems(system: System[Any], data: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """Everything wrong with a sheet, one item each: the model's refusals, else the rules'."""
    model = system.sheet_model()
    labels = field_labels(model)
    try:
        sheet = model.model_validate({**data, "system": system.id})
    except ValidationError as exc:
        return refusal_rows(exc, labels, lang)
    return [violation_row(v, labels, lang) for v in system.validate(sheet)]


def refusal_rows(
    exc: ValidationError, labels: Mapping[str, Text], lang: str
) -> list[dict[str, Any]]:
    """The sheet model's refusals as a sheet's problems list them, one per field, each field
    by its label on the form."""
    return [
        {"message": from_errors([e], labels).message(lang), "rule": "", "source": ""}
        for e in exc.errors()
    ]


def violation_row(v: RuleViolation, labels: Mapping[str, Text], lang: str) -> dict[str, Any]:
    """A broken rule as a sheet's problems list it: the field by its label, what is wrong, and
    the book's lines (the templates' `source` filter words them)."""
    return {"message": v.where(lang, labels) + v.message(lang), "rule": v.rule, "source": v.source}


def _form_context(here: Seat, data: dict[str, Any], **extra: Any) -> dict[str, Any]:
    schema = Schema(here.system.sheet_model().model_json_schema())
    return {
        "nodes": build(schema, data),
        "problems": problems(here.system, data, here.lang),
        **extra,
    }


def _read_form(here: Seat, form: FormData) -> dict[str, Any]:
    schema = Schema(here.system.sheet_model().model_json_schema())
    return {**read(schema, multi(form)), **sheet_options(here)}


@router.get("/tables/{table_id}/characters/new")
def new_character(request: Request, here: Here) -> Response:
    name = request.query_params.get("name") or (
        "Nouveau personnage" if here.lang == "fr" else "New character"
    )
    sheet = starting_sheet(here.system, name, here.lang)
    data = {**sheet.model_dump(mode="json"), **sheet_options(here)}
    context = _form_context(here, data, character=None, conflict=None)
    return page(request, here, "table/character_form.html", context)


@router.post("/tables/{table_id}/characters/check")
def check_character(request: Request, here: Here, form: Form) -> Response:
    """Live validation: the form as it stands, the violations in the page's language."""
    data = _read_form(here, form)
    context = {"problems": problems(here.system, data, here.lang)}
    return page(request, here, "table/_problems.html", context)


@router.post("/tables/{table_id}/characters/form")
def edit_form(request: Request, here: Here, form: Form) -> Response:
    """An add/remove button of a list or dict: the form again with the change, nothing saved."""
    data = _read_form(here, form)
    schema = Schema(here.system.sheet_model().model_json_schema())
    data = edit(schema, data, str(form.get("_op") or ""))
    return page(request, here, "table/_sheet_fields.html", _form_context(here, data))


def _draft(form: FormData) -> bool:
    return form.get("draft") == "true"


@router.post("/tables/{table_id}/characters")
def create_character(request: Request, here: Here, form: Form) -> Response:
    data = _read_form(here, form)
    try:
        saved = _save(request, here, data, allow_violations=_draft(form))
    except EcranError as exc:
        context = _form_context(here, data, character=None, conflict=None)
        context["refused"] = exc.message(here.lang).splitlines()[0]
        return page(request, here, "table/character_form.html", context, status=422)
    return RedirectResponse(here.url(f"/characters/{saved.id}"), status_code=303)


def _save(request: Request, here: Seat, data: Any, **options: Any) -> StoredCharacter:
    event = commands.execute(request.app, here.access, commands.save(data, **options))
    return commands.saved(event)


def _character(here: Seat, character_id: str) -> StoredCharacter:
    return here.store.character(here.access, character_id)


def _parsed(system: System[Any], character: StoredCharacter) -> CharacterSheet:
    return play_characters.parse_sheet(system, character.sheet)


@router.get("/tables/{table_id}/characters/{character_id}.json")
def export_character(here: Here, character_id: str) -> Response:
    character = _character(here, character_id)
    body = json.dumps(character.sheet, ensure_ascii=False, indent=2)
    filename = f"{here.system.id}-{_slug(character.name)}.json"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _slug(name: str) -> str:
    """An ASCII file name (headers are Latin-1): accents dropped, the rest dashes."""
    plain = unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode()
    return "".join(c if c.isalnum() else "-" for c in plain).strip("-") or "sheet"


@router.get("/tables/{table_id}/characters/{character_id}.pdf")
def character_pdf(here: Here, character_id: str) -> Response:
    character = _character(here, character_id)
    pdf = sheet_pdf(here.system.id, character.sheet, here.lang)
    filename = f"{here.system.id}-{_slug(character.name)}.pdf"
    return Response(
        bytes(pdf),
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )


@router.post("/tables/{table_id}/characters/import")
def import_character(request: Request, here: Here, form: Form) -> Response:
    """A JSON sheet file: refused with every violation (nothing stored), else saved as a new
    character of the member importing it."""
    data = _uploaded(form.get("file"))
    found = problems(here.system, data, here.lang) if isinstance(data, dict) else []
    try:
        if not isinstance(data, dict):
            raise EcranError(
                Text(
                    fr="ce fichier n'est pas une feuille de personnage (un objet JSON est attendu)",
                    en="this file is not a character sheet (a JSON object is expected)",
                )
            )
        if found:
            raise EcranError(Text(fr="feuille refusée", en="sheet refused"))
        saved = _save(request, here, {**data, **sheet_options(here)})
    except EcranError as exc:
        message = exc.message(here.lang).splitlines()[0]
        context = {"message": message, "problems": found}
        return page(request, here, "table/import_refused.html", context, status=422)
    return RedirectResponse(here.url(f"/characters/{saved.id}"), status_code=303)


def _uploaded(file: Any) -> Any:
    if not isinstance(file, UploadFile):
        raise EcranError(Text(fr="aucun fichier choisi", en="no file chosen"))
    raw = file.file.read(IMPORT_MAX + 1)  # a plain file: this handler runs in a thread
    if len(raw) > IMPORT_MAX:
        raise EcranError(Text(fr="fichier trop gros (max 1 Mo)", en="file too large (max 1 MB)"))
    return load_json(raw, Text(fr="le fichier", en="the file"))


@router.post("/tables/{table_id}/npc")
def generate_npc(request: Request, here: Here, form: Form) -> Response:
    """The GM draws a random NPC (legal by construction), secret unless asked otherwise."""
    if not here.member.is_gm:
        raise EcranError(Text(fr="réservé au MJ", en="GM only"))
    lang, overrides, secret = here.lang, sheet_options(here), form.get("secret") == "true"
    event = commands.execute(
        request.app,
        here.access,
        lambda state, actor, system: play_characters.draw_npc(  # the table's dice (its key)
            state, system, actor, lang=lang, overrides=overrides, secret=secret
        ),
    )
    saved = commands.saved(event)
    return RedirectResponse(here.url(f"/characters/{saved.id}"), status_code=303)


# -- one character ------------------------------------------------------------------------------


def _penalty(name: str) -> bool:
    """Parameters that carry a current penalty into a prefilled check (wounds, fatigue...)."""
    words = ("malus", "penalty", "wound", "fatigue", "pain", "suffering", "negative")
    return any(w in name for w in words)


def sheet_context(here: Seat, character: StoredCharacter) -> dict[str, Any]:
    system = here.system
    sheet = _parsed(system, character)
    groups: dict[str, dict[str, Any]] = {}
    # the conditions on the character in a running fight weigh on its actions (#30 item 5)
    own = play_encounter.bearer_conditions(here.state, character.id)
    for i, found in enumerate(system.actions(sheet)):
        action = play_encounter.shifted(system, found, own)
        key = action.group(here.lang) if action.group else ""
        group = groups.setdefault(key, {"title": action.group, "actions": []})
        penalties = {k: v for k, v in action.params.items() if _penalty(k) and v not in (0, None)}
        query = {
            "check": action.check,
            "character": character.id,
            "label": action.label(here.lang),
            **{k: _param(v) for k, v in action.params.items()},
        }
        group["actions"].append(
            {"action": action, "index": i, "query": query, "penalties": penalties}
        )
    operations = operation_forms(here)
    return {
        "character": character,
        "owner": here.state.members.get(character.owner_id),
        "editable": can_edit(here.member, character),
        "sections": system.sections(sheet),
        "action_groups": list(groups.values()),
        "operations": operations,
        "violations": system.validate(sheet),
        "labels": field_labels(system.sheet_model()),
        "pdf": True,
    }


def _param(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


@router.get("/tables/{table_id}/characters/{character_id}")
def character_page(request: Request, here: Here, character_id: str) -> Response:
    character = _character(here, character_id)
    context = {**sheet_context(here, character), **log_context(here, None)}
    return page(request, here, "table/sheet.html", context)


@router.get("/tables/{table_id}/characters/{character_id}/edit")
def edit_character(request: Request, here: Here, character_id: str) -> Response:
    character = _character(here, character_id)
    context = _form_context(here, dict(character.sheet), character=character, conflict=None)
    context["version"] = character.version
    return page(request, here, "table/character_form.html", context)


@router.post("/tables/{table_id}/characters/{character_id}")
def save_character(request: Request, here: Here, form: Form, character_id: str) -> Response:
    character = _character(here, character_id)
    data = _read_form(here, form)
    version = _int(form.get("version"))
    try:
        _save(
            request,
            here,
            data,
            character_id=character_id,
            expected_version=version,
            allow_violations=_draft(form),
        )
    except Conflict as exc:
        return _conflict_page(request, here, character, data, exc)
    except EcranError as exc:
        context = _form_context(here, data, character=character, conflict=None, version=version)
        context["refused"] = exc.message(here.lang).splitlines()[0]
        if isinstance(exc, SheetRefused):
            context["refused"] = Text(fr="feuille refusée", en="sheet refused")(here.lang)
        return page(request, here, "table/character_form.html", context, status=422)
    return RedirectResponse(here.url(f"/characters/{character_id}"), status_code=303)


def _conflict_page(
    request: Request, here: Seat, character: StoredCharacter, mine: dict[str, Any], exc: Conflict
) -> Response:
    """Nothing is lost: the stored version and the user's are both shown; the form keeps the
    user's values and now starts from the stored version, so saving again is a deliberate
    overwrite."""
    changed = sorted(
        k
        for k in set(exc.current) | set(exc.attempted)
        if exc.current.get(k) != exc.attempted.get(k)
    )
    conflict = {
        "message": exc.message(here.lang).splitlines()[0],
        "current": json.dumps(exc.current, ensure_ascii=False, indent=2),
        "attempted": json.dumps(exc.attempted, ensure_ascii=False, indent=2),
        "changed": changed,
        "current_version": exc.current_version,
    }
    context = _form_context(here, mine, character=character, conflict=conflict)
    context["version"] = exc.current_version
    return page(request, here, "table/character_form.html", context, status=409)


def _int(value: Any) -> int:
    try:
        return int(str(value))
    except ValueError:
        raise EcranError(Text(fr="version invalide", en="invalid version")) from None


@router.post("/tables/{table_id}/characters/{character_id}/operate")
def operate(request: Request, here: Here, form: Form, character_id: str) -> Response:
    """A system operation on the sheet (a wound, a rest...): a new version of the character."""
    name = str(form.get("operation") or "")
    op = here.system.operation(name)
    values = {
        **values_from_form(fields_of(op.params), multi(form), strict=True),
        **forced(here.state.table.options, op.params),
    }
    version = _int(form.get("version"))
    commands.execute(
        request.app,
        here.access,
        lambda state, actor, system: play_characters.operate_character(
            state, system, actor, character_id, name, values, expected_version=version
        ),
    )
    return redirect(request, here.url(f"/characters/{character_id}"))
