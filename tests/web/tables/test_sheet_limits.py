"""A sheet over the size bounds (`ecran.rules.sizes`) is refused 422 in one line, on creation
and on edit, and nothing is stored: the table's log does not move."""

from __future__ import annotations

from ecran.rules.sizes import ITEMS_MAX, TEXT_MAX
from web.tables.tables_support import Table

HECTOR = {"name": "Hector", "might": 2, "agility": 3}


def test_notes_too_long_are_refused_422_and_nothing_is_stored(table: Table) -> None:
    before = table.last_seq()
    sheet = {**HECTOR, "notes": "x" * (TEXT_MAX + 1)}
    answer = table.post(table.alice, "/characters", {"sheet": sheet})
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert detail.startswith("Notes : texte trop long (20\u202f000 caractères au plus)")
    assert len(detail) < 200 and "\n" not in detail
    assert table.last_seq() == before and table.get(table.alice, "/characters").json() == []


def test_an_edit_past_the_bounds_is_refused_and_the_sheet_stays(table: Table) -> None:
    made = table.character(table.alice, HECTOR)
    path = f"/characters/{made['id']}"
    body = {"sheet": {**made["sheet"], "notes": "n" * (TEXT_MAX + 1)}, "expected_version": 1}
    assert table.put(table.alice, path, body).status_code == 422
    listed = {**made["sheet"], "tags": ["t"] * (ITEMS_MAX + 1)}
    answer = table.put(table.alice, path, {"sheet": listed, "expected_version": 1})
    assert answer.status_code == 422 and "trop d'éléments (500 au plus)" in answer.json()["detail"]
    assert table.get(table.alice, path).json()["sheet"]["notes"] == ""
