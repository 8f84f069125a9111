"""Rolls that are not skill tests: the quick NPC score and the mental-imbalance crisis."""

from __future__ import annotations

from typing import ClassVar

from ecran.dice import DiceSource
from ecran.rules import Check, Outcome, Params, Resolution, Text, tr
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks import labels
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, seed, site


class NoParams(Params):
    pass


def npc_score(dice: DiceSource) -> tuple[int, list[int]]:
    """Two dice, keep the lower, add 2 (L94-96)."""
    rule = tables.core().npc_random
    faces = [dice.d(6) for _ in range(rule.dice)]
    return min(faces) + rule.add, faces


class NpcScore(Check[NoParams]):
    name = "npc_score"
    title = tr("Score de PNJ au hasard", "Random NPC score")
    description = tr(
        "Si l'on n'a aucune idée du niveau d'un PNJ : deux dés, on garde le plus petit, plus 2. "
        "7 ne correspond à aucun niveau nommé.",
        "When an NPC's level is anyone's guess: two dice, keep the lower, add 2. 7 matches no "
        "named level.",
    )
    params = NoParams
    outcomes = tuple(Outcome(f"score_{s}", tr(f"score {s}", f"score {s}")) for s in range(3, 9))
    sources = (seed(77, 96),)
    example = {}
    detail_labels: ClassVar[dict[str, Text]] = labels.NPC_SCORE

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


class MentalCrisis(Check[CrisisParams]):
    name = "mental_crisis"
    title = tr("Crise de déséquilibre mental", "Mental imbalance crisis")
    description = tr(
        "Règle optionnelle : tant que l'équilibre mental est négatif, le MJ lance 1D100 par jour "
        "de scénario ; au plus le pourcentage de la table, une ou plusieurs crises ce jour-là.",
        "Optional rule: while mental balance is negative the GM rolls 1D100 per scenario day; at "
        "most the table's percentage, one or more crises happen that day.",
    )
    params = CrisisParams
    outcomes = (
        Outcome("crisis", tr("crise", "crisis")),
        Outcome("no_crisis", tr("pas de crise", "no crisis")),
    )
    sources = (seed(396, 399), site(335, 355, "0110020301"))
    example = {"balance": -3}
    detail_labels: ClassVar[dict[str, Text]] = labels.CRISIS

    def resolve(self, params: CrisisParams, dice: DiceSource) -> Resolution:
        if not params.mental_crisis:
            return Resolution("no_crisis", details={"rule": "off"})
        percent = crisis_percent(params.balance)
        roll = dice.d(100)
        outcome = "crisis" if roll <= percent else "no_crisis"
        return Resolution(outcome, total=roll, details={"threshold": percent})
