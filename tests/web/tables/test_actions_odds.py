"""`GET /api/tables/{id}/characters/{cid}/actions?odds=true[&ladder=true]`: a sheet's actions
with their exact odds at this table, answered by the one sheet-odds call (`sheet_odds`, the
call `ecran odds-sheet` makes) with the table's options in force, within the work budget."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.cache import DISTRIBUTIONS
from ecran.engine.sheet_odds import SheetOdds, difficulties, sheet_odds
from ecran.rules.check import DIFFICULTY
from ecran.web.app import create_app
from web.tables.tables_support import Table, new_table

SYSTEMS = ["artemis", "fluid", "nephilim", "organique", "warp"]


def _npc_table(api: TestClient, system_id: str, seed: int) -> tuple[Table, str, Any]:
    """A table of `system_id` (its default options) and a random NPC drawn with `seed` on it."""
    table = new_table(api, system_id)
    npc = get_system(system_id).random_npc(Roller(seed))
    made = table.character(table.gm, npc.model_dump(mode="json"), allow_violations=True)
    return table, made["id"], npc


def _options(table: Table) -> dict[str, Any]:
    return dict(table.get(table.gm).json()["table"]["options"])


def _outcomes(outcomes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(o["outcome"], o["probability"]) for o in outcomes]


def _expected(system_id: str, npc: Any, options: dict[str, Any], ladder: bool) -> SheetOdds:
    return sheet_odds(get_system(system_id), npc, "fr", ladder=ladder, options=options)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_odds_are_what_sheet_odds_gives_with_the_table_options(
    api: TestClient, system_id: str
) -> None:
    table, cid, npc = _npc_table(api, system_id, seed=11)
    got = table.get(table.gm, f"/characters/{cid}/actions?odds=true")
    assert got.status_code == 200, got.text
    answered = got.json()
    expected = _expected(system_id, npc, _options(table), ladder=False)
    assert len(answered) == len(expected.actions) == len(get_system(system_id).actions(npc))
    for out, want in zip(answered, expected.actions, strict=True):
        assert out["label"]["fr"] == want.label and out["check"] == want.check
        assert out["needs"] == want.needs and out["ladder"] is None
        if want.error or want.needs:  # why there are no odds, one line
            assert out["odds"] is None and out["odds_error"] and "\n" not in out["odds_error"]
            continue
        assert out["odds_error"] is None, (want.label, out["odds_error"])
        [rung] = want.odds
        expected_odds = [(o.outcome, o.probability) for o in rung.outcomes]
        assert _outcomes(out["odds"]["outcomes"]) == expected_odds
        assert out["odds"]["system"] == system_id and out["odds"]["check"] == want.check
        # the parameters the odds were computed at: the table's options in force, defaults in
        check = get_system(system_id).check(want.check)
        assert out["odds"]["params"] == check.parse(want.params).model_dump(mode="json")
    if system_id != "fluid":  # a random NPC of every other system has odds for every action
        assert all(a["odds"] is not None for a in answered)
    else:  # Fluid's opposed actions wait for the opponent's characteristic
        assert any(a["needs"] for a in answered)


@pytest.mark.parametrize("system_id", ["artemis", "nephilim", "organique", "warp"])
def test_ladder_gives_every_rung_of_every_action(api: TestClient, system_id: str) -> None:
    table, cid, npc = _npc_table(api, system_id, seed=4)
    got = table.get(table.gm, f"/characters/{cid}/actions", params={"odds": True, "ladder": True})
    assert got.status_code == 200, got.text
    expected = _expected(system_id, npc, _options(table), ladder=True)
    system = get_system(system_id)
    laddered = 0
    for out, want in zip(got.json(), expected.actions, strict=True):
        assert out["odds_error"] is None and out["needs"] == []
        levels = difficulties(system.check(want.check))
        assert [r["difficulty"] for r in out["ladder"]] == levels  # every rung, in order
        assert [_outcomes(r["outcomes"]) for r in out["ladder"]] == [
            [(o.outcome, o.probability) for o in r.outcomes] for r in want.odds
        ]
        laddered += levels != [None]
        # the action's own odds are its rung at its own difficulty
        own = out["odds"]["params"].get(DIFFICULTY) if levels != [None] else None
        [rung] = [r for r in out["ladder"] if r["difficulty"] == own]
        assert out["odds"]["outcomes"] == rung["outcomes"]
    if system_id != "warp":
        assert laddered


def test_ladder_alone_gives_the_rungs_without_the_own_odds(api: TestClient) -> None:
    table, cid, _ = _npc_table(api, "artemis", seed=2)
    [*answered] = table.get(table.gm, f"/characters/{cid}/actions?ladder=true").json()
    assert all(a["odds"] is None and a["ladder"] for a in answered)
    plain = table.get(table.gm, f"/characters/{cid}/actions").json()
    assert all(a["odds"] is None and a["ladder"] is None for a in plain)


def test_a_table_option_that_changes_the_odds_changes_them_here(api: TestClient) -> None:
    hector = {"system": "toy", "name": "Hector", "might": 2, "agility": 1}
    success = {}
    for easy in (False, True):
        table = new_table(api, easy=easy)
        cid = table.character(table.alice, hector)["id"]
        for query in ("odds=true", "odds=true&ladder=true"):
            [action] = table.get(table.alice, f"/characters/{cid}/actions?{query}").json()
            odds = {o["outcome"]: Fraction(o["probability"]) for o in action["odds"]["outcomes"]}
            success[easy, query] = odds["success"]
            assert action["odds"]["params"] == {"skill": 2, "easy": easy}
    # 1d6 + 2 >= 5 needs 3+; with the table's `easy` (+1), 2+
    assert success[False, "odds=true"] == success[False, "odds=true&ladder=true"] == Fraction(4, 6)
    assert success[True, "odds=true"] == success[True, "odds=true&ladder=true"] == Fraction(5, 6)


def test_a_real_option_changes_a_real_sheets_odds(api: TestClient) -> None:
    """Nephilim's `dice` option (the book's D or an ordinary d6): the table's value is the one
    the odds use, whatever the sheet prefilled."""
    npc = get_system("nephilim").random_npc(Roller(3))
    answers = {}
    for dice in ("D", "d6"):
        table = new_table(api, "nephilim", dice=dice)
        cid = table.character(table.gm, npc.model_dump(mode="json"), allow_violations=True)["id"]
        answered = table.get(table.gm, f"/characters/{cid}/actions?odds=true").json()
        answers[dice] = [a["odds"]["outcomes"] for a in answered if a["odds"]]
        expected = _expected("nephilim", npc, _options(table), ladder=False)
        assert answers[dice] == [
            [o.model_dump() for o in a.odds[0].outcomes] for a in expected.actions if a.odds
        ]
    assert answers["D"] != answers["d6"]


def test_a_sheet_over_the_work_budget_is_refused_422_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, migrated_db: Any
) -> None:
    import shutil

    monkeypatch.setenv("ECRAN_WORK_BUDGET", "0.002")  # a whole Nephilim ladder costs far more
    app = create_app()
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    app.state.database_url = f"sqlite:///{database}"
    DISTRIBUTIONS.clear()  # nothing answered from this process's cache
    with TestClient(app) as client:
        table, cid, _ = _npc_table(client, "nephilim", seed=8)
        got = table.get(table.gm, f"/characters/{cid}/actions?odds=true&ladder=true")
        assert got.status_code == 422, got.text
        detail = got.json()["detail"]
        assert "trop coûteux" in detail and "\n" not in detail
        plain = table.get(table.gm, f"/characters/{cid}/actions")
        assert plain.status_code == 200  # without odds, nothing to compute
        app.state.store.engine.dispose()


def test_actions_of_an_unknown_character_is_404(table: Table) -> None:
    got = table.get(table.gm, "/characters/nope/actions?odds=true&ladder=true")
    assert got.status_code == 404
