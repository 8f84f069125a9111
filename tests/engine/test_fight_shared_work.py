"""The rolled route's work shared between keys that read alike (#32): a pair's attack made once
per what the game's attacks read of the two sheets (`System.attack_reads`), not once per pair
of states; and sharing it changes no fight (the same report for a seed as with nothing
shared)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.arrays import SPAN
from ecran.engine.fight.check_tables import result_key
from ecran.engine.fight.game_tables import TABLES
from ecran.engine.fight.kept import FIGHTS
from ecran.engine.fight.replays import forget_replays
from ecran.engine.fight.rolled_steps import LAW_FROM
from ecran.engine.fight.run import Fight
from ecran.engine.fight.simulation import simulate_encounter
from ecran.rules import Consequence
from ecran.systems.fluid import tracks


def four_against_four(rounds: int = 30) -> dict[str, Any]:
    system = get_system("fluid")
    people = [
        {
            "name": f"n{i}",
            "side": "A" if i < 4 else "B",
            "sheet": system.random_npc(Roller(i + 1)).model_dump(mode="json"),
        }
        for i in range(8)
    ]
    return {"system": "fluid", "participants": people, "max_rounds": rounds}


def _fresh() -> None:
    TABLES.pop("fluid", None)
    FIGHTS.clear()
    forget_replays()


def test_pairs_whose_attackers_read_alike_share_one_attack(monkeypatch: Any) -> None:
    """Two states of one attacker that differ only in what its attacks do not read (its RES
    spent: a fight state of its own) share the attack on one defender: the game's
    `chosen_attack` is asked once."""
    _fresh()
    fight = Fight(four_against_four())
    books, rolled = fight.books, fight.tables.rolled
    sheet = books.sheets[fight.start[0]]
    spent = books.state(sheet.model_copy(update={"res": 1}))
    assert spent != fight.start[0]
    system = get_system("fluid")
    asked: list[Any] = []
    chosen = type(system).chosen_attack

    def counting(self: Any, a: Any, d: Any, choice: int) -> Any:
        asked.append((a, d))
        return chosen(self, a, d, choice)

    monkeypatch.setattr(type(system), "chosen_attack", counting)
    defender = fight.start[4]
    first = rolled.attack(fight.start[0] * SPAN + defender)
    second = rolled.attack(spent * SPAN + defender)
    assert second is first and len(asked) == 1
    other = rolled.attack(spent * SPAN + fight.start[5])  # another defender: its own
    assert other is not first and len(asked) == 2
    _fresh()


@pytest.mark.parametrize("seed", [3, 8])
def test_sharing_attacks_changes_no_report(monkeypatch: Any, seed: int) -> None:
    """The same seed's report with the game's `attack_reads` and with nothing shared (every
    state its own answer, the default)."""
    data = four_against_four(rounds=30)
    _fresh()
    shared = simulate_encounter(data, 400, seed=seed, batch=200, workers=1)
    _fresh()
    system = get_system("fluid")
    monkeypatch.setattr(type(system), "attack_reads", lambda self, sheet, side: None)
    alone = simulate_encounter(data, 400, seed=seed, batch=200, workers=1)
    _fresh()
    assert alone.model_dump(exclude={"seconds"}) == shared.model_dump(exclude={"seconds"})


def test_a_staged_step_new_in_a_call_asks_its_stages_once(monkeypatch: Any) -> None:
    """A critical hit on a fresh state (its survival test drawn from its law): the operation's
    stages are asked once for the key, not again for each value it settles in that call."""
    _fresh()
    fight = Fight(four_against_four())
    tables, rolled = fight.tables, fight.tables.rolled
    params = {"damage": 17, "survival_combine": "max"}  # past RES: a survival test
    what = tables.what_of([Consequence("defender", "take_hit", params)])
    key = fight.start[4] * SPAN + int(tables.what_table()[2][what, 0])
    op = get_system("fluid").operation("take_hit")
    staged = type(op).staged
    asked: list[Any] = []

    def counting(self: Any, sheet: Any, values: Any) -> Any:
        asked.append(sheet)
        return staged(self, sheet, values)

    monkeypatch.setattr(type(op), "staged", counting)
    reached = rolled.steps(np.random.default_rng(5), np.full(200, key, dtype=np.int64))
    assert len(set(reached.tolist())) >= 2  # settled more than one value
    assert len(asked) == 1
    _fresh()


def _hit_key(fight: Fight, state: int, damage: int) -> int:
    tables = fight.tables
    what = tables.what_of([Consequence("defender", "take_hit", {"damage": damage})])
    return state * SPAN + int(tables.what_table()[2][what, 0])


def test_states_wounded_alike_share_what_each_survival_value_reaches(monkeypatch: Any) -> None:
    """Two states of one NPC (RES full, and 2 spent) struck by as much past their RES: the
    same wounded sheet, whose survival test (`StagedChange.reads`) settles each value once;
    the second key settles only the values the first did not draw. Then a key too rare for a
    law (fewer than LAW_FROM trials) rolls its value and reaches the same states, the
    operation not run."""
    _fresh()
    fight = Fight(four_against_four())
    books, rolled = fight.books, fight.tables.rolled
    sheet = books.sheets[fight.start[4]]
    full = tracks.current(sheet, "RES")
    spent = books.state(sheet.model_copy(update={"res": full - 2}))
    first, second = _hit_key(fight, fight.start[4], full + 14), _hit_key(fight, spent, full + 12)
    settled: list[tuple[int, int]] = []
    settle = type(rolled)._settled_step

    def counting(self: Any, key: int, value: int, stages: Any) -> int:
        settled.append((key, value))
        return settle(self, key, value, stages)

    monkeypatch.setattr(type(rolled), "_settled_step", counting)
    rng = np.random.default_rng(11)
    one = rolled.steps(rng, np.full(400, first, dtype=np.int64))
    two = rolled.steps(rng, np.full(400, second, dtype=np.int64))
    by_first = {v for k, v in settled if k == first}
    stage = rolled._steps[second]
    assert isinstance(stage, type(rolled._steps[first])) and stage.shared >= 0
    drawn = set(stage.reached)
    assert drawn & by_first  # values the first key settled, shared
    assert {v for k, v in settled if k == second} == drawn - by_first
    assert set(two.tolist()) <= set(one.tolist()) | {stage.reached[v] for v in drawn}
    run = type(rolled)._run
    monkeypatch.setattr(type(rolled), "_run", lambda *args: pytest.fail("run"))
    rare = rolled.steps(rng, np.full(LAW_FROM - 1, second, dtype=np.int64))
    assert set(rare.tolist()) <= set(stage.reached.values()) | set(books.index.values())
    monkeypatch.setattr(type(rolled), "_run", run)
    _fresh()


def test_attacks_that_settle_alike_settle_with_one_model(monkeypatch: Any) -> None:
    """Two pairs whose attacks differ (other values, other models) but settle alike
    (`Staged.settles`): the second's values are settled with the first's model, its own not
    parsed again once dropped, and settle as its own model settles them."""
    _fresh()
    fight = Fight(four_against_four())
    rolled = fight.tables.rolled
    one = rolled.attack(fight.start[0] * SPAN + fight.start[4])
    other = rolled.attack(fight.start[4] * SPAN + fight.start[0])
    assert one.number != other.number and one.settles == other.settles >= 0
    rolled._model_of.clear()  # the models kept by number dropped (MAX_OWN_MODELS)
    parsed: list[Any] = []
    keep = type(rolled)._keep
    monkeypatch.setattr(
        type(rolled), "_keep", lambda self, *args: parsed.append(args) or keep(self, *args)
    )
    shared = [result_key(rolled.settle(other, v, Roller(v + 50))) for v in range(-12, 13)]
    assert not parsed
    own = rolled.model(other).staged
    assert own is not None and len(parsed) == 1
    assert shared == [result_key(own.settle(v, Roller(v + 50))) for v in range(-12, 13)]
    _fresh()
