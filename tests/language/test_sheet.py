"""Issue 12's language test, the terminal sheet: each system's random NPC (seed 1), as `ecran npc
SYSTEM --seed 1` prints it, in French and in English. The PDF of the same NPC is read by
`tests/sheets/test_language.py` (pdftotext) with the same kinds of findings.

The sheet's values are its game's view (`SheetRow.value`, being made `Text`): what
`tests/sheets/language_leftovers.toml` lists for a game and language is tolerated here too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from language.finder import LANGS, SYSTEMS, findings
from language.known import expect
from language.test_web import leftovers


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_terminal_sheet_reads_in_one_language(
    request: pytest.FixtureRequest, cli: Callable[..., Any], system_id: str, lang: str
) -> None:
    expect(request, f"sheet-{system_id}-{lang}")
    result = cli("--lang", lang, "npc", system_id, "--seed", "1")
    assert result.code == 0, result.err
    name = all_systems()[system_id].random_npc(Roller(1)).name
    found = set(findings(result.out, lang, (name,)))
    assert sorted(found - leftovers(system_id, lang)) == []
