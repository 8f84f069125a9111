"""#31: Fluid's haemorrhage (L1501-1504): "La victime doit réussir un autre test au prochain round
avec un malus majoré de 1". The sheet keeps the next test's disadvantages
(`condition.haemorrhage_penalty`), the end of each round runs that test (`System.round_end`,
the `bleed` operation), another aggravated failure bleeds on with one more, any other result
replaces the haemorrhage (its own lasting effect, L1499-1529); a new wound's survival test does
not stop it; a medicine test does (L1503-1504); the encounter simulator follows it, so a
fighter left bleeding can die of it."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.simulation import simulate_encounter
from ecran.rules import Change, Consequence, NoParams
from ecran.systems.fluid import tracks
from ecran.systems.fluid.sheet import FluidSheet, Trait

SYSTEM = get_system("fluid")


def _survive(
    sheet: FluidSheet, penalty: int | None, outcome: str, operation: str = "survive"
) -> Change[FluidSheet]:
    op = SYSTEM.operation(operation)
    values = {} if penalty is None else {"penalty": penalty}
    for seed in range(2000):
        change: Change[FluidSheet] = op.run(sheet, op.params.model_validate(values), Roller(seed))
        if change.resolution is not None and change.resolution.outcome == outcome:
            return change
    raise AssertionError(f"no seed gives {outcome}")


def _bleeding(penalty: int = 2) -> FluidSheet:
    return _survive(SYSTEM.random_npc(Roller(4)), penalty, "haemorrhage").sheet


def test_a_haemorrhage_keeps_the_next_tests_disadvantages_L1501_1504() -> None:
    sheet = _bleeding(2)
    assert sheet.condition.haemorrhage and sheet.condition.haemorrhage_penalty == 3
    # « De plus, elle doit réussir un test de VOL ou tomber dans le coma » (L1504-1505) first
    assert SYSTEM.round_end(sheet) == [
        Consequence("defender", "will_or_coma", {}),
        Consequence("defender", "bleed", {}),
    ]
    assert SYSTEM.round_end(SYSTEM.random_npc(Roller(4))) == []


def test_the_retest_bleeds_on_with_one_more_or_ends_the_haemorrhage() -> None:
    sheet = _bleeding(2)
    again = _survive(sheet, None, "haemorrhage", "bleed")
    assert again.resolution is not None and again.resolution.details["next_penalty"] == 4
    assert again.sheet.condition.haemorrhage and again.sheet.condition.haemorrhage_penalty == 4
    held = _survive(sheet, None, "stands", "bleed").sheet
    assert not held.condition.haemorrhage and held.condition.haemorrhage_penalty == 0
    assert SYSTEM.round_end(held) == []
    # a new wound's test passed leaves the bleeding as it is
    other = _survive(sheet, 1, "stands").sheet
    assert other.condition.haemorrhage and other.condition.haemorrhage_penalty == 3


def test_the_simulator_lets_a_fighter_bleed_to_death() -> None:
    a = SYSTEM.random_npc(Roller(1))
    b = SYSTEM.random_npc(Roller(2))

    def fight(second: FluidSheet) -> dict[str, object]:
        return {
            "system": "fluid",
            "max_rounds": 3,
            "participants": [
                {"name": "A", "side": "a", "sheet": a.model_dump(mode="json")},
                {"name": "B", "side": "b", "sheet": second.model_dump(mode="json")},
            ],
        }

    bleeding = b.model_copy(
        update={
            "condition": b.condition.model_copy(
                update={"haemorrhage": True, "haemorrhage_penalty": 6}
            )
        }
    )
    with_it = simulate_encounter(fight(bleeding), 2000, seed=3)
    without = simulate_encounter(fight(b), 2000, seed=3)
    assert with_it.participants[1].dead > without.participants[1].dead + 0.05


def test_a_medicine_test_stops_the_haemorrhage_L1503_1504() -> None:
    sheet = _bleeding(2)
    arm = Trait(name="Bras", value=3, kind="negative", origin="wound")
    wounded = sheet.model_copy(update={"traits": [*sheet.traits, arm]})
    heal = SYSTEM.operation("medicine")
    values = heal.params.model_validate({"wound": "Bras", "points": 1})
    healed = heal.run(wounded, values, Roller(1)).sheet
    assert not healed.condition.haemorrhage and SYSTEM.round_end(healed) == []


def _staged_law(op_name: str, sheet: FluidSheet, params: object) -> dict[Hashable, Fraction]:
    op = SYSTEM.operation(op_name)
    staged = op.staged(sheet, params)
    assert staged is not None
    law = staged.law()
    found: dict[Hashable, Fraction] = {}
    for value, weight in zip(law.values, law.weights, strict=True):
        key = SYSTEM.fight_state(staged.settle(value).worn)
        found[key] = found.get(key, Fraction(0)) + Fraction(weight, law.denominator)
    return found


def test_the_vol_test_is_staged_as_its_law() -> None:
    """`will_or_coma`'s two stages (passed or not, then the change) are its law, on a sheet
    bleeding with a few disadvantages and with many; nothing for one not bleeding."""
    op = SYSTEM.operation("will_or_coma")
    params = NoParams()
    for penalty in (2, 40):
        sheet = _bleeding(penalty)
        exact: dict[Hashable, Fraction] = {}
        for after, p in op.law(sheet, params) or []:
            key = SYSTEM.fight_state(after)
            exact[key] = exact.get(key, Fraction(0)) + p
        assert len(exact) == 2
        assert _staged_law("will_or_coma", sheet, params) == exact
    calm = SYSTEM.random_npc(Roller(4))
    staged = op.staged(calm, params)
    assert staged is not None and staged.settle(0).sheet is calm


def test_the_retest_is_staged_as_its_law_with_the_hits_survival_key() -> None:
    """The simulator draws the retest in two stages (`bleed`'s `Operation.staged`): its
    outcomes, settled, are `bleed`'s law, on a sheet bleeding with a few disadvantages and
    with many; and its law's key is a wound's survival test's with the same CON and penalty
    (one law for both)."""
    op = SYSTEM.operation("bleed")
    params = NoParams()
    for penalty in (2, 40):
        sheet = _bleeding(penalty)
        assert sheet.condition.haemorrhage_penalty == penalty + 1
        exact: dict[Hashable, Fraction] = {}
        for after, p in op.law(sheet, params) or []:
            key = SYSTEM.fight_state(after)
            exact[key] = exact.get(key, Fraction(0)) + p
        assert len(exact) >= 3
        assert _staged_law("bleed", sheet, params) == exact
    sheet = _bleeding(2)
    staged = op.staged(sheet, params)
    assert staged is not None
    assert staged.key == ("survival", tracks.effective(sheet, "CON"), 3)  # take_hit's key
