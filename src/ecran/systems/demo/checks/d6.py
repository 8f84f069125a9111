"""One d6 against a target number."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution
from ecran.systems.demo.checks.base import DemoCheck
from ecran.systems.demo.dice import against
from ecran.systems.demo.tables import FIELDS, SOURCE


class D6Params(Params):
    target: int = FIELDS("target", default=4, ge=1, le=6)


class D6(DemoCheck[D6Params]):
    sources = (SOURCE,)
    example = {"target": 4}

    def resolve(self, params: D6Params, dice: DiceSource) -> Resolution:
        die, reached = against(params.target, dice)
        details: dict[str, Any] = {"die": die, "margin": die - params.target}
        return Resolution("success" if reached else "failure", total=die, details=details)
