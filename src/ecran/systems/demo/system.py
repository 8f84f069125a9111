"""The demo system: one d6 against a target number. Every real system follows this shape."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Check, Outcome, Params, Resolution, System, cite, param, tr

SOURCE = cite("demo", 1, 1, note="built-in demonstration, not a game")


class D6Params(Params):
    target: int = param(
        tr("Seuil", "Target"),
        tr("Réussite si le dé fait au moins ce nombre", "Success if the die shows at least this"),
        default=4,
        ge=1,
        le=6,
    )


class D6(Check[D6Params]):
    name = "d6"
    title = tr("Un d6 contre un seuil", "One d6 against a target")
    description = tr("Lancez 1d6 : réussite s'il atteint le seuil.", "Roll 1d6: success on target.")
    params = D6Params
    outcomes = (
        Outcome("failure", tr("échec", "failure")),
        Outcome("success", tr("réussite", "success")),
    )
    sources = (SOURCE,)
    example = {"target": 4}
    detail_labels = {"die": tr("dé", "die"), "margin": tr("marge", "margin")}

    def resolve(self, params: D6Params, dice: DiceSource) -> Resolution:
        die = dice.d(6)
        outcome = "success" if die >= params.target else "failure"
        details: dict[str, Any] = {"die": die, "margin": die - params.target}
        return Resolution(outcome, total=die, details=details)


class Demo(System[Any]):
    id = "demo"
    name = tr("Démonstration", "Demonstration")
    seed = "demo"
    checks = (D6(),)


SYSTEM = Demo()
