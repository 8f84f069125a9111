"""Issue #29, "every word from data": a refusal of a nested field names its place in words, by
the labels its model declares, one language per message: « Autres compétences, 1ʳᵉ ligne,
niveau », never `Autres compétences (0.level)`, an index or an English field id. Over every
system's sheet model: each nested place (a part of the sheet, a list's line, a dict's entry,
down to three levels) is given a value of the wrong kind, and the refusal is read as the model
(`from_validation`), the command line (exit 2, one line) and the web API (422, one line) say it.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ValidationError

from ecran.engine import get_system, system_ids
from ecran.rules import from_validation
from ecran.rules.field import FieldMeta, folded
from ecran.rules.places import place_words
from ecran.web.app import create_app

Case = tuple[str, tuple[Any, ...], dict[str, Any]]

#: A list's or a model's index in a path (`0.level`), or a snake_case id (`custom_skills`).
RAW = re.compile(r"\b\d+\.\w|\b[a-z]+_[a-z_]+\b")


def _bare(annotation: Any) -> Any:
    """An annotation without `None` (Optional) and without `Annotated`'s metadata."""
    if typing.get_origin(annotation) is typing.Annotated:
        return _bare(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kept = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _bare(kept[0]) if len(kept) == 1 else annotation
    return annotation


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _wrong(annotation: Any) -> Any:
    """A value of the wrong kind for `annotation`."""
    annotation = _bare(annotation)
    if annotation is str:
        return 5
    if typing.get_origin(annotation) in (list, dict) or _is_model(annotation):
        return 5
    return "zz"  # a number, a yes/no, a choice


def _places(annotation: Any, key_words: dict[str, Any], depth: int) -> Iterator[tuple[Any, ...]]:
    """(path, wrong value) pairs inside a value of `annotation`, as nested values to write."""
    annotation = _bare(annotation)
    origin = typing.get_origin(annotation)
    if depth == 0:
        return
    if _is_model(annotation):
        for name, info in annotation.model_fields.items():
            yield ((name,), _wrong(info.annotation))
            meta = FieldMeta.of_model(annotation)[name]
            for path, value in _places(info.annotation, dict(meta.key_labels), depth - 1):
                yield ((name, *path), value)
    elif origin is list:
        (item,) = typing.get_args(annotation)
        yield ((0,), _wrong(item))
        for path, value in _places(item, {}, depth - 1):
            yield ((0, *path), value)
    elif origin is dict:
        keys, item = typing.get_args(annotation)
        key = next(iter(key_words), None) or next(iter(typing.get_args(keys)), "zz")
        yield ((key,), _wrong(item))


def _written(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """`data` with `value` written at `path`, the containers on the way made as needed."""
    if not path:
        return value
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        return [_written({} if rest and isinstance(rest[0], str) else [], rest, value)]
    inner = data.get(step) if isinstance(data, dict) else None
    fresh = inner if isinstance(inner, dict) else {}
    return {**(data if isinstance(data, dict) else {}), step: _written(fresh, rest, value)}


def _cases() -> Iterator[Case]:
    for system_id in system_ids():
        system = get_system(system_id)
        model = system.sheet_model()
        base = system.new_character("Ana").model_dump(mode="json")
        for path, value in _places(model, {}, 4):
            if len(path) > 1:  # a nested place: a top-level field is named by its label already
                yield system_id, path, _written(base, path, value)


CASES = [pytest.param(*case, id=f"{case[0]}-{'.'.join(map(str, case[1]))}") for case in _cases()]


def _errors(system_id: str, sheet: dict[str, Any]) -> tuple[type[BaseModel], ValidationError]:
    model = get_system(system_id).sheet_model()
    with pytest.raises(ValidationError) as caught:
        model.model_validate(sheet)
    return model, caught.value


def _field_names(model: type[BaseModel], loc: tuple[Any, ...]) -> list[tuple[str, FieldMeta]]:
    """The fields a path goes through, with their words."""
    found: list[tuple[str, FieldMeta]] = []
    here: Any = model
    for step in loc:
        here = _bare(here)
        if _is_model(here) and step in here.model_fields:
            found.append((step, FieldMeta.of_model(here)[step]))
            here = here.model_fields[step].annotation
        elif typing.get_origin(here) in (list, dict):
            here = typing.get_args(here)[-1]
        else:
            break
    return found


def _assert_worded(said: str, lang: str, model: type[BaseModel], exc: ValidationError) -> None:
    assert "\n" not in said.strip(), said
    assert not RAW.search(said), said
    for error in exc.errors():
        for name, meta in _field_names(model, tuple(error["loc"]))[1:]:
            if folded(name) in folded(meta.label(lang)):
                continue  # the id is the word itself ("score", "Score")
            # the id as a part of a place: before a colon, a comma or a bracket
            assert not re.search(rf"(?<![\w']){re.escape(name)}(?=\s?[:,)])", said), (name, said)


def test_there_are_nested_places_in_every_game() -> None:
    games = {case.values[0] for case in CASES}
    assert games >= set(system_ids()) - {"demo"}, games
    assert len(CASES) > 50


@pytest.mark.parametrize(("system_id", "path", "sheet"), CASES)
def test_a_nested_refusal_names_its_place_in_words(
    system_id: str, path: tuple[Any, ...], sheet: dict[str, Any]
) -> None:
    model, exc = _errors(system_id, sheet)
    refused = from_validation(exc, model)
    for lang in ("fr", "en"):
        _assert_worded(refused.message(lang), lang, model, exc)
    assert refused.message("fr") != refused.message("en")


def test_a_list_line_is_said_by_its_rank() -> None:
    sheet = get_system("artemis").new_character("Ana").model_dump(mode="json")
    sheet["custom_skills"] = [{"name": "Pilotage", "characteristic": "A", "level": "nul"}]
    model, exc = _errors("artemis", sheet)
    refused = from_validation(exc, model)
    assert refused.message("fr").startswith("Autres compétences, 1ʳᵉ ligne, niveau : ")
    assert refused.message("en").startswith("Other skills, line 1, level: ")


def test_a_key_the_model_does_not_have_is_quoted_as_written() -> None:
    sheet = get_system("artemis").new_character("Ana").model_dump(mode="json")
    sheet["weapons"] = [{"name": "Couteau"}, {"name": "Sabre", "lame": 3}]
    model, exc = _errors("artemis", sheet)
    refused = from_validation(exc, model)
    assert refused.message("fr").startswith("Armes, 2ᵉ ligne, « lame » : paramètre inconnu")
    assert refused.message("en").startswith("Weapons, line 2, 'lame': unknown parameter")


def test_a_dicts_entry_is_named_by_its_words() -> None:
    words = place_words(get_system("artemis").sheet_model(), ("levels", "attraper_lancer"))
    assert words is not None and "_" not in words.fr and "_" not in words.en
    assert words.fr.startswith("Compétences : niveaux, ")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


#: A sample of the cases for the command line and the API (each runs a whole command).
SAMPLE = CASES[:: max(1, len(CASES) // 12)]


@pytest.mark.parametrize(("system_id", "path", "sheet"), SAMPLE)
def test_the_command_line_says_it_in_words(
    cli: Callable[..., Any], tmp_path: Path, system_id: str, path: Any, sheet: dict[str, Any]
) -> None:
    file = tmp_path / "sheet.json"
    file.write_text(json.dumps(sheet), encoding="utf-8")
    model, exc = _errors(system_id, sheet)
    for lang in ("fr", "en"):
        said = cli("--lang", lang, "character", "new", system_id, "--from", str(file))
        assert said.code == 2 and said.out == "", said
        assert said.err.count("\n") == 1, said.err
        _assert_worded(said.err, lang, model, exc)


@pytest.mark.parametrize(("system_id", "path", "sheet"), SAMPLE)
def test_the_api_says_it_in_words(
    client: TestClient, system_id: str, path: Any, sheet: dict[str, Any]
) -> None:
    model, exc = _errors(system_id, sheet)
    for lang in ("fr", "en"):
        answer = client.post(f"/api/characters/validate?lang={lang}", json=sheet)
        assert answer.status_code == 422, answer.text
        _assert_worded(answer.json()["detail"], lang, model, exc)
