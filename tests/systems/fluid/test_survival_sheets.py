"""A survival test's result on the sheet (L1501-1529): an outcome that changes nothing of the
condition (the bearer stands, or has its VOL test still to pass) leaves the sheet itself, a
value the simulator already knows the fight state of (#32); the others a changed copy, the
original untouched."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.fluid.operations.wounds import SURVIVAL_ORDER, _by_odds, _survived


def test_an_outcome_that_changes_nothing_leaves_the_sheet_itself() -> None:
    sheet = get_system("fluid").random_npc(Roller(2))
    before = sheet.condition
    for outcome in SURVIVAL_ORDER:
        changed = _survived(sheet, 3, _by_odds(5, 3, outcome)).sheet
        if outcome in ("stands", "will_test"):
            assert changed is sheet
        else:
            assert changed is not sheet and changed.condition != before
    assert sheet.condition is before and not before.dead and not before.coma_days
    assert _survived(sheet, 3, _by_odds(5, 3, "coma")).sheet.condition.coma_days == 3
