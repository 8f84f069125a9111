"""A throw-away system whose check has every kind of parameter the web form must handle.

The real systems arrive on their own schedule; the web layer must not assume demo's single int.
Registered only for the duration of a test (see `conftest.py`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import Field

from ecran.dice import DiceSource, Roller
from ecran.rules import (
    CharacterSheet,
    Check,
    Option,
    Outcome,
    Params,
    Resolution,
    RuleViolation,
    System,
    cite,
    param,
    tr,
)

SOURCE = cite("webtest", 1, 2, note="test fixture")

HOUSE = Option(
    name="lucky",
    default=False,
    label=tr("Chanceux", "Lucky"),
    help=tr("Relance un 1 une fois", "Reroll a 1 once"),
    source=cite("webtest", 7, 9),
    kind="house_rule",
)


class Mode(StrEnum):
    plain = "plain"
    grim = "grim"


class MixedParams(Params):
    skill: int = param(tr("Compétence", "Skill"), ge=0, le=6)  # required: no default
    bonus: bool = param(tr("Bonus", "Bonus"), default=True)
    cap: int | None = param(tr("Plafond", "Cap"), default=None, ge=1, le=12)
    stance: Literal["careful", "bold"] = param(tr("Posture", "Stance"), default="careful")
    mode: Mode = param(tr("Mode", "Mode"), default=Mode.plain)
    lucky: bool = HOUSE.field()


class Mixed(Check[MixedParams]):
    """skill + d6 (+1 with bonus, +1 if bold, −1 if grim), capped; a lucky 1 is rerolled once;
    success on 7 or more, triumph on 10 or more."""

    name = "mixed"
    title = tr("Test mixte", "Mixed check")
    description = tr("Compétence + 1d6 contre 7.", "Skill + 1d6 against 7.")
    params = MixedParams
    outcomes = (
        Outcome("failure", tr("échec", "failure")),
        Outcome("success", tr("réussite", "success")),
        Outcome("triumph", tr("triomphe", "triumph"), help=tr("10 ou plus", "10 or more")),
    )
    sources = (SOURCE,)
    example: dict[str, Any] = {"skill": 3, "bonus": False, "stance": "bold"}

    def resolve(self, params: MixedParams, dice: DiceSource) -> Resolution:
        die = dice.d(6)
        if die == 1 and params.lucky:
            die = dice.d(6)
        total = params.skill + die + int(params.bonus) + (params.stance == "bold")
        total -= params.mode is Mode.grim
        if params.cap is not None:
            total = min(total, params.cap)
        outcome = "triumph" if total >= 10 else "success" if total >= 7 else "failure"
        return Resolution(outcome, total=total, details={"die": die, "flags": [params.stance]})


class FakeSheet(CharacterSheet):
    system: Literal["webtest"] = "webtest"
    strength: int = Field(default=2, ge=0, le=9)


class Webtest(System[Any]):
    id = "webtest"
    name = tr("Système d'essai", "Test system")
    seed = "webtest"
    checks = (Mixed(),)
    options = (HOUSE,)
    character = FakeSheet

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        assert isinstance(sheet, FakeSheet)
        if sheet.strength > 5:
            return [
                RuleViolation(
                    rule="strength-max",
                    source=cite("webtest", 3),
                    message=tr("force au plus 5", "strength at most 5"),
                    path="strength",
                )
            ]
        return []

    def random_npc(self, roller: Roller, **choices: Any) -> CharacterSheet:
        return FakeSheet(name=f"PNJ {roller.d(100)}", kind="npc", strength=roller.d(6) - 1)


SYSTEM = Webtest()
