"""`ecran encounter simulate`: a whole fight. A duel small enough to compute exactly (three rounds
of Organique, every exchange walked over its dice) agrees with the simulation; the file's bad
input is one line."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.engine.fight.exchange import exact_exchange, transition
from ecran.engine.fight.game_tables import GameTables
from ecran.engine.fight.run import Fight
from ecran.engine.fight.simulation import simulate_encounter
from ecran.engine.fight.states import DEAD, OUT, UP
from ecran.rules import Consequence, EcranError

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@dataclass
class ExactDuel:
    """A duel's exact answer: each side's chance to win, undecided, and each fighter's chance
    to end out of action (when the fight ends) and dead (when the fallen's clocks have run)."""

    first: Fraction
    second: Fraction
    undecided: Fraction
    out: tuple[Fraction, Fraction]
    dead: tuple[Fraction, Fraction]


def _round_end(books: Any, state: int) -> dict[int, Fraction]:
    """The exact law of a state after its game's round end (`System.round_end`)."""
    dist = {state: Fraction(1)}
    for step in books.system.round_end(books.sheets[state]):
        after: dict[int, Fraction] = {}
        for s, p in dist.items():
            for t, q in transition(books, s, step.operation, step.params).items():
                after[t] = after.get(t, Fraction(0)) + p * q
        dist = after
    return dist


def _fallen_clock(books: Any, state: int) -> dict[int, Fraction]:
    """A fallen fighter's state once its round ends change nothing more (no first aid: the
    simulator's convention), by exact iteration."""
    dist, done = {state: Fraction(1)}, {}
    for _ in range(500):
        moving: dict[int, Fraction] = {}
        for s, p in dist.items():
            law = _round_end(books, s)
            target = done if books.status[s] == UP or law == {s: 1} else moving
            for t, q in ({s: Fraction(1)} if target is done else law).items():
                target[t] = target.get(t, Fraction(0)) + p * q
        dist = moving
        if not dist:
            return done
    raise AssertionError("a clock that never ends")


def exact_duel(data: dict[str, Any]) -> ExactDuel:
    """The duel by exact dynamic programming over the two sheets' states, from the same game
    procedures (initiative, attack, consequences, round end) walked over every dice sequence:
    no sampling anywhere."""
    fight = Fight(data)
    books, system = fight.books, fight.system
    a0, b0 = fight.start
    choice = [p.attack for p in fight.spec.participants]
    cache: dict[Any, Any] = {}

    def init(state: int) -> Any:
        sheet = books.sheets[state]
        return enumerate_outcomes(lambda dice: system.initiative(sheet, dice).total)

    ia, ib = init(a0), init(b0)
    p_a_first = Fraction(0)
    for x, px in ia.items():
        for y, py in ib.items():
            p_a_first += px * py * (1 if x > y else Fraction(1, 2) if x == y else 0)

    def up(state: int) -> bool:
        return books.status[state] == UP

    def add(to: dict[tuple[int, int], Fraction], key: tuple[int, int], p: Fraction) -> None:
        to[key] = to.get(key, Fraction(0)) + p

    def turn(dist: dict[tuple[int, int], Fraction], who: int) -> dict[tuple[int, int], Fraction]:
        after: dict[tuple[int, int], Fraction] = {}
        for (a, b), p in dist.items():
            me, them = (a, b) if who == 0 else (b, a)
            if not (up(a) and up(b)):
                add(after, (a, b), p)
                continue
            for (m2, t2), q in exact_exchange(books, me, them, choice[who], cache).items():
                add(after, (m2, t2) if who == 0 else (t2, m2), p * q)
        return after

    def round_end(dist: dict[tuple[int, int], Fraction]) -> dict[tuple[int, int], Fraction]:
        after: dict[tuple[int, int], Fraction] = {}
        for (a, b), p in dist.items():
            if not (up(a) and up(b)):
                add(after, (a, b), p)
                continue
            for a2, q in _round_end(books, a).items():
                for b2, r in _round_end(books, b).items():
                    add(after, (a2, b2), p * q * r)
        return after

    wins = [Fraction(0)] * 3
    out, dead = [Fraction(0)] * 2, [Fraction(0)] * 2
    for first, weight in ((0, p_a_first), (1, 1 - p_a_first)):
        dist = {(a0, b0): Fraction(1)}
        for _ in range(fight.spec.max_rounds):
            dist = round_end(turn(turn(dist, first), 1 - first))
        for (a, b), p in dist.items():
            index = 0 if up(a) and not up(b) else 1 if up(b) and not up(a) else 2
            wins[index] += weight * p
            for i, s in enumerate((a, b)):
                out[i] += weight * p * (books.status[s] >= OUT)
                for t, q in _fallen_clock(books, s).items():
                    dead[i] += weight * p * q * (books.status[t] == DEAD)
    return ExactDuel(wins[0], wins[1], wins[2], (out[0], out[1]), (dead[0], dead[1]))


def test_a_small_duel_agrees_with_its_exact_odds() -> None:
    """Both fighters have 1 INC: a mortal wound (SNG 0) no longer ends a fight, INC 0 does
    (organique L548-551, L614-615), and with so little INC two blows past the armour still
    decide the duel within its three rounds, on both sides."""
    data = _load("duel_organique.json")
    exact = exact_duel(data)
    first, second, undecided = exact.first, exact.second, exact.undecided
    assert first + second + undecided == 1 and first > 0 and second > 0
    trials = 3000
    report = simulate_encounter(data, trials, seed=11)
    observed = [report.sides[0].probability, report.sides[1].probability, report.undecided]
    for p, seen in zip((first, second, undecided), observed, strict=True):
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(seen - float(p)) <= 4.5 * sigma + 1e-9, (float(p), seen)


def test_the_fallen_die_when_their_first_aid_clock_runs_out_L637_640() -> None:
    """Organique L637-640: "Après être tombé hors de combat (INC ou END = 0), le personnage
    dispose d'INC + END tours pour recevoir les premiers soins avant de mourir." Every round
    ends with the game's round end (`System.round_end`: exertion L312-317, the mortal wound's
    point L630-633, the clock); no one gives first aid (the simulator's convention), so one
    left out of combat dies when the clock runs out, after the fight if need be. Held to the
    exact dynamic programming of the same duel: each side's chance, out and dead."""
    data = _load("duel_organique.json")
    exact = exact_duel(data)
    assert exact.dead[1] > 0 and exact.dead[0] > 0  # was 0 for both: no one ever died
    assert all(d <= o for d, o in zip(exact.dead, exact.out, strict=True))
    trials = 3000
    report = simulate_encounter(data, trials, seed=12)
    seen = [p.out for p in report.participants] + [p.dead for p in report.participants]
    wanted = [*exact.out, *exact.dead]
    for p, got in zip(wanted, seen, strict=True):
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(got - float(p)) <= 4.5 * sigma + 1e-9, (float(p), got)


def test_a_condition_on_the_sheet_acts_every_round_L895_896_L824_828() -> None:
    """Issue #31 item 8: a condition the game keeps on the sheet is followed. Ana fights with
    a respiratory arrest (L895-896: 1 END a round; once END is 0, 1 SNG a round, L824-828,
    L777-780) besides her exertion (L312-317): her round end takes her out of the fight and
    her clock kills her (L637-640) where Eve's blows would not. The simulator ignored it (she
    never fell but to a blow, and no one died); it now agrees with the exact duel."""
    data = _load("duel_organique.json")
    data["participants"][0]["sheet"]["conditions"] = ["respiratory_arrest"]
    data["max_rounds"] = 6
    exact = exact_duel(data)
    assert exact.undecided == 0 and exact.dead[0] == exact.second > Fraction(3, 4)
    trials = 2000
    report = simulate_encounter(data, trials, seed=13)
    seen = [report.sides[1].probability, report.participants[0].dead]
    for p, got in zip((exact.second, exact.dead[0]), seen, strict=True):
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(got - float(p)) <= 4.5 * sigma + 1e-9, (float(p), got)


def test_the_margin_covers_the_exact_odds_and_shrinks_with_the_fights() -> None:
    """`EncounterReport.margin`: the farthest 95 % Wilson bound from the estimates. On the
    duel whose exact odds are known, every estimate lies within it of the exact value (seeded,
    reproducible), and four times the fights halve it, about."""
    data = _load("duel_organique.json")
    duel = exact_duel(data)
    exact = [float(p) for p in (duel.first, duel.second, duel.undecided)]
    small, large = (simulate_encounter(data, n, seed=5) for n in (500, 2000))
    for report in (small, large):
        seen = [report.sides[0].probability, report.sides[1].probability, report.undecided]
        assert all(abs(a - b) <= report.margin for a, b in zip(seen, exact, strict=True))
    assert 0.4 < large.margin / small.margin < 0.6
    # half and half over 400 fights: the textbook 1.96 × 0.025, a little wider (Wilson)
    half = small.model_copy(
        update={
            "trials": 400,
            "sides": [s.model_copy(update={"probability": 0.5}) for s in small.sides],
            "undecided": 0.0,
            "draw": 0.0,
        }
    )
    assert half.margin == pytest.approx(0.0488, abs=5e-4)
    # none of 40: not known to ±0
    won, lost = (
        s.model_copy(update={"probability": p}) for s, p in zip(small.sides, (1, 0), strict=True)
    )
    none = half.model_copy(update={"trials": 40, "sides": [won, lost]})
    assert none.margin > 0.08


def test_a_melee_reports_every_side_and_participant() -> None:
    report = simulate_encounter(_load("melee_organique.json"), 100, seed=3)
    assert [s.side for s in report.sides] == ["PJ", "PNJ"]
    total = sum(s.wins for s in report.sides) / report.trials + report.draw + report.undecided
    assert total == pytest.approx(1.0)
    assert len(report.participants) == 8
    assert all(0 <= p.dead <= p.out <= 1 for p in report.participants)
    assert sum(report.rounds.values()) == round(report.trials * (1 - report.undecided))
    again = simulate_encounter(_load("melee_organique.json"), 100, seed=3)
    assert again.sides == report.sides


@pytest.mark.parametrize(
    "change",
    [
        {"system": "nope"},
        {"participants": []},
        {"max_rounds": 0},
        {"extra": 1},
    ],
)
def test_bad_files_are_one_line_errors(change: dict[str, Any]) -> None:
    data = {**_load("duel_organique.json"), **change}
    with pytest.raises(EcranError):
        simulate_encounter(data, 10, seed=1)


def test_one_side_is_refused() -> None:
    data = _load("duel_organique.json")
    for p in data["participants"]:
        p["side"] = "PJ"
    with pytest.raises(EcranError):
        simulate_encounter(data, 10, seed=1)


def test_a_planned_attack_agrees_with_the_checks_own_odds() -> None:
    """WaRP's melee check names the target's state after the blow (L3253-3376) in its own
    distribution; the simulator's walked exchange (resolve, the damage operation, the sheet's
    hit points read again) must give the same chance to put the target out."""
    from ecran.engine import odds
    from ecran.engine.fight.chances import planned_attack
    from ecran.engine.fight.exchange import Attack

    data = _load("duel_warp.json")
    planned = planned_attack(data, "Ana", "Eve")
    fight = Fight(data)
    attack = Attack.of(fight.books, fight.start[0], fight.start[1], 0)
    assert attack.action is not None
    exact = {
        o.outcome: Fraction(o.probability)
        for o in odds("warp", attack.action.check, **attack.action.params).outcomes
    }
    assert Fraction(planned.out) == exact["out"] + exact["dead"] > 0
    assert Fraction(planned.dead) == exact["dead"]
    with pytest.raises(EcranError):
        planned_attack(data, "Ana", "Nobody")


def test_past_its_walk_a_planned_attack_reads_the_listed_results_and_says_what_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A check whose dice are too many to walk answers from its result law's listed results
    (exact), the tails (the longest explosion chains) left out and said. Held to a known truth:
    WaRP's duel, its law's blows that take Eve out moved into a tail, lies between the listed
    answer and it plus what was left out, for every chance; the listed part is exact."""
    from ecran.engine.fight.chances import planned_attack
    from ecran.engine.fight.exchange import Attack
    from ecran.engine.fight.kept import forget_tables
    from ecran.rules.outcome import ResultLaw, Tail

    data = _load("duel_warp.json")
    walked = planned_attack(data, "Ana", "Eve")
    assert walked.unsettled == "0" and walked.p_unsettled == 0
    fight = Fight(data)
    attack = Attack.of(fight.books, fight.start[0], fight.start[1], 0)
    assert attack.check is not None
    exact = attack.check.result_law(attack.params)
    assert exact is not None and not exact.tails
    kept = [(r, p) for r, p in exact.results if r.outcome != "out"]
    moved = [(r, p) for r, p in exact.results if r.outcome == "out"]
    left = sum((p for _, p in moved), Fraction(0))
    blow = moved[0][0]
    tailed = ResultLaw(kept, (Tail(left, lambda dice: blow),))
    monkeypatch.setattr(type(attack.check), "result_law", lambda self, params: tailed)
    forget_tables()
    listed = planned_attack(data, "Ana", "Eve", paths=10)  # the walk gives up at once
    assert Fraction(listed.unsettled) == left > 0
    for name in ("out", "dead", "attacker_out"):
        low, truth = Fraction(getattr(listed, name)), Fraction(getattr(walked, name))
        assert low <= truth <= low + left, name
    assert Fraction(listed.out) == Fraction(walked.out) - left  # the rest exactly
    forget_tables()


def test_a_fluid_planned_attack_is_answered_with_what_its_explosions_leave_out() -> None:
    """Fluid's attack explodes without end (no walk covers it): the tracker used to leave its
    planned attacks out; they are now the listed results' exact chances, with the rest said."""
    from ecran.engine.fight.chances import planned_attack

    data = _random_four_against_four("fluid", 30)
    planned = planned_attack(data, "n0", "n4")
    assert 0 < planned.p_unsettled < 0.01
    assert 0 <= planned.p_dead <= planned.p_out <= 1 - planned.p_unsettled


def _random_four_against_four(system_id: str, rounds: int) -> dict[str, Any]:
    from ecran.dice import Roller
    from ecran.engine import get_system

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


def test_an_artemis_four_against_four_runs() -> None:
    """The Artémis 4-against-4 of the benchmark stopped on "too many states": every blow's
    marks make a new sheet, and each attack walked every pair of sheets whole. Results are now
    drawn first and only their consequences worked out, each operation cached per sheet. (A
    short fight: Artémis names no out-of-action state short of Mort, L108-109, so most of
    these fights run to the last round.)"""
    report = simulate_encounter(_random_four_against_four("artemis", 4), 20, seed=5)
    total = sum(s.probability for s in report.sides) + report.draw + report.undecided
    assert total == pytest.approx(1.0) and report.trials == 20
    assert all(0 <= p.dead <= p.out <= 1 for p in report.participants)


def test_a_time_budget_stops_after_a_batch_and_says_how_many_ran() -> None:
    data = _load("duel_organique.json")
    report = simulate_encounter(data, 1_000, seed=2, batch=100, seconds=0.0)
    assert report.trials == 100
    assert sum(s.wins for s in report.sides) <= 100


def test_the_trackers_batches_grow_and_keep_their_sizes_by_number() -> None:
    """The tracker's batches (#32): the first two small, each next one as many as all before
    it up to the largest, all the fights asked; a batch's size depends on its number alone,
    so a later look with more fights replays the batches an earlier one ran."""
    from ecran.engine.fight.simulation import batch_sizes

    sizes = batch_sizes(10_000, 100, 800)
    assert sizes[:6] == [100, 100, 200, 400, 800, 800] and set(sizes[4:-1]) == {800}
    assert sum(sizes) == 10_000
    short = batch_sizes(1_000, 100, 800)
    assert short == [100, 100, 200, 400, 200] and short[:4] == sizes[:4]
    assert batch_sizes(1_000, 300) == [300, 300, 300, 100]  # not growing: as before
    assert batch_sizes(250, 100, 100) == [100, 100, 50]


def test_a_batch_that_would_end_well_past_the_time_does_not_start() -> None:
    """With a time (a tracker's look: half the work budget), a batch starts only if, at the
    pace of the batches before it, it ends within OVERRUN times that time: a large batch of a
    slow game must not carry the look past its budget (#32)."""
    from ecran.engine.fight.simulation import OVERRUN, _out_of_time

    sizes = [100, 200, 400, 800]
    # 0.1 s for batch 0 (100 fights): the next 200 fights end at 0.4 s, within 1.5 × 0.5 s
    assert not _out_of_time(0.2, 0.1, 0.5, sizes, range(0, 1), 1)
    # 0.2 s for batch 1 (200 fights): the next 400 would end at 0.8 s, past 0.75
    assert OVERRUN * 0.5 < 0.8
    assert _out_of_time(0.4, 0.2, 0.5, sizes, range(1, 2), 1)
    assert not _out_of_time(0.4, 0.2, 1.0, sizes, range(1, 2), 1)
    assert _out_of_time(0.51, 0.5, 0.5, sizes, range(1, 2), 1)  # the time is up
    assert not _out_of_time(9.0, 0.0, None, sizes, range(1, 2), 1)  # no time: all run
    # two processes: the next pair's larger batch is the one that must fit
    assert _out_of_time(0.4, 0.25, 0.5, sizes, range(0, 2), 2)
    assert not _out_of_time(0.4, 0.25, 0.5, sizes, range(0, 2), 1)


def test_growing_batches_give_one_report_whatever_the_processes() -> None:
    """Growing batches keep the seed's replay (#32): the same report from one process or two,
    and the margin's stop read after each batch in order."""
    data = _load("duel_organique.json")
    one = simulate_encounter(data, 3_000, seed=4, batch=100, largest=800, workers=1, margin=0.03)
    two = simulate_encounter(data, 3_000, seed=4, batch=100, largest=800, workers=2, margin=0.03)
    assert one.model_dump(exclude={"seconds"}) == two.model_dump(exclude={"seconds"})
    assert one.trials in {100, 200, 400, 800, 1_600, 2_400, 3_000}


def test_a_margin_stops_at_the_first_batch_that_reaches_it_whatever_the_processes() -> None:
    """The tracker's ±1 point (#32): batches run until the report's margin is the one asked,
    no further; the stop is read from the fights alone, so one worker or two give one report."""
    data = _load("duel_organique.json")
    one = simulate_encounter(data, 10_000, seed=4, batch=100, workers=1, margin=0.04)
    before = simulate_encounter(data, one.trials - 100, seed=4, batch=100, workers=1)
    assert one.margin <= 0.04 < before.margin
    assert one.trials < 10_000 and one.trials % 100 == 0
    two = simulate_encounter(data, 10_000, seed=4, batch=100, workers=2, margin=0.04)
    assert two.model_dump(exclude={"seconds"}) == one.model_dump(exclude={"seconds"})


def test_a_seed_gives_one_report_whatever_the_processes_and_the_tables() -> None:
    """`--seed S` replays: each batch draws from its own generator (seed, batch number), so
    the report is the same from a cold table, a warm one, and batches run in two worker
    processes."""
    from ecran.engine.fight.game_tables import TABLES
    from ecran.engine.fight.kept import FIGHTS
    from ecran.engine.fight.replays import forget_replays

    data = _random_four_against_four("organique", 6)
    FIGHTS.clear()
    TABLES.clear()
    cold = simulate_encounter(data, 400, seed=9, batch=100, workers=1)
    forget_replays()  # the fights run again on the warm tables, not replayed from their tallies
    warm = simulate_encounter(data, 400, seed=9, batch=100, workers=1)
    two = simulate_encounter(data, 400, seed=9, batch=100, workers=2)
    for other in (warm, two):
        assert other.model_dump(exclude={"seconds"}) == cold.model_dump(exclude={"seconds"})
    another = simulate_encounter(data, 400, seed=10, batch=100, workers=1)
    assert another.model_dump(exclude={"seconds"}) != cold.model_dump(exclude={"seconds"})


def test_sheets_that_fight_alike_share_one_state() -> None:
    """Artémis: wound marks past the last malus column (L688) fold into one fight state, so a
    long fight no longer runs out of states (it stopped on "too many different states")."""
    from ecran.engine.fight.states import FightStates
    from ecran.systems.artemis.sheet import ArtemisSheet

    data = _random_four_against_four("artemis", 30)
    fight = Fight(data)
    sheet = fight.books.sheets[fight.start[0]]
    assert isinstance(sheet, ArtemisSheet)

    def wounded(light: int) -> ArtemisSheet:
        marks = sheet.nifimo.blessure.model_copy(update={"light": light})
        return sheet.model_copy(
            update={"nifimo": sheet.nifimo.model_copy(update={"blessure": marks})}
        )

    books = FightStates(fight.system)
    past = 3 * sheet.nifimo_boxes + 1  # the first box of the last column (-4)
    one = books.state(wounded(past))
    assert books.state(wounded(past + 7)) == one
    assert books.state(wounded(past - 1)) != one
    report = simulate_encounter(data, 2_000, seed=4, workers=1)
    assert report.trials == 2_000


def test_encounters_of_one_game_share_their_tables() -> None:
    """After a blow the web simulates a new file (the wounded sheet in it): that sheet's state
    and every step learned from it are already in the game's tables."""
    data = _load("duel_organique.json")
    simulate_encounter(data, 200, seed=3, workers=1)
    fight = Fight(data)
    reached = next(i for i in range(len(fight.books.sheets)) if i not in fight.start)
    wounded = fight.books.sheets[reached].model_dump(mode="json")
    after = {
        **data,
        "participants": [{**data["participants"][0], "sheet": wounded}, *data["participants"][1:]],
    }
    again = Fight(after)
    assert again.tables is fight.tables
    assert again.start[0] == reached


def test_a_chosen_attack_past_the_offered_ones_is_refused() -> None:
    """The file's `attack` and a planned attack's choice name one of the attacks offered; one
    past them is refused (was: the last one, silently), and no one attacks themself."""
    from ecran.engine.fight.chances import planned_attack

    data = json.loads((Path(__file__).parent / "data" / "duel_warp.json").read_text("utf-8"))
    with pytest.raises(EcranError, match="Ana has 2 against Eve"):
        planned_attack(data, "Ana", "Eve", 5)
    with pytest.raises(EcranError, match="same participant"):
        planned_attack(data, "Eve", "Eve")
    data["participants"][0]["attack"] = 2
    with pytest.raises(EcranError, match=r"unknown attack no\. 2"):
        simulate_encounter(data, 5, 1)


def test_what_consequences_do_is_numbered_by_their_operations_and_values() -> None:
    """`GameTables.what_of` (#32: kept by the values, not their JSON): the same operation and
    values in another order are one operation; values JSON tells apart are two (True and 1,
    1 and 1.0), as they were by JSON alone."""
    tables = GameTables(get_system("fluid"))

    def what(**params: Any) -> int:
        return tables.what_of([Consequence("defender", "take_hit", params)])

    one = what(damage=3, survival_combine="max")
    assert what(survival_combine="max", damage=3) == one
    assert what(damage=4, survival_combine="max") != one
    assert len({what(damage=1), what(damage=True), what(damage=1.0)}) == 3
    assert len(tables.operation_list) == 5
