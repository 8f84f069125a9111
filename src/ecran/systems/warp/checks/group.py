"""Rolls that are not a trait against a number: group rolls, the hand of fate, a flaw's trigger."""

from __future__ import annotations

import re
from functools import reduce
from typing import Literal

from pydantic import field_validator, model_validator

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params, Resolution
from ecran.systems.warp.checks.base import MAX_DICE, WarpCheck, difficulty_field
from ecran.systems.warp.checks.core import _against
from ecran.systems.warp.dice import D6, kept_sum, roll_pool
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.tables import FIELDS, src

Method = Literal["additive", "combined", "either_or", "worst"]


_PARTICIPANT = re.compile(r"^(\d+)(?:([+-])(\d+))?$")


def _participant(spec: str) -> tuple[int, int]:
    """'3' -> (3, 0); '3-1' -> 3 dice with a penalty die; '4+2' -> 4 dice with 2 bonus dice."""
    match = _PARTICIPANT.match(spec)
    if not match:
        raise ValueError(spec)
    n, sign, k = match.groups()
    net = int(k) * (1 if sign == "+" else -1) if sign else 0
    return int(n), net


class GroupParams(Params):
    participants: str = FIELDS("participants")
    method: Method = FIELDS("method", default="combined")
    difficulty: int = difficulty_field()
    group_number_reached: bool = OPTIONS["group_number_reached"].field()

    @field_validator("participants")
    @classmethod
    def _participants(cls, value: str) -> str:
        specs = [p.strip().replace(" ", "") for p in value.split(",") if p.strip()]
        try:
            parsed = [_participant(s) for s in specs]
        except ValueError:
            parsed = []
        if not parsed or not all(1 <= n <= MAX_DICE and abs(k) <= MAX_DICE for n, k in parsed):
            raise ValueError(  # the value itself follows the refusal (`rules.refusals`)
                f"des scores de 1 à {MAX_DICE}, par exemple « 4,3-1,2+1 » / scores "
                f"from 1 to {MAX_DICE}, e.g. '4,3-1,2+1'"
            )
        if sum(n + abs(k) for n, k in parsed) > 60:
            raise ValueError("60 dés au plus / at most 60 dice")
        return ",".join(specs)

    @model_validator(mode="after")
    def _modifiers(self) -> GroupParams:
        if self.method in ("additive", "combined") and any(k for _, k in self.pools()):
            raise ValueError(
                "dés bonus/pénalité par participant : soit/soit et pire jet seulement / "
                "per-participant bonus or penalty dice: either_or and worst only"
            )
        return self

    def pools(self) -> list[tuple[int, int]]:
        return [_participant(s) for s in self.participants.split(",")]

    def scores(self) -> list[int]:
        return [n for n, _ in self.pools()]


class GroupRoll(WarpCheck[GroupParams]):
    """The four cooperation methods (L1991-2222). Combined dice: the weaker participants' dice
    act as bonus dice of the best one (L2031-2101)."""

    sources = (src(1991, 2222),)
    example = {"participants": "4,2", "method": "combined", "difficulty": 14}
    #: Beyond the walk: 7 dice: 6**7 sequences.
    beyond_walk = {"participants": "4,3", "method": "combined", "difficulty": 14}

    def resolve(self, params: GroupParams, dice: DiceSource) -> Resolution:
        pools = params.pools()
        rolls = [roll_pool(dice, n, max(k, 0), max(-k, 0)) for n, k in pools]
        details: dict[str, object] = {
            "rolls": [list(r.rolled) for r in rolls],
            "totals": [r.total for r in rolls],
        }
        if params.method == "additive":
            total = sum(r.total for r in rolls)
        elif params.method == "combined":
            every = sorted((d for r in rolls for d in r.rolled), reverse=True)
            total = sum(every[: max(params.scores())])
        elif params.method == "either_or":
            chosen = dice.d(len(pools)) - 1 if len(pools) > 1 else 0
            details["chosen"] = chosen
            total = rolls[chosen].total
        else:
            total = min(r.total for r in rolls)
        return Resolution(_judged(total, params), total, details)

    def distribution(self, params: GroupParams) -> Distribution[str]:
        pools = params.pools()
        scores = params.scores()
        if params.method == "additive":
            totals = D6.repeat(sum(scores))
        elif params.method == "combined":
            totals = kept_sum(max(scores), sum(scores) - max(scores))
        elif params.method == "either_or":
            pick = Distribution.faces(range(len(pools)))
            totals = pick.bind(lambda i: kept_sum(*pools[i]))
        else:
            sums = [kept_sum(n, k) for n, k in pools]
            totals = reduce(lambda a, b: a.combine(b, min), sums)
        return totals.map(lambda t: _judged(t, params))


def _judged(total: int, params: GroupParams) -> str:
    """Beat the number, a tie inconclusive (L1361-1375); or, the stone's "un résultat de 13 est
    nécessaire" (L2017, `group_number_reached`), the number reached is a success."""
    if params.group_number_reached and total == params.difficulty:
        return "success"
    return _against(total, params.difficulty)


class HandParams(Params):
    bad_up_to: int = FIELDS("bad_up_to", ge=2, le=12)
    good_from: int = FIELDS("good_from", ge=2, le=12)


class HandOfFate(WarpCheck[HandParams]):
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
    trigger_face: int = FIELDS("trigger_face", default=1, ge=1, le=6)


class FlawTrigger(WarpCheck[FlawParams]):
    sources = (src(604, 653),)
    example = {"trigger_face": 1}

    def resolve(self, params: FlawParams, dice: DiceSource) -> Resolution:
        die = dice.d(6)
        return Resolution("triggered" if die == params.trigger_face else "calm", die, {"die": die})


def _scores(value: str) -> str:
    scores = [p.strip() for p in value.split(",") if p.strip()]
    if not scores or not all(s.isdigit() and 1 <= int(s) <= MAX_DICE for s in scores):
        raise ValueError(  # the value itself follows the refusal (`rules.refusals`)
            f"des entiers de 1 à {MAX_DICE} séparés par des virgules / "
            f"whole numbers from 1 to {MAX_DICE} separated by commas"
        )
    if sum(int(s) for s in scores) > 200:
        raise ValueError("200 dés au plus par camp / at most 200 dice a side")
    return ",".join(scores)


class AbbreviatedParams(Params):
    pc_rolls: str = FIELDS("pc_rolls")
    npc_rolls: str = FIELDS("npc_rolls")

    _pc = field_validator("pc_rolls")(lambda cls, v: _scores(v))
    _npc = field_validator("npc_rolls")(lambda cls, v: _scores(v))


class Abbreviated(WarpCheck[AbbreviatedParams]):
    """Abbreviated combat (heading lost, L4011-4055): the players add up all their rolls, the GM
    all the NPCs' combat rolls; the higher side wins the fight, the GM keeps the NPC total
    secret and narrates. Reading: a tie is inconclusive, as for any roll (L163-169)."""

    sources = (src(4011, 4055),)
    example = {"pc_rolls": "4,3,2", "npc_rolls": "2,2,2,2,2"}
    #: Beyond the walk: 11 dice: 6**11 sequences.
    beyond_walk = {"pc_rolls": "4,3", "npc_rolls": "2,2"}

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
