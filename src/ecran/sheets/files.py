"""The JSON exchange of character sheets: export, import (all or nothing) and the published schema.

Import refuses a file the whole way: malformed JSON, an unknown system, a schema error or a broken
rule each raise before any sheet is returned, so a caller that stores what it gets stores nothing.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from ecran.engine import get_system
from ecran.rules import CharacterSheet, EcranError, RuleViolation, System, Text, from_validation, tr

#: A sheet is a few kilobytes; anything far larger is not a sheet and is refused unread.
MAX_CHARS = 1_000_000
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class SheetRejected(EcranError):
    """A well-formed sheet that breaks the system's rules; `violations` lists every breach."""

    def __init__(self, system: System[Any], violations: list[RuleViolation]) -> None:
        self.system = system
        self.violations = violations
        super().__init__(
            Text(
                fr="feuille refusée : " + " ; ".join(v.line("fr") for v in violations),
                en="sheet refused: " + "; ".join(v.line("en") for v in violations),
            )
        )


def export_sheet_json(sheet: CharacterSheet) -> str:
    return sheet.model_dump_json(indent=2) + "\n"


def import_sheet_json(
    text: str | bytes, expected_system: str | None = None
) -> tuple[System[Any], CharacterSheet]:
    """The system and the sheet of a JSON file, or an `EcranError` (a `SheetRejected` when only
    the rules are broken). `expected_system` refuses a sheet of another game (a table's)."""
    system, sheet = parse_sheet_json(text, expected_system)
    violations = system.validate(sheet)
    if violations:
        raise SheetRejected(system, violations)
    return system, sheet


def parse_sheet_json(
    text: str | bytes, expected_system: str | None = None
) -> tuple[System[Any], CharacterSheet]:
    """The same without the rules: for showing or printing a sheet together with what it breaks."""
    return sheet_from_data(_parse(text), expected_system)


def sheet_from_data(
    data: Any, expected_system: str | None = None
) -> tuple[System[Any], CharacterSheet]:
    """A parsed JSON value as a system's sheet (the model's checks, not the rules')."""
    if not isinstance(data, dict) or not isinstance(data.get("system"), str):
        raise EcranError(
            tr(
                "une feuille est un objet JSON avec un champ « system »",
                "a sheet is a JSON object with a 'system' field",
            )
        )
    system = get_system(data["system"])
    if expected_system is not None and system.id != expected_system:
        raise EcranError(
            tr(
                f"la feuille est pour « {system.id} », pas « {expected_system} »",
                f"the sheet is for '{system.id}', not '{expected_system}'",
            )
        )
    try:
        return system, system.sheet_model().model_validate(data)
    except ValidationError as exc:
        raise from_validation(exc) from None


def _parse(text: str | bytes) -> Any:
    if len(text) > MAX_CHARS:
        raise EcranError(
            tr(
                f"fichier trop gros pour une feuille (plus de {MAX_CHARS} caractères)",
                f"file too large for a sheet (over {MAX_CHARS} characters)",
            )
        )
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise EcranError(
            tr(f"le fichier n'est pas du JSON valide : {exc}", f"the file is not valid JSON: {exc}")
        ) from None
    return data


def sheet_json_schema(system: System[Any], base_url: str | None = None) -> dict[str, Any]:
    """The JSON Schema of the system's sheets. With the site's `base_url`, `$id` is where the web
    API serves it; without, a stable URN."""
    schema = system.sheet_model().model_json_schema()
    if base_url is None:
        schema_id = f"urn:ecran:{system.id}:character-sheet"
    else:
        schema_id = f"{base_url.rstrip('/')}/api/systems/{system.id}/character/schema"
    title = tr("{game} : fiche de personnage", "{game}: character sheet")
    return {
        "$schema": JSON_SCHEMA_DIALECT,
        "$id": schema_id,
        **schema,
        "title": title.format(game=system.name.fr).fr,
        "x-title": {
            "fr": title.format(game=system.name.fr).fr,
            "en": title.format(game=system.name.en).en,
        },
    }
