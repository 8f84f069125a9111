"""Issue #18, "validation reports every problem at once": a sheet file's refused values (each
its own line) and the rules it breaks come together, with the sheet to show where it can be
(values past a bound as given, values of the wrong kind as the default), so the rules judge
what the file says.

Toy sheet (tests/toy.py): might and agility 1-5, wounds >= 0, and the rule might + agility <= 6.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ecran.rules import EcranError
from ecran.sheets.files import sheet_problems
from toy import ToySheet, registered


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered():
        yield


def _file(**values: Any) -> str:
    return json.dumps({"system": "toy", "name": "Hector", **values})


def test_a_value_past_its_bound_and_the_rule_it_breaks_come_together() -> None:
    found = sheet_problems(_file(might=7, agility=4))
    assert [t.fr for t in found.refused] == ["might : doit être ≤ 5 (7)"]
    assert [t.en for t in found.refused] == ["might: must be ≤ 5 (7)"]
    # the sheet as the file says, so the rule sees 7 + 4
    assert isinstance(found.sheet, ToySheet) and found.sheet.might == 7
    assert [v.rule for v in found.violations] == ["budget"]
    assert not found.ok


def test_every_refused_value_is_listed_and_a_wrong_kind_shows_the_default() -> None:
    found = sheet_problems(_file(might=0, agility=9, wounds="beaucoup", colour="bleu"))
    assert [t.fr.split(" :")[0] for t in found.refused] == [
        "might",
        "agility",
        "wounds",
        "paramètre inconnu « colour »",
    ]
    assert found.sheet is not None
    assert (found.sheet.might, found.sheet.agility, found.sheet.wounds) == (0, 9, 0)
    assert [v.rule for v in found.violations] == ["budget"]  # 0 + 9 > 6


def test_a_sheet_that_cannot_be_shown_still_lists_its_problems() -> None:
    found = sheet_problems(json.dumps({"system": "toy", "might": 9}))
    assert found.sheet is None and found.violations == []
    refused = sorted(t.fr for t in found.refused)
    # a field by its label where the sheet has one (the name), else its id
    assert refused == ["Nom : valeur requise", "might : doit être ≤ 5 (9)"]


def test_a_good_sheet_has_no_problem_and_a_rule_alone_is_reported() -> None:
    assert sheet_problems(_file(might=3, agility=3)).ok
    alone = sheet_problems(_file(might=5, agility=5))
    assert alone.refused == [] and [v.rule for v in alone.violations] == ["budget"]


def test_what_is_no_sheet_at_all_is_still_one_error() -> None:
    for text in ("{", "[]", json.dumps({"system": "nope", "name": "x"})):
        with pytest.raises(EcranError):
            sheet_problems(text)
    with pytest.raises(EcranError, match="not WaRP"):
        sheet_problems(_file(might=9), expected_system="warp")
