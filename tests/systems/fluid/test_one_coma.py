"""#30 item 5: a haemorrhage's VOL test and its survival test both failed make one coma
(L1497-1510). « Ce malus est également utilisé pour tous les tests à réussir ci-dessous »
(L1497-1498); « De plus, elle doit réussir un test de VOL ou tomber dans le coma » (L1504-1505);
« Échec : coma. Le joueur ne s'éveille qu'après un nombre de jours égal au Désavantage du
test » (L1509-1510). Our reading: one victim, one coma; two failed tests that each send it
into a coma leave it asleep until the later waking, the most days, shown once."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import tracker
from ecran.play.encounter.conditions import put_on
from ecran.play.payloads import ConditionPut
from ecran.rules import Change, NoParams
from ecran.systems.fluid.sheet import FluidSheet

FLUID = get_system("fluid")


def _failed(sheet: FluidSheet, operation: str, outcome: str) -> Change[FluidSheet]:
    op = FLUID.operation(operation)
    for seed in range(3000):
        change: Change[FluidSheet] = op.run(sheet, NoParams(), Roller(seed))
        if change.resolution is not None and change.resolution.outcome == outcome:
            return change
    raise AssertionError(f"no seed gives {outcome}")


def _bleeding(penalty: int = 3) -> FluidSheet:
    sheet = FLUID.random_npc(Roller(3))
    cond = sheet.condition.model_copy(update={"haemorrhage": True, "haemorrhage_penalty": penalty})
    return sheet.model_copy(update={"condition": cond})


def test_the_vol_test_then_the_survival_test_failed_make_one_coma_L1497_1510() -> None:
    will = _failed(_bleeding(3), "will_or_coma", "coma")
    assert will.sheet.condition.coma_days == 2
    (first,) = will.conditions
    assert first.label.fr == "coma (2 j)" and first.replaces is None
    bleed = _failed(will.sheet, "bleed", "coma")
    # the survival test's coma (3 disadvantages) outlasts the VOL test's (2): 3 days, once
    assert bleed.sheet.condition.coma_days == 3
    (second,) = bleed.conditions
    assert second.label.fr == "coma (3 j)" and second.replaces == "coma (2 j)"


def test_a_longer_coma_already_there_is_kept() -> None:
    sheet = _bleeding(2)
    cond = sheet.condition.model_copy(update={"coma_days": 5})
    bleed = _failed(sheet.model_copy(update={"condition": cond}), "bleed", "coma")
    assert bleed.sheet.condition.coma_days == 5
    (put,) = bleed.conditions
    assert put.label.fr == "coma (5 j)" and put.replaces == "coma (5 j)"


def test_the_tracker_shows_one_coma() -> None:
    """Both tests' conditions put on one after the other (the round's end): one coma, the
    later one's label."""
    will = _failed(_bleeding(3), "will_or_coma", "coma")
    bleed = _failed(will.sheet, "bleed", "coma")
    ana = tracker.Participant(id="p1", name="Ana")
    enc = tracker.add(tracker.Encounter(id="e1", name="Rixe"), ana)
    for change in (will, bleed):
        enc = put_on(enc, "p1", [ConditionPut.of(c) for c in change.conditions])
    assert [c.name for c in enc.participants["p1"].conditions] == ["coma (3 j)"]
