"""`row_where`: the one lookup of a row in a game's data table, by any of its fields."""

from __future__ import annotations

import pytest

from ecran.rules.data import row_where
from ecran.systems.nephilim.tables import OCCULT
from ecran.systems.organique.tables import COMBAT


def test_the_row_whose_fields_match() -> None:
    strike = row_where(COMBAT.action, name="strike")
    assert strike.name == "strike" and strike in COMBAT.action
    first = OCCULT.circle[0]
    assert row_where(OCCULT.circle, id=first.id, science=first.science) is first


def test_a_value_no_row_has_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="name='nowhere'"):
        row_where(COMBAT.action, name="nowhere")
