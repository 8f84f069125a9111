"""`engine.sheet_odds.sheet_odds(system, sheet)`, a whole sheet's odds: every game answers it,
from its sheet or the sheet's JSON; a sheet of another game is one line."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system, system_ids
from ecran.engine.sheet_odds import sheet_odds
from ecran.rules import EcranError

GAMES = list(system_ids())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_answers_its_sheets_odds(game: str) -> None:
    system = get_system(game)
    npc = system.random_npc(Roller(5))
    found = sheet_odds(system, npc, ladder=True)
    assert found.actions and not [a.error for a in found.actions if a.error]
    # the sheet as a file holds it: its JSON gives the same answer
    assert sheet_odds(system, npc.model_dump(mode="json")) == sheet_odds(system, npc)


def test_another_games_sheet_or_a_broken_one_is_one_line() -> None:
    warp, fluid = get_system("warp"), get_system("fluid")
    with pytest.raises(EcranError) as wrong:
        sheet_odds(warp, fluid.random_npc(Roller(1)))
    assert "warp" in wrong.value.message("fr") and "\n" not in wrong.value.message("fr")
    with pytest.raises(EcranError):
        sheet_odds(warp, {"system": "warp", "name": 3})
