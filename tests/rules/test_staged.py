"""`Check.staged` and `Operation.staged` (#32): a check, or an operation, split in two for the
encounter simulator, a number its dice make drawn from a law keyed by what enters the dice,
then the rule's own settling of it. Held exactly to the one-piece laws they are made from:
a staged check's listed values, each shifted (`Staged.shift`) and settled over its own dice,
are its `result_law`'s listed results, and its tail has the law's tail weight; a staged
operation's values, each settled, are its `Operation.law`, compared as a fight reads sheets
(`System.fight_state`). A law keyed by `key` must be the same for every parameter set with
that key."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller, enumerate_outcomes
from ecran.engine import all_systems
from ecran.engine.fight.check_tables import result_key
from ecran.rules import Check, Operation
from support import law_cases

STAGED_CHECKS = [
    pytest.param(system, check, id=f"{system.id}.{check.name}")
    for system in all_systems().values()
    for check in system.checks
    if type(check).staged is not Check.staged
]
STAGED_OPS = [
    pytest.param(system, op, id=f"{system.id}.{op.name}")
    for system in all_systems().values()
    for op in system.operations
    if type(op).staged is not Operation.staged
]


def test_fluids_attack_and_hit_are_staged() -> None:
    assert {p.id for p in STAGED_CHECKS} >= {"fluid.attack"}
    assert {p.id for p in STAGED_OPS} >= {"fluid.take_hit"}


def _staged_results(check: Check[Any], params: Any) -> tuple[dict[str, Fraction], Fraction]:
    """The staged check's listed values, each settled over its own dice, by result key; and
    its tail's weight."""
    staged = check.staged(params)
    assert staged is not None
    law = staged.law()
    assert sum(law.weights) + law.tail == law.denominator
    found: dict[str, Fraction] = {}
    for value, weight in zip(law.values, law.weights, strict=True):
        settled = enumerate_outcomes(
            lambda dice, v=value: result_key(check.summary(staged.settle(v + staged.shift, dice)))
        )
        for key, q in settled.items():
            found[key] = found.get(key, Fraction(0)) + Fraction(weight, law.denominator) * q
    return found, Fraction(law.tail, law.denominator)


@pytest.mark.parametrize(("system", "check"), STAGED_CHECKS)
def test_a_staged_check_is_its_result_law(system: Any, check: Check[Any]) -> None:
    for values in law_cases(check):
        params = check.parse(values)
        law = check.result_law(params)
        assert law is not None
        listed: dict[str, Fraction] = {}
        for result, p in law.results:
            listed[result_key(result)] = listed.get(result_key(result), Fraction(0)) + p
        found, tail = _staged_results(check, params)
        assert found == listed, values
        assert tail == sum((t.weight for t in law.tails), Fraction(0)), values


@pytest.mark.parametrize(("system", "check"), STAGED_CHECKS)
def test_a_staged_checks_key_settles_its_law(system: Any, check: Check[Any]) -> None:
    """Parameter sets that share a key share the law (the simulator keeps one per key); the
    test can fail: two examples with other dice have other keys and other laws."""
    laws: dict[Hashable, Any] = {}
    for values in law_cases(check):
        for extra in ({}, {"opponent_res": 1, "opponent_wounds": 7}, {"weapon": 3}):
            staged = check.staged(check.parse({**values, **extra}))
            assert staged is not None
            law = staged.law()
            known = laws.setdefault(staged.key, law)
            assert (known.values, known.weights, known.tail) == (
                law.values,
                law.weights,
                law.tail,
            )
    assert len(laws) > 1


def _settled(check: Check[Any], staged: Any, value: int) -> dict[str, Fraction]:
    """A number settled over its own dice, by result key."""
    found = enumerate_outcomes(lambda dice: result_key(check.summary(staged.settle(value, dice))))
    return dict(found.items())


#: Parameters that enter only the dice or the scores' fixed part (the first four), or what
#: the settling reads (the last three): `Staged.settles` must tell the second apart.
SETTLES_EXTRAS = (
    {"characteristic": 8},
    {"opponent_characteristic": 2},
    {"advantage_dice": 2},
    {"opponent_disadvantage_dice": 1},
    {"opponent_res": 1},
    {"opponent_wounds": 7},
    {"weapon": 3},
)


@pytest.mark.parametrize(("system", "check"), STAGED_CHECKS)
def test_parameter_sets_that_settle_alike_settle_every_number_alike(
    system: Any, check: Check[Any]
) -> None:
    """`Staged.settles` (the simulator keeps what a number does per `settles`): parameter
    sets with the same settle every number alike, over their own dice. The test can fail:
    some parameters change the settling and must change `settles`."""
    alike = apart = 0
    for values in law_cases(check):
        base = check.staged(check.parse(values))
        assert base is not None
        if base.settles is None:
            continue
        for extra in SETTLES_EXTRAS:
            other = check.staged(check.parse({**values, **extra}))
            assert other is not None
            if other.settles != base.settles:
                apart += 1
                continue
            alike += 1
            for value in range(-25, 26):
                assert _settled(check, base, value) == _settled(check, other, value), extra
    assert alike and apart


def _sheets(system: Any, op: Any) -> list[Any]:
    fresh = [system.random_npc(Roller(seed)) for seed in (1, 2, 3)]
    first = op.params.model_validate(op.law_examples[0])
    return [*fresh, *(op.run(s, first, Roller(7)).sheet for s in fresh)]


@pytest.mark.parametrize(("system", "op"), STAGED_OPS)
def test_a_staged_operation_is_its_law(system: Any, op: Any) -> None:
    for example in op.law_examples:
        params = op.params.model_validate(example)
        for sheet in _sheets(system, op):
            staged = op.staged(sheet, params)
            assert staged is not None
            law = staged.law()
            assert not law.tail and sum(law.weights) == law.denominator
            found: dict[Hashable, Fraction] = {}
            for value, weight in zip(law.values, law.weights, strict=True):
                key = system.fight_state(staged.settle(value).sheet)
                found[key] = found.get(key, Fraction(0)) + Fraction(weight, law.denominator)
            exact: dict[Hashable, Fraction] = {}
            written = op.law(sheet, params)
            assert written is not None
            for after, p in written:
                key = system.fight_state(after)
                exact[key] = exact.get(key, Fraction(0)) + p
            assert found == exact, example


def _wounded_alike(system: Any) -> list[tuple[Any, Any]]:
    """(sheet, take_hit parameters) pairs, some leaving the same wounded sheet by other ways:
    one NPC's RES full or spent, struck by as much more than its RES."""
    from ecran.systems.fluid import tracks

    op = system.operation("take_hit")
    found = []
    for seed in (1, 2, 4):
        npc = system.random_npc(Roller(seed))
        full = tracks.current(npc, "RES")
        for res in (full, max(0, full - 2), max(0, full - 5)):
            sheet = npc.model_copy(update={"res": res})
            for past in (4, 12, 25):
                found.append((sheet, op.params.model_validate({"damage": res + past})))
    return found


def test_stages_that_read_alike_settle_every_value_alike() -> None:
    """`StagedChange.reads` (the simulator shares what a value reaches between the states
    whose stages read alike): Fluid's survival test after a wound settles every value to
    the same fight state for sheets wounded alike by other ways. The test can fail: a
    wound's survival test reads its sheet (stages of other sheets read apart)."""
    from ecran.engine import get_system

    system = get_system("fluid")
    op = system.operation("take_hit")
    by_reads: dict[Hashable, dict[int, Hashable]] = {}
    alike = 0
    for sheet, params in _wounded_alike(system):
        staged = op.staged(sheet, params)
        assert staged is not None
        if staged.reads is None:
            continue
        settled = {v: system.fight_state(staged.settle(v).worn) for v in staged.law().values}
        first = by_reads.setdefault(repr((staged.key, staged.reads)), settled)
        assert settled == first
        alike += first is not settled
    assert alike >= 3 and len(by_reads) > 3


def _chi_square_p(observed: dict[int, int], law: Any) -> float:
    """The goodness of fit of rolled values to a law (Wilson-Hilferty's approximation)."""
    import math

    n = sum(observed.values())
    expected = {v: n * w / law.denominator for v, w in zip(law.values, law.weights, strict=True)}
    assert set(observed) <= set(expected)
    stat = sum((observed.get(v, 0) - e) ** 2 / e for v, e in expected.items())
    dof = max(1, len(expected) - 1)
    z = ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _bleeding(system: Any) -> list[Any]:
    """Fluid NPCs bleeding (a haemorrhage's retest to roll), none for another game."""
    if system.id != "fluid":
        return []
    found = []
    for seed, penalty in ((1, 2), (2, 5)):
        npc = system.random_npc(Roller(seed))
        flags = {"haemorrhage": True, "haemorrhage_penalty": penalty}
        found.append(npc.model_copy(update={"condition": npc.condition.model_copy(update=flags)}))
    return found


@pytest.mark.parametrize(("system", "op"), STAGED_OPS)
def test_a_staged_roll_is_the_operations_own_dice(system: Any, op: Any) -> None:
    """`StagedChange.roll`: the value rolled on the dice the operation itself rolls (the
    same Roller seed, the same sheet reached), and its law the stages' law."""
    rolled = 0
    for example in op.law_examples:
        params = op.params.model_validate(example)
        for sheet in [*_sheets(system, op), *_bleeding(system)]:
            staged = op.staged(sheet, params)
            assert staged is not None
            if staged.roll is None:
                continue
            for seed in range(40):
                by_roll = staged.settle(staged.roll(Roller(seed))).sheet
                by_run = op.run(sheet, params, Roller(seed)).sheet
                assert system.fight_state(by_roll) == system.fight_state(by_run), seed
            dice = Roller(3)
            counts: dict[int, int] = {}
            for _ in range(4_000):
                value = staged.roll(dice)
                counts[value] = counts.get(value, 0) + 1
            assert _chi_square_p(counts, staged.law()) > 1e-4, (example, counts)
            rolled += 1
    if op.name in ("take_hit", "bleed"):
        assert rolled
