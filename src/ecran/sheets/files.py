"""The JSON exchange of character sheets: export, import (all or nothing) and the published schema.

Import refuses a file the whole way: malformed JSON, an unknown system, a schema error or a broken
rule each raise before any sheet is returned, so a caller that stores what it gets stores nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.engine import get_system
from ecran.rules import (
    CharacterSheet,
    EcranError,
    RuleViolation,
    System,
    Text,
    from_errors,
    from_validation,
    tr,
)
from ecran.rules.errors import load_json
from ecran.rules.field import field_labels

#: A sheet is a few kilobytes; anything far larger is not a sheet and is refused unread.
MAX_CHARS = 1_000_000
#: How a refusal names a sheet file whose path it does not know (an upload).
THE_FILE = Text(fr="le fichier", en="the file")
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
    text: str | bytes, expected_system: str | None = None, what: Text = THE_FILE
) -> tuple[System[Any], CharacterSheet]:
    """The same without the rules: for showing or printing a sheet together with what it breaks
    (`what`: the file as a refusal names it, its path on the command line)."""
    return sheet_from_data(_parse(text, what), expected_system)


#: A key of ecran's other files, which no sheet has: what the file is instead.
_OTHER_FILES = {
    "participants": tr(
        "c'est un fichier de rencontre, pas une feuille de personnage",
        "this is an encounter file, not a character sheet",
    ),
    "events": tr(
        "c'est l'export d'une table, pas une feuille de personnage",
        "this is a table's export, not a character sheet",
    ),
}


def sheet_from_data(
    data: Any, expected_system: str | None = None
) -> tuple[System[Any], CharacterSheet]:
    """A parsed JSON value as a system's sheet (the model's checks, not the rules')."""
    other = next(
        (t for key, t in _OTHER_FILES.items() if isinstance(data, dict) and key in data), None
    )
    if other is not None:  # another of ecran's files: said so, not its keys refused one by one
        raise EcranError(other)
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
                f"la feuille est pour {system.name.fr}, pas {get_system(expected_system).name.fr}",
                f"the sheet is for {system.name.en}, not {get_system(expected_system).name.en}",
            )
        )
    try:
        return system, system.sheet_model().model_validate(data)
    except ValidationError as exc:
        raise from_validation(exc, system.sheet_model()) from None


def _parse(text: str | bytes, what: Text) -> Any:
    if len(text) > MAX_CHARS:
        raise EcranError(
            tr(
                f"fichier trop gros pour une feuille (plus de {MAX_CHARS} caractères)",
                f"file too large for a sheet (over {MAX_CHARS} characters)",
            )
        )
    return load_json(text, what)


# -- every problem at once ---------------------------------------------------------------------


@dataclass(frozen=True)
class SheetProblems:
    """A sheet file with everything wrong with it: each value its model refuses (one line each,
    as a field error reads elsewhere) and each rule it breaks. `sheet` is the sheet to show with
    them, None when the refused values leave nothing to show (a required field missing, a list
    of the wrong shape): a value past its bound is shown as given, a value of the wrong kind as
    the model's default."""

    system: System[Any]
    sheet: CharacterSheet | None
    refused: list[Text]
    violations: list[RuleViolation]

    @property
    def ok(self) -> bool:
        return not self.refused and not self.violations


#: Errors whose value has the right kind and only lies past a bound: kept as given.
_PAST_A_BOUND = frozenset({"greater_than_equal", "less_than_equal", "greater_than", "less_than"})


def sheet_problems(
    text: str | bytes, expected_system: str | None = None, what: Text = THE_FILE
) -> SheetProblems:
    """Every problem of a sheet file at once (its model's and its rules'), with the sheet where
    it can still be shown. A file that is no sheet at all (not JSON, no system, another game's)
    is still one `EcranError`."""
    data = _parse(text, what)
    try:
        system, sheet = sheet_from_data(data, expected_system)
    except EcranError:
        if not isinstance(data, dict) or not isinstance(data.get("system"), str):
            raise
        if any(key in data for key in _OTHER_FILES):
            raise
        system = get_system(data["system"])
        if expected_system is not None and system.id != expected_system:
            raise
        return _refused_reading(system, data)
    return SheetProblems(system, sheet, [], system.validate(sheet))


def _refused_reading(system: System[Any], data: dict[str, Any]) -> SheetProblems:
    model = system.sheet_model()
    try:
        model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
    else:  # pragma: no cover - sheet_from_data refused it a moment ago
        errors = []
    labels = field_labels(model)  # each field as the sheet shows it, never its JSON key
    refused = [from_errors([e], labels).text for e in errors]
    sheet = _shown_anyway(model, data, errors)
    if sheet is None:
        return SheetProblems(system, None, refused, [])
    try:
        violations = system.validate(sheet)
    except Exception:  # a rule that cannot read a refused value: the model's errors say why
        violations = []
    return SheetProblems(system, sheet, refused, violations)


def _shown_anyway(
    model: type[CharacterSheet], data: dict[str, Any], errors: Sequence[Any]
) -> CharacterSheet | None:
    """The sheet without its refused values (the model's defaults), then the values that are
    only past a bound put back as given, without validation, so the rules judge what the file
    says. None when a refused value cannot be taken out."""
    stripped = copy.deepcopy(data)
    for error in errors:
        if not _delete(stripped, tuple(error["loc"])):
            return None
    try:
        sheet = model.model_validate(stripped)
    except ValidationError:
        return None
    for error in errors:
        if error["type"] in _PAST_A_BOUND:
            put = _put(sheet, tuple(error["loc"]), error["input"])
            if isinstance(put, CharacterSheet):
                sheet = put
    return sheet


def _delete(data: Any, loc: tuple[Any, ...]) -> bool:
    """Take the value at `loc` out of a mapping; False where it is no mapping's key (a list
    item, the whole model, a field that is missing anyway)."""
    if not loc:
        return False
    for key in loc[:-1]:
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    if not isinstance(data, dict) or loc[-1] not in data:
        return False
    del data[loc[-1]]
    return True


def _put(node: Any, loc: tuple[Any, ...], value: Any) -> Any:
    """`node` with the value at `loc` replaced, unvalidated (None where the path is not there)."""
    if not loc:
        return value
    key, rest = loc[0], loc[1:]
    if isinstance(node, BaseModel) and isinstance(key, str) and key in type(node).model_fields:
        inner = _put(getattr(node, key), rest, value)
        return None if inner is None else node.model_copy(update={key: inner})
    if isinstance(node, dict) and key in node:
        inner = _put(node[key], rest, value)
        return None if inner is None else {**node, key: inner}
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        inner = _put(node[key], rest, value)
        return None if inner is None else [*node[:key], inner, *node[key + 1 :]]
    return None


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
