"""An operation declared as a plain function: its id, its title from data, its parameter model
from the annotation, its sources beside the rule; it runs like any Operation."""

from __future__ import annotations

from typing import Literal

import pytest

from ecran.dice import DiceSource
from ecran.rules import (
    Change,
    CharacterSheet,
    Operation,
    OperationDeclarer,
    Params,
    cite,
    param,
    tr,
)
from ecran.testing import ScriptedDice

operation = OperationDeclarer({"wound": tr("Blesser", "Wound")})


class Sheet(CharacterSheet):
    system: Literal["t"] = "t"
    wounds: int = 0


class WoundParams(Params):
    extra: int = param(tr("En plus", "Extra"), default=0, ge=0, le=3)


@operation("wound", cite("t.txt", 4, 5))
def wound(sheet: Sheet, params: WoundParams, dice: DiceSource) -> Change[Sheet]:
    """A wound is 1d3 boxes, plus the extra (L4-5)."""
    boxes = dice.d(3) + params.extra
    return Change(sheet.model_copy(update={"wounds": sheet.wounds + boxes}), tr("blessé", "hurt"))


def test_declared_function_is_an_operation() -> None:
    assert isinstance(wound, Operation)
    assert (wound.name, wound.title("fr"), wound.params) == ("wound", "Blesser", WoundParams)
    assert [str(s) for s in wound.sources] == ["t.txt L4-5"]
    assert "1d3 boxes" in (type(wound).__doc__ or "")


def test_declared_function_applies_its_rule() -> None:
    change = wound.run(Sheet(name="Zoé"), WoundParams(extra=1), ScriptedDice(2))
    assert change.sheet.wounds == 3


def test_a_title_missing_from_data_fails_at_import() -> None:
    with pytest.raises(KeyError):
        operation("unknown")


def test_a_rule_that_rolls_nothing_takes_no_dice() -> None:
    """A rule of two arguments (sheet, parameters) is declared as well; the dice an operation
    is run with never reach it (a rule that asked one would find no script left)."""
    heal = OperationDeclarer({"heal": tr("Soigner", "Heal")})

    @heal("heal", cite("t.txt", 6))
    def healed(sheet: Sheet, params: WoundParams) -> Change[Sheet]:
        return Change(sheet.model_copy(update={"wounds": 0}), tr("soigné", "healed"))

    assert healed.params is WoundParams
    change = healed.run(Sheet(name="Zoé", wounds=3), WoundParams(), ScriptedDice())
    assert change.sheet.wounds == 0
