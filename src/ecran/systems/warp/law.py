"""Exact laws of an attack's rolls for `AttackCheck.result_law`, in integer weights.

The encounter simulator needs the law of an attack's whole result (margin, damage, state...),
not only of its outcome, so nothing here is cut at a `cap`: every margin is kept exactly. What
is left out is the far end of an open-ended roll (L1853-1885): a side's total is listed up to
`sixes` sixes in its explosion, and the rest is a tail of known weight that is drawn by rolling
(`AttackCheck.result_law`): an explosion has no memory, so past its first k sixes the rest is a
fresh chain (`dice.explosion`).

Everything is an integer weight over a power of 6 (times a product of such), so that a new
parameter set costs integer sums, not fractions; the laws of the pools, the exchange and the
armour are cached by the few numbers they depend on (pool sizes, net dice, armour dice).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ecran.systems.warp.dice import D6, kept_sum

#: A side's explosion is listed until the chance of going further is at most this (a few in
#: ten thousand: the tails the simulator rolls in Python stay rare).
TAIL_LIMIT = Fraction(1, 4096)
#: Pool, exchange and armour laws kept (each a few hundred integers at most): far more than a
#: fight meets, a bound on memory.
KEPT = 1024


@dataclass(frozen=True)
class SideLaw:
    """One side's total: `weights[(total, every kept die shows 1)]` over `denominator`, plus
    the weight `tail` of an explosion past `sixes` sixes (only for open-ended rolls)."""

    weights: dict[tuple[int, bool], int]
    denominator: int
    tail: int = 0
    sixes: int = 0


@lru_cache(maxsize=KEPT)
def side_law(n: int, net: int, open_ended: bool) -> SideLaw:
    """The total of N kept dice with `net` bonus (>0) or penalty (<0) dice (`kept_sum`). Every
    kept die shows 1 exactly when the kept sum is N, 6 exactly when it is 6N (each die shows
    1..6). Open-ended, a kept sum of 6N adds an exploding d6 sum 6K + R, K the sixes rolled
    (P(K = k, R = r) = 6**-(k + 1), r in 1..5): listed for K <= `sixes`, the smallest count
    whose remaining weight P(6N) 6**-(sixes + 1) is at most TAIL_LIMIT."""
    base = kept_sum(n, net)
    top = 6 * n
    w_top = base.weight(top) if open_ended else 0
    if not w_top:
        return SideLaw({(s, s == n): w for s, w in base.weights().items()}, base.denominator)
    sixes = 0
    while Fraction(w_top, base.denominator * 6 ** (sixes + 1)) > TAIL_LIMIT:
        sixes += 1
    scale = 6 ** (sixes + 1)
    weights = {(s, s == n): w * scale for s, w in base.weights().items() if s != top}
    for k in range(sixes + 1):
        for r in range(1, 6):
            weights[(top + 6 * k + r, False)] = w_top * 6 ** (sixes - k)
    return SideLaw(weights, base.denominator * scale, w_top, sixes)


#: (margin, attacker fumbled, defender fumbled, attack >= 2 x defence): the exchange's terms.
Terms = tuple[int, bool, bool, bool]


@dataclass(frozen=True)
class ExchangeLaw:
    """The exchange of one attack against one defence, margins exact: `weights` over
    `denominator`, and the two tails' weights: the attack's explosion past its listed sixes
    (whatever the defence), then the defence's past its own (the attack's not past)."""

    weights: dict[Terms, int]
    denominator: int
    attack: SideLaw
    defence: SideLaw
    attack_tail: int
    defence_tail: int


@lru_cache(maxsize=KEPT)
def exchange_law(
    attack: tuple[int, int], defence: tuple[int, int], open_ended: bool, fumbles: bool
) -> ExchangeLaw:
    """The joint law of (margin, fumbles, double) for pools (dice, net) against each other. A
    fumble is every kept die showing 1 (L1784-1851), only with the option."""
    a_law, d_law = side_law(*attack, open_ended), side_law(*defence, open_ended)
    weights: dict[Terms, int] = {}
    d_items = list(d_law.weights.items())
    for (a, a_ones), wa in a_law.weights.items():
        af = fumbles and a_ones
        for (d, d_ones), wd in d_items:
            key = (a - d, af, fumbles and d_ones, a >= 2 * d)
            weights[key] = weights.get(key, 0) + wa * wd
    return ExchangeLaw(
        weights,
        a_law.denominator * d_law.denominator,
        a_law,
        d_law,
        a_law.tail * d_law.denominator,
        (a_law.denominator - a_law.tail) * d_law.tail,
    )


@lru_cache(maxsize=KEPT)
def armour_law(dice: int, points: int, bp_dice: int) -> tuple[list[tuple[int, int, int]], int]:
    """The armour rolls (normal armour's dice + points, bulletproof armour's dice, 0 when it
    does not roll) as (normal, bulletproof, weight) over one denominator (`roll_armour`)."""
    normal, bp = D6.repeat(dice), D6.repeat(bp_dice)
    rows = [
        (n + points, b, wn * wb)
        for n, wn in normal.weights().items()
        for b, wb in bp.weights().items()
    ]
    return rows, normal.denominator * bp.denominator


@lru_cache(maxsize=KEPT)
def damage_dice_law(count: int) -> tuple[list[tuple[int, int]], int]:
    """The sum of `count` d6 (alternative damage, L3907-3934) as (sum, weight) over 6**count."""
    sums = D6.repeat(count)
    return sorted(sums.weights().items()), sums.denominator
