"""The rolled route (#32): a pair few trials ask is rolled through the attack's own `resolve`
on a seeded Roller instead of drawn from its check table. Both routes must follow the check's
exact law (`distribution`, written apart from `resolve` and from `result_law`) and each other:
chi-square tests with fixed seeds, on the benchmark's Fluid 4-against-4 (every blow a new
sheet, the game the route is on for). A whole fight then reports the same chances by either
route (within the sampling error), and a seed still replays one report cold, warm and in two
processes."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.arrays import SPAN, FlatDistributions
from ecran.engine.fight.check_tables import check_table
from ecran.engine.fight.game_tables import TABLES
from ecran.engine.fight.kept import FIGHTS, fight_of
from ecran.engine.fight.replays import forget_replays
from ecran.engine.fight.rolled import rare, roll_below
from ecran.engine.fight.rolled_steps import LAW_FROM
from ecran.engine.fight.run import Fight, run_batch
from ecran.engine.fight.simulation import simulate_encounter
from ecran.rules import Consequence

N = 20_000


def _wilson_hilferty(stat: float, dof: int) -> float:
    """The chi-square upper tail (Wilson-Hilferty's normal approximation: no scipy)."""
    z = ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def fit_p(observed: Counter[str], expected: dict[str, float]) -> float:
    """Goodness of fit of counts to exact probabilities (outcomes of chance 0 must not occur)."""
    assert not set(observed) - {k for k, p in expected.items() if p > 0}
    kept = {k: p for k, p in expected.items() if p > 0}
    n = sum(observed.values())
    stat = sum((observed.get(k, 0) - n * p) ** 2 / (n * p) for k, p in kept.items())
    return _wilson_hilferty(stat, len(kept) - 1)


def same_p(a: Counter[str], b: Counter[str]) -> float:
    """Two samples from one law (the 2 x k contingency table's chi-square)."""
    keys = sorted(set(a) | set(b))
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for k in keys:
        total = a[k] + b[k]
        for count, n in ((a[k], na), (b[k], nb)):
            e = total * n / (na + nb)
            stat += (count - e) ** 2 / e
    return _wilson_hilferty(stat, len(keys) - 1)


def four_against_four(system_id: str = "fluid", rounds: int = 30) -> dict[str, Any]:
    system = get_system(system_id)
    people = [
        {
            "name": f"n{i}",
            "side": "A" if i < 4 else "B",
            "sheet": system.random_npc(Roller(i + 1)).model_dump(mode="json"),
        }
        for i in range(8)
    ]
    return {"system": system_id, "participants": people, "max_rounds": rounds}


def _pair_key(fight: Fight, attacker: int, defender: int) -> int:
    return (0 * SPAN + fight.start[attacker]) * SPAN + fight.start[defender]


def rolled_outcomes(fight: Fight, key: int, n: int, seed: int) -> Counter[str]:
    dice = Roller(seed)
    found: Counter[str] = Counter()
    for _ in range(n):
        result = fight.tables.rolled.result(key, dice)
        assert result is not None
        found[result.outcome] += 1
    return found


def tabled_outcomes(check: Any, params: Any, n: int, seed: int) -> Counter[str]:
    """As the tabled route draws: one integer per trial over the table's segment, a listed
    result read off, a tail or frontier entry resumed on one seeded Roller."""
    table = check_table(check, params)
    segments = FlatDistributions()
    index = segments.add(range(len(table.weights)), table.weights, table.denominator)
    at = segments.draw(np.random.default_rng(seed), np.full(n, index, dtype=np.int64))
    dice = Roller(seed)
    found: Counter[str] = Counter()
    for position in at.tolist():
        if position < len(table.keys):
            found[table.seen[table.keys[position]].outcome] += 1
        else:
            found[table.resume(position - len(table.keys), dice)[1].outcome] += 1
    return found


def staged_outcomes(fight: Fight, key: int, n: int, seed: int) -> Counter[str]:
    """As the rolled route draws a staged check (`Check.staged`): the dice values of all
    trials at once from the law of their key, then each one settled (a tail on the Roller)."""
    rolled = fight.tables.rolled
    attack = rolled.attack(key)
    values = rolled.values(np.random.default_rng(seed), [attack] * n).tolist()
    dice = Roller(seed)
    return Counter(rolled.settle(attack, v, dice).outcome for v in values)


@pytest.mark.parametrize(("attacker", "defender"), [(0, 4), (5, 1)])
def test_the_staged_draw_follows_the_odds_and_the_rolled_resolve(
    attacker: int, defender: int
) -> None:
    """The attack's dice value drawn from its keyed law and settled, as the rolled route does
    for every rare pair, against the exact odds and against `resolve` rolled whole."""
    fight = Fight(four_against_four())
    key = _pair_key(fight, attacker, defender)
    attack = fight.tables.rolled.attack(key)
    model = fight.tables.rolled.model(attack)
    assert attack.check is not None and model.staged is not None
    exact = {k: float(p) for k, p in attack.check.distribution(model.params).items()}
    by_stage = staged_outcomes(fight, key, N, seed=21)
    by_roll = rolled_outcomes(fight, key, N, seed=22)
    assert len(by_stage) >= 3
    assert fit_p(by_stage, exact) > 1e-4, (by_stage, exact)
    assert same_p(by_stage, by_roll) > 1e-4, (by_stage, by_roll)


def test_staged_steps_follow_the_operations_law() -> None:
    """A critical hit's steps drawn by the rolled route (`Operation.staged`: the survival
    test's outcome for all trials at once, then its state) against the operation's exact
    `law`, and against another sheet's law (the test can fail)."""
    fight = Fight(four_against_four())
    tables, books = fight.tables, fight.books
    state = fight.start[4]
    sheet = books.sheets[state]
    damage = 17  # past RES (about 10 for the NPCs): a wound, a critical one, a survival test
    params = {"damage": damage, "survival_combine": "max"}
    what = tables.what_of([Consequence("defender", "take_hit", params)])
    op_index = int(tables.what_table()[2][what, 0])
    keys = np.full(N, state * SPAN + op_index, dtype=np.int64)
    reached = tables.rolled.steps(np.random.default_rng(5), keys).tolist()
    found = Counter(books.names[s] for s in reached)
    op = get_system("fluid").operation("take_hit")
    law = op.law(sheet, op.params.model_validate(params))
    assert law is not None and len(law) >= 3
    exact: dict[str, float] = {}
    for after, p in law:
        name = books.names[books.state(after, fold=True)]
        exact[name] = exact.get(name, 0.0) + float(p)
    assert fit_p(found, exact) > 1e-4, (found, exact)
    other = books.sheets[fight.start[0]]
    wrong: dict[str, float] = {}
    for after, p in op.law(other, op.params.model_validate(params)) or []:
        name = books.names[books.state(after, fold=True)]
        wrong[name] = wrong.get(name, 0.0) + float(p)
    assert set(found) - {k for k, p in wrong.items() if p > 0} or fit_p(found, wrong) < 1e-6


def test_attacks_with_the_same_dice_share_one_law_shifted() -> None:
    """Three attacks of one NPC on three others: the same dice, other characteristics
    (`Staged.shift`). They share one law's segment (its key leaves the shift out), and each
    one's draws, shifted, follow its own exact odds."""
    fight = Fight(four_against_four())
    rolled = fight.tables.rolled
    attacks = [rolled.attack(_pair_key(fight, 0, defender)) for defender in (4, 5, 7)]
    assert len({a.segment for a in attacks}) == 1 and attacks[0].segment >= 0
    assert len({a.shift for a in attacks}) == 3
    for defender, attack in zip((4, 5, 7), attacks, strict=True):
        assert attack.check is not None
        exact = attack.check.distribution(rolled.model(attack).params)
        expected = {k: float(p) for k, p in exact.items()}
        found = staged_outcomes(fight, _pair_key(fight, 0, defender), N, seed=30 + defender)
        assert len(found) >= 3
        assert fit_p(found, expected) > 1e-4, (defender, found, expected)


def test_attacks_that_settle_alike_share_what_each_value_does() -> None:
    """Two pairs whose attacks differ (other models) but settle alike (`Staged.settles`)
    share what each drawn value does: one pair's draws fill it, the other's read it, and
    still follow their own law (what `resolve` rolled whole does, its consequences worked
    out afresh)."""
    TABLES.pop("fluid", None)
    fight = Fight(four_against_four())
    rolled, tables = fight.tables.rolled, fight.tables
    one, other = _pair_key(fight, 0, 4), _pair_key(fight, 4, 0)
    first, second = rolled.attack(one), rolled.attack(other)
    assert first.number != second.number and first.shared == second.shared
    rng = np.random.default_rng(40)
    rolled.whats(rng, np.full(N, one, dtype=np.int64))  # fills what the values do
    by_stage = Counter(rolled.whats(rng, np.full(N, other, dtype=np.int64)).tolist())
    assert second.check is not None
    model, system = rolled.model(second), fight.system
    a, d = (fight.books.sheets[fight.start[i]] for i in (4, 0))
    dice = Roller(41)
    by_roll: Counter[int] = Counter()
    for _ in range(N):
        result = second.check.summary(second.check.resolve(model.params, dice))
        found = system.consequences(second.name, model.values, result, a, d)
        by_roll[tables.what_of(found)] += 1
    assert len(by_roll) >= 3
    assert same_p(by_stage, by_roll) > 1e-4, (by_stage, by_roll)


def test_attacks_on_a_defender_worn_down_share_one_parsed_attack() -> None:
    """The defender's RES and wounds only name a Fluid blow's result (`Check.label_params`):
    one NPC's attacks on a fresh defender and on the same defender with its RES spent are
    parsed once (one model), and the worn defender still takes its own blows: what its
    consequences read follows the law of its own attack (the damage it takes)."""
    TABLES.pop("fluid", None)
    fight = Fight(four_against_four())
    rolled, books, system = fight.tables.rolled, fight.books, fight.system
    fresh = books.sheets[fight.start[4]]
    worn = books.state(fresh.model_copy(update={"res": 2}))
    first = rolled.attack(_pair_key(fight, 0, 4))
    second = rolled.attack((0 * SPAN + fight.start[0]) * SPAN + worn)
    assert first.key != second.key and first.number == second.number
    action = system.chosen_attack(books.sheets[fight.start[0]], books.sheets[worn], 0)
    assert action is not None and action.params["opponent_res"] == 2
    check = system.check(action.check)
    law = check.result_law(check.parse(action.params))
    assert law is not None
    exact: dict[str, float] = {}
    for result, p in law.results:
        part = repr(system.consequence_reads(action.check, result))
        exact[part] = exact.get(part, 0.0) + float(p)
    dice = Roller(43)
    found: Counter[str] = Counter()
    for _ in range(N):
        result = rolled.result(second.key, dice)
        assert result is not None
        found[repr(system.consequence_reads(action.check, result))] += 1
    tail = sum(float(t.weight) for t in law.tails)
    assert tail < 1e-3  # the longest explosions, left out of `exact`: a count or two at most
    kept = Counter({k: n for k, n in found.items() if k in exact})
    assert sum(found.values()) - sum(kept.values()) <= 3
    assert fit_p(kept, exact) > 1e-4, (kept, exact)


def _critical_hit(fight: Fight) -> tuple[int, dict[str, float]]:
    """A critical hit on a fresh NPC's state (a survival test): its (state, operation) key and
    the exact law of the states it leads to (`Operation.law`), by state name."""
    tables, books = fight.tables, fight.books
    state = fight.start[4]
    params = {"damage": 17, "survival_combine": "max"}  # past RES: a survival test
    what = tables.what_of([Consequence("defender", "take_hit", params)])
    op_index = int(tables.what_table()[2][what, 0])
    op = get_system("fluid").operation("take_hit")
    law = op.law(books.sheets[state], op.params.model_validate(params))
    assert law is not None and len(law) >= 3
    exact: dict[str, float] = {}
    for after, p in law:
        name = books.names[books.state(after, fold=True)]
        exact[name] = exact.get(name, 0.0) + float(p)
    return state * SPAN + op_index, exact


def test_a_staged_key_few_trials_ask_is_run_through_the_operation() -> None:
    """A staged operation's key fewer than LAW_FROM trials of a call ask makes no law (most
    survival keys are met once or twice, and a law costs as much as ~50 tests): it is run
    through the operation, trial by trial, and still follows the operation's exact law. A
    call that asks it LAW_FROM times makes its law."""
    TABLES.pop("fluid", None)  # fresh tables: no law made before
    fight = Fight(four_against_four())
    key, exact = _critical_hit(fight)
    rolled = fight.tables.rolled
    rng = np.random.default_rng(6)
    few = np.full(LAW_FROM - 1, key, dtype=np.int64)
    reached = [s for _ in range(N // few.size) for s in rolled.steps(rng, few).tolist()]
    assert not rolled.dice.values  # no law made
    found = Counter(fight.books.names[s] for s in reached)
    assert fit_p(found, exact) > 1e-4, (found, exact)
    rolled.steps(rng, np.full(LAW_FROM, key, dtype=np.int64))
    assert rolled.dice.values


@pytest.mark.parametrize(("attacker", "defender"), [(0, 4), (5, 1)])
def test_both_routes_follow_the_attack_odds_and_each_other(attacker: int, defender: int) -> None:
    fight = Fight(four_against_four())
    key = _pair_key(fight, attacker, defender)
    attack = fight.tables.rolled.attack(key)
    params = fight.tables.rolled.model(attack).params
    assert attack.check is not None
    exact = {k: float(p) for k, p in attack.check.distribution(params).items()}
    by_roll = rolled_outcomes(fight, key, N, seed=11)
    by_table = tabled_outcomes(attack.check, params, N, seed=12)
    assert len(by_roll) >= 3  # several outcomes, so the test can tell laws apart
    assert fit_p(by_roll, exact) > 1e-4, (by_roll, exact)
    assert fit_p(by_table, exact) > 1e-4, (by_table, exact)
    assert same_p(by_roll, by_table) > 1e-4, (by_roll, by_table)


def test_the_fit_tells_a_wrong_law_apart() -> None:
    """The test can fail: rolls of another pair's attack do not fit this pair's odds."""
    fight = Fight(four_against_four())
    one, other = _pair_key(fight, 0, 4), _pair_key(fight, 4, 0)
    attack = fight.tables.rolled.attack(one)
    assert attack.check is not None
    params = fight.tables.rolled.model(attack).params
    exact = {k: float(p) for k, p in attack.check.distribution(params).items()}
    assert fit_p(rolled_outcomes(fight, one, N, seed=3), exact) > 1e-4
    wrong = rolled_outcomes(fight, other, N, seed=3)
    assert set(wrong) - {k for k, p in exact.items() if p > 0} or fit_p(wrong, exact) < 1e-6


def test_rare_marks_the_keys_few_rows_share() -> None:
    keys = np.array([5, 7, 5, 9, 5, 7], dtype=np.int64)
    assert rare(keys, 3).tolist() == [False, True, False, True, False, True]
    assert not rare(keys, 0).any()


@contextmanager
def route(below: int) -> Iterator[None]:
    """Fluid's tables afresh with the rolled route's threshold at `below` (0: off)."""
    fluid = get_system("fluid")
    fluid.fight_roll_below = below  # type: ignore[misc]  # this instance only, for the test
    FIGHTS.clear()
    TABLES.pop("fluid", None)
    try:
        yield
    finally:
        del fluid.fight_roll_below  # back to the game's own
        FIGHTS.clear()
        TABLES.pop("fluid", None)


def test_a_whole_fight_reports_the_same_chances_by_either_route() -> None:
    """Two-against-two, 1,000 fights each way: every key rolled (a threshold no key reaches)
    against every key tabled; each side's chance within 4.5 standard errors of the
    difference."""
    data = four_against_four(rounds=30)
    data["participants"] = data["participants"][2:6]
    n = 1_000
    with route(10**9):
        by_roll = simulate_encounter(data, n, seed=4, workers=1)
    with route(0):
        by_table = simulate_encounter(data, n, seed=5, workers=1)
    for a, b in zip(by_roll.sides, by_table.sides, strict=True):
        p = (a.probability + b.probability) / 2
        error = math.sqrt(2 * p * (1 - p) / n) or 1 / n
        assert abs(a.probability - b.probability) < 4.5 * error, (a, b)


def test_a_seed_replays_one_fluid_report_with_the_route_on() -> None:
    """Fluid rolls its rare keys: the report still depends on the seed alone (cold, warm,
    two processes), the route being chosen by the batch's own draws."""
    data = four_against_four(rounds=30)
    with route(16):
        cold = simulate_encounter(data, 300, seed=9, batch=100, workers=1)
        forget_replays()  # run again on the warm tables, not replayed from the tallies
        warm = simulate_encounter(data, 300, seed=9, batch=100, workers=1)
        forget_replays()
        two = simulate_encounter(data, 300, seed=9, batch=100, workers=2)
        replay = simulate_encounter(data, 300, seed=9, batch=100, workers=1)
    for other in (warm, two, replay):
        assert other.model_dump(exclude={"seconds"}) == cold.model_dump(exclude={"seconds"})


def test_a_helper_forked_before_the_threshold_changed_runs_a_batch_as_this_process() -> None:
    """The helper processes are forked once and kept (`kept_workers`): one forked while Fluid
    rolled below its own threshold runs a batch as this process does once the threshold is
    another (sent with each batch, and part of its replay's key): the report is the seed's
    whatever this process ran before."""
    data = four_against_four(rounds=30)
    assert roll_below(get_system("fluid")) != 16
    simulate_encounter(data, 200, seed=1, batch=100, workers=2)  # the helper forked here
    with route(16):
        alone = simulate_encounter(data, 300, seed=9, batch=100, workers=1)
        forget_replays()
        two = simulate_encounter(data, 300, seed=9, batch=100, workers=2)
    assert two.model_dump(exclude={"seconds"}) == alone.model_dump(exclude={"seconds"})


def test_a_replayed_batch_is_its_kept_tally_and_a_new_seed_runs() -> None:
    data = four_against_four(rounds=5)
    data["participants"] = data["participants"][3:5]
    forget_replays()
    fight = fight_of(data)
    first = run_batch(fight, 3, 0, 50)
    assert run_batch(fight, 3, 0, 50) is first
    assert run_batch(fight, 4, 0, 50) is not first
    forget_replays()
    again = run_batch(fight, 3, 0, 50)
    assert again is not first and again.trials == first.trials == 50
    assert again.wins.tolist() == first.wins.tolist()
