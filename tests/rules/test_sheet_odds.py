"""A whole sheet's odds in one call (`ecran.engine.sheet_odds`, `ecran odds-sheet`), and the shared
cache of whole-check distributions behind it."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems, get_system, odds_report
from ecran.engine.cache import DistributionCache
from ecran.engine.sheet_odds import difficulties, sheet_odds
from ecran.rules import Action, Text

NPC_SYSTEMS = ["artemis", "nephilim", "organique", "warp"]


@pytest.mark.parametrize("system_id", NPC_SYSTEMS)
def test_every_action_of_a_random_npc_has_the_odds_of_its_own_check(system_id: str) -> None:
    system = get_system(system_id)
    npc = system.random_npc(Roller(5))
    report = sheet_odds(system, npc)
    actions = system.actions(npc)
    assert [a.check for a in report.actions] == [a.check for a in actions]
    for action, answered in zip(actions, report.actions, strict=True):
        assert answered.error is None, (answered.label, answered.error)
        [rung] = answered.odds
        alone = odds_report(system_id, action.check, action.params)
        assert rung.outcomes == alone.outcomes
        assert sum(Fraction(o.probability) for o in rung.outcomes) == 1


def test_an_action_waiting_for_the_opponent_names_it_and_is_answered_once_given() -> None:
    system = get_system("fluid")
    npc = system.random_npc(Roller(1))
    report = sheet_odds(system, npc, "en", ladder=True)
    assert not [a.error for a in report.actions if a.error]
    waiting = [a for a in report.actions if a.needs]
    assert {a.check for a in waiting} >= {"attack", "opposed"}  # its opposed checks
    for action in waiting:  # a label a player reads, not a field name; no odds yet
        assert action.odds == [] and action.needs == ["Characteristic (opponent)"]
    given = sheet_odds(system, npc, "en", inputs={"opponent_characteristic": 4})
    for action in given.actions:
        assert not action.needs and not action.error and action.odds, action.label
    attack = next(a for a in given.actions if a.check == "attack")
    alone = odds_report("fluid", "attack", attack.params)
    assert attack.params["opponent_characteristic"] == 4
    assert attack.odds[0].outcomes == alone.outcomes


def test_an_action_that_cannot_be_computed_says_why_and_the_others_are_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    system = get_system("artemis")
    npc = system.random_npc(Roller(1))
    broken = Action(Text(fr="Cassé", en="Broken"), "test", {"skill": 5, "difficulty": 10**6})
    actions = system.actions(npc)
    monkeypatch.setattr(system, "actions", lambda sheet: [broken, *actions])
    report = sheet_odds(system, npc, "en")
    failed, *answered = report.actions
    assert failed.odds == [] and failed.error and "\n" not in failed.error
    assert "difficulty" in failed.error.lower()
    assert all(a.odds and not a.error for a in answered)


def test_the_ladder_is_every_difficulty_the_check_declares() -> None:
    check = get_system("artemis").check("test")
    assert difficulties(check) == list(range(0, 41))
    assert difficulties(get_system("demo").check("d6")) == [None]
    system = get_system("artemis")
    npc = system.random_npc(Roller(2))
    report = sheet_odds(system, npc, ladder=True)
    tested = next(a for a in report.actions if a.check == "test")
    assert [r.difficulty for r in tested.odds] == list(range(0, 41))
    success = [
        next(Fraction(o.probability) for o in r.outcomes if o.outcome == "success")
        for r in tested.odds
    ]
    assert success == sorted(success, reverse=True)  # harder never helps


def test_the_cache_answers_equal_parameters_once_and_stays_bounded() -> None:
    cache = DistributionCache(max_entries=3)
    check = get_system("demo").check("d6")
    first = cache.distribution("demo", check, check.parse({"target": 5}))
    again = cache.distribution("demo", check, check.parse({"target": 5}))
    assert again is first and (cache.hits, cache.misses) == (1, 1)
    for target in range(1, 7):
        cache.distribution("demo", check, check.parse({"target": target}))
    assert len(cache) == 3


def test_odds_sheet_command_json_and_table(cli: Callable[..., Any], tmp_path: Path) -> None:
    system = all_systems()["warp"]
    path = tmp_path / "npc.json"
    path.write_text(system.random_npc(Roller(3)).model_dump_json(), encoding="utf-8")
    result = cli("odds-sheet", str(path), "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["system"] == "warp" and data["actions"]
    assert all(a["odds"] and a["error"] is None for a in data["actions"])
    shown = cli("--lang", "en", "odds-sheet", str(path))
    assert shown.code == 0 and data["actions"][0]["label"] in shown.out


def test_odds_sheet_of_a_missing_file_is_one_line_exit_2(cli: Callable[..., Any]) -> None:
    result = cli("odds-sheet", "/nonexistent/sheet.json")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
