"""Pieces every Fluid check shares: the ranks as outcomes, the explosion options, margins."""

from __future__ import annotations

from typing import Any

from ecran.rules import Outcome, Source, cite, tr
from ecran.systems.fluid.dice import DieRoll, Explosions
from ecran.systems.fluid.tables import RANKS, SEED

RANK_OUTCOMES = tuple(Outcome(r.id, tr(r.fr, r.en), tr(r.help_fr, r.help_en)) for r in RANKS.rank)
#: Every score at or below 0 is a critical failure, at or above 21 a critical success: the
#: window outside which the Results Table cannot tell scores apart (L252-268).
LOW, HIGH = 0, 21

CORE_SOURCES: tuple[Source, ...] = (
    cite(SEED, 244, 272, note="test and Results Table"),
    cite(SEED, 360, 374, note="exploding base die"),
    cite(SEED, 412, 424, note="advantages: dice or points"),
    cite(SEED, 518, 522, note="double 10"),
    cite(SEED, 852, 870, note="disadvantages, cancelling, double 1"),
)


def explosions(params: Any) -> Explosions:
    return Explosions(
        base=not getattr(params, "no_base_explosion", False),
        doubles=not getattr(params, "no_doubles", False),
    )


def major_as_read(score: int, major_as: str) -> str:
    """The rank of `score`, a major success read as a critical one or a plain success, for the
    tables that have no major-success row (survival L1501-1529, spells L1804-1858)."""
    rank = RANKS.of(score)
    if rank == "major_success":
        rank = "crit_success" if major_as == "critical" else "success"
    return rank


def margin(score: int, me_reference: int = 11) -> dict[str, int]:
    """MR = score − 10 above 10; ME = reference − score at 10 or below (L352-358, reading A4)."""
    if score > RANKS.success_above:
        return {"mr": score - RANKS.success_above}
    return {"me": me_reference - score}


def scored(roll: DieRoll, offset: int) -> dict[str, Any]:
    details: dict[str, Any] = dict(roll.details())
    details["score"] = offset + roll.value
    return details
