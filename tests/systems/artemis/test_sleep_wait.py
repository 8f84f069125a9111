"""Issue #31, item 4: "Si un personnage se réveille après avoir dormi 6 heures ou plus il devra
attendre 3 heures pour pouvoir dormir à nouveau" (L339-341): the wait is kept on the sheet and
a sleep inside it refused."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import EcranError

SYSTEM = get_system("artemis")


def _sleep(sheet: Any, **values: Any) -> Any:
    op = SYSTEM.operation("sleep")
    return op.apply(sheet, op.params.model_validate(values), Roller(1)).sheet


def _tired(serious: int) -> Any:
    s = SYSTEM.new_character("Dormeur")
    fatigue = s.nifimo.fatigue.model_copy(update={"serious": serious})
    return s.model_copy(update={"nifimo": s.nifimo.model_copy(update={"fatigue": fatigue})})


def test_six_hours_of_sleep_keep_a_three_hour_wait_L339_341() -> None:
    slept = _sleep(_tired(6), duration=6)
    assert slept.nifimo.fatigue.serious == 2  # 6 h → 4 serious fatigues (L336)
    assert slept.nifimo.sleep_wait == 3
    with pytest.raises(EcranError, match="L339-341"):
        _sleep(slept, duration=2)
    with pytest.raises(EcranError):
        _sleep(slept, duration=2, awake_hours=2)
    again = _sleep(slept, duration=2, awake_hours=3)
    assert again.nifimo.fatigue.serious == 1 and again.nifimo.sleep_wait == 0


def test_a_short_sleep_keeps_no_wait_L339_341() -> None:
    napped = _sleep(_tired(3), duration=4)
    assert napped.nifimo.sleep_wait == 0
    assert _sleep(napped, duration=2).nifimo.fatigue.serious == 0


def test_the_refusal_through_the_command_line_L339_341(cli: Any, tmp_path: Any) -> None:
    path = tmp_path / "a.json"
    path.write_text(_tired(6).model_dump_json())
    first = cli("op", "artemis", "sleep", str(path), "--duration", "6", "-o", str(path))
    assert first.code == 0, first.err
    second = cli("op", "artemis", "sleep", str(path), "--duration", "2")
    assert second.code == 2 and "L339-341" in second.err
