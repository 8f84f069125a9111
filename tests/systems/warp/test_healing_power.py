"""The special power Guérison applied to a sheet: the roll is the HP regained, doubled before the
patient's recovery (L5392-5420)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.warp.sheet import WarpSheet
from ecran.testing import ScriptedDice

WARP = get_system("warp")
HEAL = WARP.operation("healing_power")


def _run(sheet: WarpSheet, source: Any = None, **values: Any) -> Any:
    return HEAL.run(sheet, HEAL.params.model_validate(values), source or Roller(1))


def _hurt(damage: int, max_hp: int = 22) -> WarpSheet:
    op = WARP.operation("take_damage")
    params = op.params.model_validate({"damage": damage})
    change = op.run(WarpSheet(name="Léa", max_hp=max_hp), params, Roller(1))
    assert isinstance(change.sheet, WarpSheet)
    return change.sheet


def test_the_roll_is_the_hp_regained_doubled_before_recovery_l5400_5412() -> None:
    """22 HP, 12 damage, no recovery yet: a roll of 4 (dice 1 and 3) heals 8 (L5406-5412)."""
    change = _run(_hurt(12), ScriptedDice([1, 3]), dice=2)
    assert change.sheet.hp() == 18 and change.resolution.total == 8
    assert change.resolution.details["doubled"] is True
    assert "doublé" in change.summary.fr


def test_after_the_recovery_the_roll_is_not_doubled_l5406_5412_l3462_3591() -> None:
    op = WARP.operation("recover")
    recovered = op.run(_hurt(12), op.params.model_validate({}), Roller(1)).sheet
    assert recovered.hp() == 16  # half of 12 back (L3462-3591)
    change = _run(recovered, healer_roll=4)
    assert change.sheet.hp() == 20 and change.resolution.details["doubled"] is False


def test_the_gm_may_say_whether_the_patient_recovered() -> None:
    assert _run(_hurt(12), healer_roll=4, before_recovery=False).sheet.hp() == 14


def test_healing_stops_at_the_maximum_and_heals_lasting_damage_first() -> None:
    sheet = _hurt(3).model_copy(update={"temporary_damage": 5})
    change = _run(sheet, healer_roll=3)  # 6 points: 3 lasting, then 3 temporary
    assert (change.sheet.damage, change.sheet.temporary_damage) == (0, 2)
    assert _run(_hurt(2), healer_roll=10).sheet.hp() == 22


def test_a_pushed_power_rolls_twice_the_dice_and_keeps_the_best_half_l5129_5147() -> None:
    change = _run(_hurt(20), ScriptedDice([1, 6, 2, 5]), dice=2, pushed=True)
    assert change.resolution.details["kept"] == [6, 5]
    assert change.resolution.details["roll"] == 11


def test_healing_from_the_command_line(cli: Callable[..., Any], tmp_path: Path) -> None:
    sheet = tmp_path / "lea.json"
    sheet.write_text(_hurt(12).model_dump_json(), encoding="utf-8")
    done = cli("op", "warp", "healing_power", str(sheet), "--healer-roll", "4", "--json")
    assert done.code == 0, done.err
    report = done.json()
    assert report["sheet"]["damage"] == 4 and report["total"] == 8
    assert "regagne 8 PV" in report["summary"]["fr"]
