"""JSON export and import of sheets: a file is taken whole or refused whole."""

from __future__ import annotations

import json

import pytest
from sheets_fixtures import REAL_SYSTEMS

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.sheets import (
    SheetRejected,
    export_sheet_json,
    import_sheet_json,
    parse_sheet_json,
    sheet_json_schema,
)
from ecran.sheets.files import MAX_CHARS


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
def test_an_exported_sheet_imports_back_unchanged(npcs, system_id: str):
    system, sheet = npcs[system_id]
    text = export_sheet_json(sheet)
    assert json.loads(text)["system"] == system_id
    imported_system, imported = import_sheet_json(text)
    assert imported_system is system
    assert imported == sheet
    assert import_sheet_json(text.encode("utf-8"))[1] == sheet


def _refusal(text: str | bytes, **kwargs: str) -> EcranError:
    with pytest.raises(EcranError) as error:
        import_sheet_json(text, **kwargs)
    return error.value


def test_malformed_json_is_refused():
    error = _refusal('{"system": "warp", "name": ')
    assert "pas du JSON valide" in error.message("fr") and "not valid JSON" in error.message("en")


def test_bytes_that_are_not_utf8_are_refused():
    assert "JSON" in _refusal(b'{"system": "\xff"}').message("en")


@pytest.mark.parametrize("text", ["[1, 2]", '"warp"', '{"name": "Ada"}', '{"system": 3}'])
def test_a_sheet_is_an_object_naming_its_system(text: str):
    assert "'system'" in _refusal(text).message("en")


def test_an_unknown_system_is_refused_with_the_allowed_ones():
    message = _refusal('{"system": "donjons", "name": "Ada"}').message("en")
    assert "donjons" in message and "artemis" in message and "warp" in message


def test_schema_errors_name_the_field(npcs):
    _, sheet = npcs["fluid"]
    data = json.loads(export_sheet_json(sheet))
    data["name"] = ""
    data["pouvoir"] = 12
    error = _refusal(json.dumps(data))
    assert "Name" in error.message("en") and "pouvoir" in error.message("en")
    # the command line names the field as its reader types it
    assert error.command_line("en").startswith("name: ")
    assert "paramètre inconnu" in error.message("fr")
    assert not isinstance(error, SheetRejected)


def test_broken_rules_refuse_the_sheet_with_every_violation():
    system = get_system("warp")
    sheet = system.sheet_model()(name="Vide")
    violations = system.validate(sheet)
    assert violations, "a blank WaRP sheet has unnamed traits"
    with pytest.raises(SheetRejected) as error:
        import_sheet_json(export_sheet_json(sheet))
    assert error.value.violations == violations
    assert error.value.system is system
    assert isinstance(error.value, EcranError)
    assert violations[0].message.en in error.value.message("en")  # its words, not its id
    assert error.value.message("fr").startswith("feuille refusée")


def test_a_sheet_of_another_game_is_refused_when_one_is_expected(npcs):
    _, sheet = npcs["nephilim"]
    message = _refusal(export_sheet_json(sheet), expected_system="artemis").message("en")
    assert "Nephilim" in message and "Artémis" in message  # the games by their names
    assert import_sheet_json(export_sheet_json(sheet), expected_system="nephilim")[1] == sheet


def test_an_oversized_file_is_refused_unread():
    text = '{"system": "warp", "notes": "' + "x" * MAX_CHARS + '"}'
    assert "too large" in _refusal(text).message("en")


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
def test_the_published_schema_describes_the_exported_sheet(npcs, system_id: str):
    system, sheet = npcs[system_id]
    schema = sheet_json_schema(system)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:ecran:{system_id}:character-sheet"
    assert system.name.fr in schema["title"]
    assert schema["x-title"]["en"].startswith(system.name.en)
    assert schema["properties"]["system"]["const"] == system_id
    assert set(json.loads(export_sheet_json(sheet))) <= set(schema["properties"])
    assert "name" in schema["required"]


def test_with_a_site_url_the_schema_id_is_where_the_web_api_serves_it():
    schema = sheet_json_schema(get_system("warp"), base_url="https://table.example/")
    assert schema["$id"] == "https://table.example/api/systems/warp/character/schema"


def test_parsing_without_the_rules_keeps_a_sheet_that_breaks_them():
    system = get_system("warp")
    sheet = system.sheet_model()(name="Vide")
    assert parse_sheet_json(export_sheet_json(sheet)) == (system, sheet)
    with pytest.raises(EcranError):
        parse_sheet_json('{"system": "warp", "name": ""}')
