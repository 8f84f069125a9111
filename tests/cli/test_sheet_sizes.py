"""Every game's sheet is bounded in size (`ecran.rules.sizes`, in the sheet base every system
and plugin inherits): a text too long or a list too big is refused in one line, exit 2, naming
the field and the bound, without repeating the text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules.field import field_labels
from ecran.rules.sizes import ITEMS_MAX, TEXT_MAX

SYSTEMS = ("artemis", "fluid", "nephilim", "organique", "warp")


def _npc(cli: Any, system: str) -> dict[str, Any]:
    made = cli("npc", system, "--seed", "3", "--json")
    assert made.code == 0, made.err
    data: dict[str, Any] = json.loads(made.out)
    return data


def _first_list(data: dict[str, Any]) -> str:
    """The first top-level field of the sheet holding a list."""
    return next(key for key, value in data.items() if isinstance(value, list))


def _validate(cli: Any, tmp_path: Path, data: dict[str, Any]) -> Any:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return cli("character", "validate", str(path))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_sheet_within_the_bounds_is_accepted(cli: Any, tmp_path: Path, system: str) -> None:
    data = _npc(cli, system)
    data["notes"] = "é" * TEXT_MAX
    assert _validate(cli, tmp_path, data).code == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_notes_too_long_are_refused_in_one_line(cli: Any, tmp_path: Path, system: str) -> None:
    data = _npc(cli, system)
    data["notes"] = "x" * (TEXT_MAX + 1)
    result = _validate(cli, tmp_path, data)
    assert result.code == 2
    [line] = result.err.strip().splitlines()
    assert line.startswith("Notes : ")
    assert "texte trop long (20\u202f000 caractères au plus)" in line
    assert len(line) < 300  # the text is not repeated


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_list_too_big_is_refused_in_one_line(cli: Any, tmp_path: Path, system: str) -> None:
    data = _npc(cli, system)
    field = _first_list(data)
    data[field] = [data[field][0] if data[field] else 0] * (ITEMS_MAX + 1)
    result = _validate(cli, tmp_path, data)
    assert result.code == 2
    [line] = result.err.strip().splitlines()
    label = field_labels(get_system(system).sheet_model())[field].fr  # as the sheet names it
    assert line.startswith(f"{label} : ") and "trop d'éléments (500 au plus)" in line


def test_a_long_text_inside_a_nested_field_is_refused_where_it_is(cli: Any, tmp_path: Path) -> None:
    data = _npc(cli, "fluid")
    data["traits"][1]["name"] = "y" * (TEXT_MAX + 1)
    result = _validate(cli, tmp_path, data)
    assert result.code == 2
    assert "Traits, 2ᵉ ligne, trait : " in result.err and "yyyy" * 20 not in result.err


def test_a_huge_number_for_a_check_is_one_line_exit_2(cli: Any) -> None:
    result = cli("odds", "warp", "power", "--dice", "3", "--bonus", "9" * 60)
    assert result.code == 2
    [line] = result.err.strip().splitlines()
    assert "bonus : doit être ≤ 1\u202f000\u202f000\u202f000" in line and "9" * 60 not in line
