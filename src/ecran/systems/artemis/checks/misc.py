"""Rolls that are not skill tests: the quick NPC score and the mental-imbalance crisis."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import NoParams, Params, Resolution
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks.base import ArtemisCheck
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, seed, site


def npc_score(dice: DiceSource) -> tuple[int, list[int]]:
    """Two dice, keep the lower, add 2 (L94-96)."""
    rule = tables.core().npc_random
    faces = [dice.d(6) for _ in range(rule.dice)]
    return min(faces) + rule.add, faces


class NpcScore(ArtemisCheck[NoParams]):
    sources = (seed(77, 96),)
    example = {}

    def resolve(self, params: NoParams, dice: DiceSource) -> Resolution:
        score, faces = npc_score(dice)
        return Resolution(f"score_{score}", total=score, details={"dice": faces})


class CrisisParams(Params):
    balance: int = FIELDS("balance", default=-1, ge=-100, le=-1)
    mental_crisis: bool = OPTIONS["mental_crisis"].field()


def crisis_percent(balance: int) -> int:
    rows = tables.advancement().crisis
    if balance >= 0:
        return 0
    return next((r.percent for r in rows if r.balance == balance), rows[-1].percent)


class MentalCrisis(ArtemisCheck[CrisisParams]):
    sources = (seed(396, 399), site(335, 355, "0110020301"))
    example = {"balance": -3}

    def resolve(self, params: CrisisParams, dice: DiceSource) -> Resolution:
        if not params.mental_crisis:
            return Resolution("no_crisis", details={"rule": "off"})
        percent = crisis_percent(params.balance)
        roll = dice.d(100)
        outcome = "crisis" if roll <= percent else "no_crisis"
        return Resolution(outcome, total=roll, details={"threshold": percent})
