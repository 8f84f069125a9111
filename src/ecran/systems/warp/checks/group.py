"""Rolls that are not a trait against a number: group rolls, the hand of fate, a flaw's trigger."""

from __future__ import annotations

from functools import reduce
from typing import Literal

from pydantic import field_validator

from ecran.dice import DiceSource, Distribution, keep_highest
from ecran.rules import Check, Outcome, Params, Resolution, param, tr
from ecran.systems.warp.checks.core import _against
from ecran.systems.warp.checks.fields import MAX_DICE, difficulty_field
from ecran.systems.warp.common import D6, src

Method = Literal["additive", "combined", "either_or", "worst"]


class GroupParams(Params):
    participants: str = param(
        tr("Dés des participants", "Participants' dice"),
        tr("Scores séparés par des virgules, ex. « 4,2 »", "Comma-separated scores, e.g. '4,2'"),
    )
    method: Method = param(
        tr("Méthode", "Method"),
        tr(
            "additive (tous les dés additionnés), combined (garder les K meilleurs, K = meilleur "
            "participant), either_or (un seul au hasard compte), worst (le pire total)",
            "additive (all dice summed), combined (keep the best K, K = best participant), "
            "either_or (one at random counts), worst (the lowest total)",
        ),
        default="combined",
    )
    difficulty: int = difficulty_field()

    @field_validator("participants")
    @classmethod
    def _participants(cls, value: str) -> str:
        scores = [p.strip() for p in value.split(",") if p.strip()]
        if not scores or not all(s.isdigit() and 1 <= int(s) <= MAX_DICE for s in scores):
            raise ValueError(f"« {value} » : entiers 1..{MAX_DICE} séparés par des virgules")
        if sum(int(s) for s in scores) > 60:
            raise ValueError("60 dés au plus / at most 60 dice")
        return ",".join(scores)

    def scores(self) -> list[int]:
        return [int(s) for s in self.participants.split(",")]


class GroupRoll(Check[GroupParams]):
    """The four cooperation methods (L1991-2222)."""

    name = "group"
    title = tr("Jet de groupe", "Group roll")
    description = tr(
        "Coopération : additive, dés combinés, soit/soit ou pire jet, contre une difficulté.",
        "Cooperation: additive, combined dice, either/or or worst roll, against a difficulty.",
    )
    params = GroupParams
    outcomes = (
        Outcome("failure", tr("échec", "failure")),
        Outcome("tie", tr("résultat nul", "tie")),
        Outcome("success", tr("réussite", "success")),
    )
    sources = (src(1991, 2222),)
    example = {"participants": "4,2", "method": "combined", "difficulty": 14}

    def resolve(self, params: GroupParams, dice: DiceSource) -> Resolution:
        scores = params.scores()
        rolls = [[dice.d(6) for _ in range(n)] for n in scores]
        details: dict[str, object] = {"rolls": rolls}
        if params.method == "additive":
            total = sum(map(sum, rolls))
        elif params.method == "combined":
            every = sorted((d for r in rolls for d in r), reverse=True)
            total = sum(every[: max(scores)])
        elif params.method == "either_or":
            chosen = dice.d(len(scores)) - 1 if len(scores) > 1 else 0
            details["chosen"] = chosen
            total = sum(rolls[chosen])
        else:
            total = min(map(sum, rolls))
        return Resolution(_against(total, params.difficulty), total, details)

    def distribution(self, params: GroupParams) -> Distribution[str]:
        scores, d = params.scores(), params.difficulty
        if params.method == "additive":
            totals = D6.repeat(sum(scores))
        elif params.method == "combined":
            totals = keep_highest(D6, sum(scores), max(scores))
        elif params.method == "either_or":
            pick = Distribution.faces(range(len(scores)))
            totals = pick.bind(lambda i: D6.repeat(scores[i]))
        else:
            sums = [D6.repeat(n) for n in scores]
            totals = reduce(lambda a, b: a.combine(b, min), sums)
        return totals.map(lambda t: _against(t, d))


class HandParams(Params):
    bad_up_to: int = param(
        tr("Mauvais jusqu'à", "Bad up to"),
        tr(
            "Valeur fixée par le MJ : bas = mauvais pour les PJ (L1748-1775)",
            "GM input: low = bad for the PCs (L1748-1775)",
        ),
        ge=2,
        le=12,
    )
    good_from: int = param(
        tr("Bon à partir de", "Good from"),
        tr("Valeur fixée par le MJ : haut = bon pour les PJ", "GM input: high = good for the PCs"),
        ge=2,
        le=12,
    )


class HandOfFate(Check[HandParams]):
    name = "hand_of_fate"
    title = tr("La main du destin", "Hand of fate")
    description = tr(
        "Aucun trait ne s'applique à un péril incertain : 2d6, haut = bon pour les PJ, vers 7 = "
        "médiocre, bas = mauvais. Les seuils sont ceux du MJ.",
        "No trait applies to an uncertain peril: 2d6, high = good for the PCs, about 7 = "
        "mediocre, low = bad. The GM sets the bands.",
    )
    params = HandParams
    outcomes = (
        Outcome("bad", tr("mauvais", "bad")),
        Outcome("mediocre", tr("médiocre", "mediocre")),
        Outcome("good", tr("bon", "good")),
    )
    sources = (src(1748, 1775),)
    example = {"bad_up_to": 5, "good_from": 9}

    def resolve(self, params: HandParams, dice: DiceSource) -> Resolution:
        roll = [dice.d(6), dice.d(6)]
        return Resolution(self._band(params, sum(roll)), sum(roll), {"dice": roll})

    @staticmethod
    def _band(params: HandParams, total: int) -> str:
        if total <= params.bad_up_to:
            return "bad"
        return "good" if total >= max(params.good_from, params.bad_up_to + 1) else "mediocre"


class FlawParams(Params):
    trigger_face: int = param(
        tr("Face déclenchante", "Trigger face"),
        tr(
            "« Une chance sur 6 » : la face n'est pas dite (lecture §9.20)",
            "'1 chance in 6': the face is not given (reading §9.20)",
        ),
        default=1,
        ge=1,
        le=6,
    )


class FlawTrigger(Check[FlawParams]):
    name = "flaw"
    title = tr("Défaut : une chance sur six", "Flaw: one chance in six")
    description = tr(
        "Un défaut comme « enclin à la violence » : frustré, une chance sur 6 de rage.",
        "A flaw such as 'prone to violence': when frustrated, one chance in 6 of rage.",
    )
    params = FlawParams
    outcomes = (
        Outcome("triggered", tr("déclenché", "triggered")),
        Outcome("calm", tr("maîtrisé", "held in check")),
    )
    sources = (src(604, 653),)
    example = {"trigger_face": 1}

    def resolve(self, params: FlawParams, dice: DiceSource) -> Resolution:
        die = dice.d(6)
        return Resolution("triggered" if die == params.trigger_face else "calm", die, {"die": die})


def _scores(value: str) -> str:
    scores = [p.strip() for p in value.split(",") if p.strip()]
    if not scores or not all(s.isdigit() and 1 <= int(s) <= MAX_DICE for s in scores):
        raise ValueError(f"« {value} » : entiers 1..{MAX_DICE} séparés par des virgules")
    if sum(int(s) for s in scores) > 200:
        raise ValueError("200 dés au plus par camp / at most 200 dice a side")
    return ",".join(scores)


class AbbreviatedParams(Params):
    pc_rolls: str = param(
        tr("Jets des PJ (dés)", "PCs' rolls (dice)"),
        tr(
            "Les dés de chaque jet des joueurs, séparés par des virgules ; le MJ dit lesquels",
            "The dice of each of the players' rolls, comma-separated; the GM says which",
        ),
    )
    npc_rolls: str = param(
        tr("Jets des PNJ (dés)", "NPCs' rolls (dice)"),
        tr("Les dés de chaque jet de combat des PNJ", "The dice of each NPC combat roll"),
    )

    _pc = field_validator("pc_rolls")(lambda cls, v: _scores(v))
    _npc = field_validator("npc_rolls")(lambda cls, v: _scores(v))


class Abbreviated(Check[AbbreviatedParams]):
    """Abbreviated combat (heading lost, L4011-4055): the players add up all their rolls, the GM
    all the NPCs' combat rolls; the higher side wins the fight, the GM keeps the NPC total
    secret and narrates. Reading: a tie is inconclusive, as for any roll (L163-169)."""

    name = "abbreviated_combat"
    title = tr("Combat abrégé", "Abbreviated combat")
    description = tr(
        "Les joueurs additionnent tous leurs jets, le MJ tous ceux des PNJ : le plus haut total "
        "gagne le combat, puis chacun raconte.",
        "The players add up all their rolls, the GM all the NPCs' rolls: the higher total wins "
        "the fight, then everyone narrates.",
    )
    params = AbbreviatedParams
    outcomes = (
        Outcome("loss", tr("les PJ perdent", "the PCs lose")),
        Outcome("tie", tr("combat indécis", "undecided")),
        Outcome("win", tr("les PJ gagnent", "the PCs win")),
    )
    sources = (src(4011, 4055),)
    example = {"pc_rolls": "4,3,2", "npc_rolls": "2,2,2,2,2"}

    def resolve(self, params: AbbreviatedParams, dice: DiceSource) -> Resolution:
        pcs = [[dice.d(6) for _ in range(n)] for n in _ints(params.pc_rolls)]
        npcs = [[dice.d(6) for _ in range(n)] for n in _ints(params.npc_rolls)]
        ours, theirs = sum(map(sum, pcs)), sum(map(sum, npcs))
        outcome = "win" if ours > theirs else "tie" if ours == theirs else "loss"
        details = {"pc_rolls": pcs, "npc_rolls": npcs, "npc_total_secret": theirs}
        return Resolution(outcome, ours, details)

    def distribution(self, params: AbbreviatedParams) -> Distribution[str]:
        ours = D6.repeat(sum(_ints(params.pc_rolls)))
        theirs = D6.repeat(sum(_ints(params.npc_rolls)))
        return ours.combine(
            theirs, lambda a, b: "win" if a > b else "tie" if a == b else "loss"
        ).reduced()


def _ints(value: str) -> list[int]:
    return [int(s) for s in value.split(",")]
