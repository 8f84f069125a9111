"""Pieces every Fluid check shares: the base that reads its words from data, the ranks as
outcomes, the explosion options, margins, the rolled score and its exact law."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from ecran.dice import DiceSource, Distribution
from ecran.rules import Check, CheckWords, Outcome, Source, cite, tr
from ecran.systems.fluid.dice import DieRoll, Explosions, roll_die, score_atoms, score_law
from ecran.systems.fluid.tables import PACKAGE, RANKS, SEED

P = TypeVar("P", bound=BaseModel)

RANK_OUTCOMES = tuple(Outcome(r.id, tr(r.fr, r.en), tr(r.help_fr, r.help_en)) for r in RANKS.rank)
#: The seed bounds no penalty: a wound Trait is whatever damage passes RES (L1427-1435) and gives
#: as many disadvantages (L1437-1439), a survival test one per point past 5 or past RES
#: (L1463-1485). This size bound only fits the largest hit (200) on a target already carrying 200
#: wound points, both counts summed (option survival_combine).
MAX_PENALTY = 600
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


class FluidCheck(Check[P]):
    """A Fluid check. Its words (title, description, the labels of its details and, where no
    table of the rules lists them, its outcomes) are `data/checks.toml`'s under its name.
    The base die explodes without end (L360-374), so no walk of a check that rolls it ever
    ends: its example is beyond the walk, unless the check names other parameters."""

    words = CheckWords.load(PACKAGE)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "beyond_walk" not in cls.__dict__:
            cls.beyond_walk = cls.example


def explosions(params: Any) -> Explosions:
    return Explosions(
        base=not getattr(params, "no_base_explosion", False),
        doubles=not getattr(params, "no_doubles", False),
        doubles_over_base=getattr(params, "doubles_over_base", False),
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


def rolled(dice: DiceSource, offset: int, net_dice: int, params: Any) -> dict[str, Any]:
    """The work of one test: the die with `net_dice` and the explosions `params` leave in
    force, and the score it makes with the flat terms `offset` (L244-250, L360-424)."""
    return scored(roll_die(dice, net_dice, explosions(params)), offset)


def score_distribution(offset: int, net_dice: int, params: Any) -> Distribution[int]:
    """Exact law of the score `rolled` makes, every score past the Results Table's window
    counted at its edge."""
    return score_distribution_within(offset, net_dice, params, LOW, HIGH)


def score_distribution_within(
    offset: int, net_dice: int, params: Any, low: int, high: int
) -> Distribution[int]:
    """`score_distribution` in another window: every score below `low` counted at `low`,
    above `high` at `high`."""
    return score_law(score_atoms(offset, net_dice, explosions(params)), low, high)
