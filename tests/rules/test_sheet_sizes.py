"""The size bounds of every sheet (`ecran.rules.sizes`), on the base model itself: a plugin's
sheet gets them by subclassing `CharacterSheet`."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import BaseModel, ValidationError

from ecran.rules import CharacterSheet
from ecran.rules.check import Params
from ecran.rules.refusals import from_validation
from ecran.rules.sizes import DEPTH_MAX, ITEMS_MAX, NUMBER_MAX, TEXT_MAX


class Entry(BaseModel):
    label: str = ""
    tags: dict[str, Any] = {}


class PluginSheet(CharacterSheet):
    system: Literal["plugin"] = "plugin"
    entries: list[Entry] = []
    extra: dict[str, Any] = {}


def _refusal(**data: Any) -> str:
    with pytest.raises(ValidationError) as refused:
        PluginSheet.model_validate({"name": "Zoé", **data})
    return from_validation(refused.value).message("fr")


def test_within_the_bounds_a_sheet_is_read() -> None:
    sheet = PluginSheet.model_validate(
        {"name": "Zoé", "notes": "n" * TEXT_MAX, "entries": [{"label": "a"}] * ITEMS_MAX}
    )
    assert len(sheet.entries) == ITEMS_MAX


def test_texts_lists_keys_and_depth_are_bounded_where_they_are() -> None:
    assert _refusal(entries=[{"label": "l" * (TEXT_MAX + 1)}]).startswith("entries.0.label : ")
    assert "trop d'éléments" in _refusal(entries=[{}] * (ITEMS_MAX + 1))
    assert "trop d'éléments" in _refusal(extra={str(i): i for i in range(ITEMS_MAX + 1)})
    assert "texte trop long" in _refusal(extra={"k" * (TEXT_MAX + 1): 1})
    deep: Any = 1
    for _ in range(DEPTH_MAX + 2):
        deep = [deep]
    assert "niveaux" in _refusal(extra={"deep": deep})


def test_the_refusal_names_a_few_places_and_never_the_whole_text() -> None:
    line = _refusal(player="p" * (TEXT_MAX + 1), entries=[{"label": "l" * (TEXT_MAX + 1)}] * 20)
    assert len(line) < 1000 and "\n" not in line
    assert line.count("texte trop long") == 5


class Odds(Params):
    dice: int
    bonus: int = 0
    tags: list[str] = []


def test_every_number_of_a_sheet_is_bounded_once_parsed() -> None:
    line = _refusal(extra={"gold": NUMBER_MAX + 1}, entries=[{"tags": {"n": -NUMBER_MAX - 1}}])
    assert "extra.gold : doit être ≤ 1\u202f000\u202f000\u202f000" in line
    assert "entries.0.tags.n : doit être ≥ -1\u202f000\u202f000\u202f000" in line
    sheet = PluginSheet.model_validate({"name": "Zoé", "extra": {"gold": NUMBER_MAX}})
    assert sheet.extra["gold"] == NUMBER_MAX


def test_every_checks_parameters_are_bounded_even_typed_as_text() -> None:
    with pytest.raises(ValidationError) as refused:
        Odds.model_validate({"dice": "3", "bonus": "9" * 60})
    line = from_validation(refused.value).message("fr")
    assert line.startswith("bonus : doit être ≤ ") and "9" * 60 not in line
    with pytest.raises(ValidationError):
        Odds.model_validate({"dice": 3, "tags": ["t"] * (ITEMS_MAX + 1)})
    assert Odds.model_validate({"dice": 3, "bonus": -NUMBER_MAX}).bonus == -NUMBER_MAX
