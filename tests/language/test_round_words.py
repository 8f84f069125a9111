"""Issue 29: a round is said in each game's word on the table's pages too (`System.round_word`:
"tour" in Espace Artémis and Organique, "round" in WaRP, Fluid and Nephilim), as the command
line's encounter chart says it."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from language.finder import visible
from web.table_pages.conftest import with_encounter


@pytest.mark.parametrize(("system_id", "word"), [("artemis", "Tour"), ("warp", "Round")])
def test_a_running_encounter_says_the_game_s_round(
    web: TestClient, system_id: str, word: str
) -> None:
    gm, eid, _cid = with_encounter(web, system_id)
    gm.post(f"/encounters/{eid}/step", [("step", "initiative")], htmx=True)  # rolled for all
    started = gm.post(f"/encounters/{eid}/step", [("step", "start")], htmx=True)
    assert started.status_code == 200, started.text[:300]
    page = " ".join(visible(gm.get(f"/encounters/{eid}", lang="fr").text).split())
    assert re.search(rf"\b{word} 1 ·", page), page[:600]
    other = {"Tour": "Round", "Round": "Tour"}[word]
    assert not re.search(rf"\b{other} 1\b", page), re.findall(rf".{{80}}\b{other} 1\b.{{40}}", page)
    table = " ".join(visible(gm.get(lang="fr").text).split())
    assert f"{word.lower()} 1" in table and f"{other.lower()} 1" not in table
