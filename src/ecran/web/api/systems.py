"""The JSON API under /api: the CLI's capabilities, generated from the registry.

`/api/odds/{system}/{check}` and `/api/roll/{system}/{check}` answer exactly the contract shapes
of `ecran odds … --json` and `ecran roll … --json` (see CONTRACTS.md). Parameters come as a JSON
body `{"params": {...}, "seed": N}` (POST) or as a query string (GET, field names in snake or
kebab case, as on the command line).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from ecran.dice.roller import MAX_SEED
from ecran.engine import all_systems, get_system
from ecran.engine.creation import starting_sheet
from ecran.engine.records import OddsReport, RollRecord, odds_report, roll_record, seeded_roller
from ecran.rules import CharacterSheet, RuleViolation, Text
from ecran.sheets import sheet_from_data, sheet_json_schema
from ecran.web.api.describe import CheckInfo, SystemInfo, SystemSummary, check_info, system_info
from ecran.web.api.describe import system_summary as summary
from ecran.web.api.models import PARAMS_SAID, said, seed_field
from ecran.web.edge import CheckedRoute
from ecran.web.i18n import request_lang
from ecran.web.strict import free_query

router = APIRouter(route_class=CheckedRoute, prefix="/api", tags=["api"])

# Query keys that are never check parameters.
_RESERVED = {"lang", "seed"}


class OddsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    params: dict[str, Any] = Field(
        default_factory=dict, description="the check's parameters", json_schema_extra=PARAMS_SAID
    )


class RollRequest(OddsRequest):
    seed: int | None = seed_field()


class Validation(BaseModel):
    system: str
    valid: bool
    violations: list[RuleViolation]


class SectionRow(BaseModel):
    label: Text
    value: Text
    note: Text


class Section(BaseModel):
    title: Text
    rows: list[SectionRow]


class SheetView(Validation):
    name: str
    sections: list[Section]


class Npc(BaseModel):
    system: str
    seed: int
    sheet: dict[str, Any]


def query_values(request: Request) -> dict[str, Any]:
    """A GET's parameters: `target=4` or `open-ended=true`, last value wins."""
    return {
        key.replace("-", "_"): request.query_params.getlist(key)[-1]
        for key in request.query_params
        if key not in _RESERVED
    }


# -- the registry -------------------------------------------------------------------------------


@router.get("/systems", response_model=list[SystemSummary])
def list_systems() -> list[SystemSummary]:
    """Every registered system and its checks."""
    return [summary(s) for s in all_systems().values()]


@router.get("/systems/{system_id}", response_model=SystemInfo)
def describe_system(system_id: str) -> SystemInfo:
    return system_info(get_system(system_id))


@router.get("/systems/{system_id}/checks/{check_name}", response_model=CheckInfo)
def describe_check(system_id: str, check_name: str) -> CheckInfo:
    """A check: its parameters' JSON Schema, outcomes (worst to best), options and example."""
    system = get_system(system_id)
    return check_info(system, system.check(check_name))


# -- odds and rolls (the fixed contract) ----------------------------------------------------------


@router.post("/odds/{system_id}/{check_name}", response_model=OddsReport)
def post_odds(system_id: str, check_name: str, body: OddsRequest | None = None) -> OddsReport:
    """Exact odds of every outcome, worst to best: `ecran odds SYSTEM CHECK --json`."""
    return odds_report(system_id, check_name, body.params if body else {})


@router.get("/odds/{system_id}/{check_name}", response_model=OddsReport)
@free_query
def get_odds(system_id: str, check_name: str, request: Request) -> OddsReport:
    """The same, parameters in the query string (`?target=5`)."""
    return odds_report(system_id, check_name, query_values(request))


@router.post("/roll/{system_id}/{check_name}", response_model=RollRecord)
def post_roll(system_id: str, check_name: str, body: RollRequest | None = None) -> RollRecord:
    """A seeded roll: `ecran roll SYSTEM CHECK --seed N --json`."""
    body = body or RollRequest()
    return roll_record(system_id, check_name, body.params, body.seed)


@router.get("/roll/{system_id}/{check_name}", response_model=RollRecord)
@free_query
def get_roll(
    system_id: str,
    check_name: str,
    request: Request,
    seed: int | None = Query(None, ge=0, le=MAX_SEED, json_schema_extra=said("Graine", "Seed")),
) -> RollRecord:
    """The same, parameters in the query string; with `seed` it replays a roll."""
    return roll_record(system_id, check_name, query_values(request), seed)


# -- characters -----------------------------------------------------------------------------------


@router.get("/systems/{system_id}/character/schema")
def sheet_schema(system_id: str, request: Request) -> dict[str, Any]:
    """The published JSON Schema of the system's character sheet (what `character validate`
    accepts), with its `$id`."""
    return sheet_json_schema(get_system(system_id), base_url=str(request.base_url))


@router.get("/systems/{system_id}/character/new")
def new_character(
    system_id: str, request: Request, name: str = Query(..., min_length=1)
) -> dict[str, Any]:
    """A starting sheet for the guided creation to fill in, its words (WaRP's example traits)
    in the reader's language."""
    sheet: CharacterSheet = starting_sheet(get_system(system_id), name, request_lang(request))
    return sheet.model_dump(mode="json")


@router.post("/characters/validate", response_model=Validation)
def validate_sheet(sheet: dict[str, Any] = Body(...)) -> Validation:
    """Every rule the sheet breaks (`ecran character validate`); a malformed sheet is a 422."""
    system, character = sheet_from_data(sheet)
    violations = system.validate(character)
    return Validation(system=system.id, valid=not violations, violations=violations)


@router.post("/characters/sheet", response_model=SheetView)
def show_sheet(sheet: dict[str, Any] = Body(...)) -> SheetView:
    """The sheet as a person reads it, with the rules it breaks (`ecran sheet`)."""
    system, character = sheet_from_data(sheet)
    violations = system.validate(character)
    sections = [
        Section(
            title=s.title,
            rows=[SectionRow(label=r.label, value=r.value, note=r.note) for r in s.rows],
        )
        for s in system.sections(character)
    ]
    return SheetView(
        system=system.id,
        name=character.name,
        valid=not violations,
        violations=violations,
        sections=sections,
    )


@router.get("/npc/{system_id}", response_model=Npc)
def npc(
    system_id: str,
    request: Request,
    seed: int | None = Query(None, ge=0, le=MAX_SEED, json_schema_extra=said("Graine", "Seed")),
) -> Npc:
    """A random NPC that passes the system's validation (`ecran npc SYSTEM --seed N --json`),
    its words (name, notes, traits) in the reader's language."""
    system = get_system(system_id)
    dice = seeded_roller(seed)
    sheet = system.draw_npc(dice, request_lang(request))
    return Npc(system=system.id, seed=dice.seed, sheet=sheet.model_dump(mode="json"))
