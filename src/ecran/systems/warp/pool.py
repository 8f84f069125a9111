"""The WaRP dice pool: N d6 summed, bonus/penalty dice that cancel, open-ended sixes.

Rolling and exact odds live side by side so they are written from the same reading:

* bonus and penalty dice cancel one for one (L1461-1465; several of each: netted, reading §9.10);
  the net extra dice are rolled too and the lowest (bonus, L7-9) or highest (penalty, L71-73)
  dropped, so that N dice are kept and summed;
* "every kept die shows 1" is exactly "kept sum = N" and "every kept die shows 6" is exactly
  "kept sum = 6N" (each die shows 1..6), so the kept-sum distribution alone carries the fumble and
  the open-ended trigger;
* an open-ended roll (L1853-1885) adds an exploding d6 sum x = 6K + R (K geometric with ratio 1/6,
  R uniform on 1..5). Against a finite number the explosion is cut exactly where the comparison can
  no longer change (`explode(cap=...)`); two explosions against each other are compared in closed
  form (see `_both_open`). Nothing is truncated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from ecran.dice import DiceSource, Distribution, explode, keep_highest, keep_lowest
from ecran.systems.warp.common import D6


@dataclass(frozen=True)
class PoolRoll:
    """One side's roll: every die rolled, the kept ones, and open-ended additions."""

    rolled: tuple[int, ...]
    kept: tuple[int, ...]
    open_dice: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.kept) + sum(self.open_dice)

    @property
    def dropped(self) -> tuple[int, ...]:
        left = list(self.rolled)
        for die in self.kept:
            left.remove(die)
        return tuple(left)

    @property
    def all_ones(self) -> bool:
        return bool(self.kept) and all(d == 1 for d in self.kept)

    @property
    def kept_sixes(self) -> int:
        return sum(1 for d in self.kept if d == 6)

    def details(self, prefix: str = "") -> dict[str, object]:
        return {
            f"{prefix}rolled": list(self.rolled),
            f"{prefix}kept": list(self.kept),
            f"{prefix}dropped": list(self.dropped),
            f"{prefix}open_dice": list(self.open_dice),
            f"{prefix}total": self.total,
            f"{prefix}kept_sixes": self.kept_sixes,
        }


def roll_pool(
    dice: DiceSource, n: int, bonus: int = 0, penalty: int = 0, open_ended: bool = False
) -> PoolRoll:
    """Roll N d6 with bonus/penalty dice; with `open_ended`, add d6s while every kept die is 6."""
    net = bonus - penalty
    rolled = tuple(dice.d(6) for _ in range(n + abs(net)))
    kept = tuple(sorted(rolled, reverse=net >= 0)[:n])
    extra: list[int] = []
    if open_ended and kept and all(d == 6 for d in kept):
        while True:
            extra.append(dice.d(6))
            if extra[-1] != 6:
                break
    return PoolRoll(rolled, kept, tuple(extra))


@cache
def kept_sum(n: int, net: int) -> Distribution[int]:
    """Exact distribution of the kept sum of N dice with `net` bonus (>0) or penalty (<0) dice."""
    if net >= 0:
        return keep_highest(D6, n + net, n)
    return keep_lowest(D6, n - net, n)


def open_total_against(n: int, beats: int) -> Distribution[int]:
    """Total of an all-six roll of N dice plus its explosion, exact for every total <= `beats`;
    all totals above `beats` are merged into one value above it."""
    cap = max(1, beats + 1 - 6 * n)
    return explode(D6, {6}, cap=cap) + 6 * n


def total_against(n: int, net: int, open_ended: bool, beats: int) -> Distribution[int]:
    """Distribution of the final total, exact wherever it matters against `beats`."""
    base = kept_sum(n, net)
    if not open_ended or n == 0:
        return base
    top = 6 * n
    return base.bind(
        lambda s: open_total_against(n, beats) if s == top else Distribution.constant(s)
    )


# -- comparing two pools --------------------------------------------------------------------

_P_GEOM_DIFF = Fraction(5, 7)  # P(K1 - K2 = d) = 5/7 * 6**-|d| for two explosion counts


def _p_diff_eq(d: int) -> Fraction:
    return _P_GEOM_DIFF * Fraction(1, 6 ** abs(d))


def _p_diff_gt(c: int) -> Fraction:
    """P(K1 - K2 > c); P(K1 - K2 >= t) = 6/7 * 6**-t for t >= 1, and symmetric."""
    if c >= 0:
        return Fraction(6, 7) * Fraction(1, 6 ** (c + 1))
    return 1 - Fraction(6, 7) * Fraction(1, 6 ** (-c))


def _both_open(n: int, m: int) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, loss) of 6n + x against 6m + y, x and y independent exploding d6 sums.

    x - y = 6(K1 - K2) + (R1 - R2) with |R1 - R2| <= 4, so the sign is that of
    n - m + K1 - K2 unless that is 0, when it is the sign of R1 - R2 (2/5, 1/5, 2/5)."""
    c = m - n
    same = _p_diff_eq(c)
    win = _p_diff_gt(c) + same * Fraction(2, 5)
    tie = same * Fraction(1, 5)
    return win, tie, 1 - win - tie


def compare_sums(a: int, n: int, b: int, m: int, open_ended: bool) -> dict[str, Fraction]:
    """Outcome odds of side A (kept sum a of n dice) against side B (kept sum b of m dice)."""
    a_open = open_ended and n > 0 and a == 6 * n
    b_open = open_ended and m > 0 and b == 6 * m
    if a_open and b_open:
        win, tie, loss = _both_open(n, m)
        return {"win": win, "tie": tie, "loss": loss}
    if a_open:
        return _sign_odds(open_total_against(n, b), b)
    if b_open:
        flipped = _sign_odds(open_total_against(m, a), a)
        return {"win": flipped["loss"], "tie": flipped["tie"], "loss": flipped["win"]}
    key = "win" if a > b else "tie" if a == b else "loss"
    return {key: Fraction(1)}


def _sign_odds(totals: Distribution[int], against: int) -> dict[str, Fraction]:
    return {
        "win": totals.probability_where(lambda t: t > against),
        "tie": totals.probability(against),
        "loss": totals.probability_where(lambda t: t < against),
    }


@cache
def kept_sum_six(n: int, net: int) -> Distribution[tuple[int, bool]]:
    """Joint distribution of (kept sum, at least one kept die shows 6) for the unstoppable six.

    No kept six means: with bonus dice (keep the highest), no six rolled at all; with k penalty
    dice (the k highest dropped), at most k sixes rolled, the other dice showing 1..5."""
    total = kept_sum(n, net)
    k = abs(net)
    d5 = Distribution.die(5)
    no_six: dict[int, Fraction] = {}
    sixes_allowed = range(k + 1) if net < 0 else range(1)
    for j in sixes_allowed:
        rest = n + k - j
        ways = Fraction(comb(n + k, j) * 5**rest, 6 ** (n + k))
        part = keep_highest(d5, rest, n) if net >= 0 else keep_lowest(d5, rest, n)
        for s, p in part.items():
            no_six[s] = no_six.get(s, Fraction(0)) + ways * p
    joint: dict[tuple[int, bool], Fraction] = {}
    for s, p in total.items():
        q = no_six.get(s, Fraction(0))
        joint[(s, False)] = q
        joint[(s, True)] = p - q
    return Distribution.from_fractions(joint)
