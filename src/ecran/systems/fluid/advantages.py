"""Where advantages and disadvantages come from, as pure functions (L392-424, L624-930).

Everything here turns a situation into one signed count of advantages (+) / disadvantages (−),
which then cancel one for one (L860-862) and are taken as dice or as points.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ecran.record import record
from ecran.rules import EcranError, tr
from ecran.rules.data import row_where
from ecran.rules.wording import agreed
from ecran.systems.fluid import tables


@record
class TraitUse:
    """The multiple-Traits rule (L642-648): ordered by importance, the k-th Trait counts
    value − (k−1), never below 0 (assumed: L662-666 only reaches exactly 0); each Trait after
    the first costs 1 RES (L646-648), lent Traits cost none (L838-840)."""

    advantages: int
    res_cost: int
    counted: tuple[int, ...]


def multiple_traits(own: Sequence[int], lent: Sequence[int] = ()) -> TraitUse:
    used = [v for v in own if v > 0]
    counted = [max(0, v - k) for k, v in enumerate([*used, *(v for v in lent if v > 0)])]
    return TraitUse(sum(counted), max(0, len(used) - 1), tuple(counted))


def difficulty_net(level: str) -> int:
    """Signed ladder: +5 cannot miss .. −5 impossible (L776-786, L920-930)."""
    return row_where(tables.DIFFICULTY.level, id=level).net


def time_net(steps: int) -> int:
    """+1 advantage per Time Table step taken beyond the need (L696-698), −1 per step saved
    (L902-906): the signed count is the signed number of steps."""
    return steps


def retry_dis(attempt: int) -> int:
    """The n-th retry soon after takes n cumulative disadvantages (L908-912)."""
    return max(0, attempt)


def points_after(points: int) -> int:
    """Points spent after the roll count double (L796-800): +1 per 2 points."""
    return points // 2


def equipment_handicap(weapon: int, armour: int) -> int:
    """A non-combat action takes as many disadvantages as the highest of weapon and armour
    (L1413-1417)."""
    return max(weapon, armour)


def average(values: Sequence[int], rounding: str = "half_up") -> int:
    """Several characteristics apply: their average (L320-322); rounding is our reading A12."""
    mean = Fraction(sum(values), len(values))
    if rounding == "down":
        return mean.numerator // mean.denominator
    return int((mean + Fraction(1, 2)).__floor__())


@record
class Split:
    """A signed net count taken partly as dice, partly as flat points (L412-424, L854-856)."""

    dice: int  # signed: + advantage dice, − disadvantage dice
    points: int  # signed flat points


def split(net: int, as_points: int) -> Split:
    if as_points > abs(net):
        left = abs(net)
        asked_fr = agreed(as_points, "point demandé", "points demandés")
        net_fr = agreed(left, "avantage ou désavantage net", "avantages ou désavantages nets")
        asked_en = agreed(as_points, "point", "points", "en")
        net_en = agreed(left, "advantage or disadvantage", "advantages or disadvantages", "en")
        raise EcranError(
            tr(
                f"{as_points} {asked_fr} mais seulement {left} {net_fr}",
                f"{as_points} {asked_en} asked but only {left} net {net_en}",
            )
        )
    sign = 1 if net > 0 else -1
    return Split(sign * (abs(net) - as_points), sign * as_points)
