"""One attack roll against one defence roll, exactly, with fumbles and open-ended rolls.

What the damage pipeline needs of the two rolls is an `Exchange`: the margin clipped to 0..cap
(every margin at or above `cap` does the same harm, the caller says which), whether the attack
doubled the defence (alternative damage, L3907-3934) and who fumbled (L1784-1851).

Open-ended rolls (L1853-1885) make both totals unbounded; nothing is truncated:

* the attack explodes against a known defence d: its totals are exact up to max(d + cap, 2d), the
  rest merged above (`open_total_against`);
* the defence explodes against a known attack a: exact up to a, the rest is a miss;
* both explode: the defence is 6m + Y, Y = 6k + r with P = 6**-(k+1). Once d is past 6n and past
  cap, every class's probability is a fixed mix of two geometric series in k, of ratios 1/36
  (exact margins: X and Y each lose a factor 6 per step) and 1/216 (the doubling threshold 2d
  moves twice as fast). Two terms give both coefficients, the tail is summed in closed form; the
  early terms are added one by one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import NamedTuple

from ecran.dice import Distribution
from ecran.systems.warp.dice import kept_sum, open_total_against


class Exchange(NamedTuple):
    margin: int  # attack - defence, clipped to 0..cap
    double: bool  # attack >= 2 x defence
    attacker_fumble: bool
    defender_fumble: bool


class Side(NamedTuple):
    dice: int
    net: int  # bonus dice - penalty dice


Key = tuple[int, bool]


def _key(a: int, d: int, cap: int) -> Key:
    return (min(max(a - d, 0), cap), a >= 2 * d)


def exchange(
    attack: Side, defence: Side, *, open_ended: bool, fumbles: bool, cap: int
) -> Distribution[Exchange]:
    """Exact joint distribution of the exchange of one attack against one defence."""
    an, dn = attack.dice, defence.dice
    a_top, d_top = 6 * an, 6 * dn
    out: dict[Exchange, Fraction] = {}

    def add(key: Key, af: bool, df: bool, p: Fraction) -> None:
        ex = Exchange(key[0], key[1], af, df)
        out[ex] = out.get(ex, Fraction(0)) + p

    for a, pa in kept_sum(an, attack.net).items():
        a_open = open_ended and a == a_top
        for d, pd in kept_sum(dn, defence.net).items():
            d_open = open_ended and d == d_top
            af, df = fumbles and a == an, fumbles and d == dn
            p = pa * pd
            if a_open and d_open:
                for key, q in _both_open(an, dn, cap).items():
                    add(key, af, df, p * q)
            elif a_open:
                for key, q in _attack_open(an, d, cap).items():
                    add(key, af, df, p * q)
            elif d_open:
                for d2, q in open_total_against(dn, a).items():
                    add(_key(a, d2, cap), af, df, p * q)
            else:
                add(_key(a, d, cap), af, df, p)
    return Distribution.from_fractions(out)


@cache
def _attack_open(an: int, d: int, cap: int) -> dict[Key, Fraction]:
    """An exploding attack (6n + X) against a defence total d."""
    result: dict[Key, Fraction] = {}
    for a, q in open_total_against(an, max(d + cap, 2 * d)).items():
        key = _key(a, d, cap)
        result[key] = result.get(key, Fraction(0)) + q
    return result


def _defence_term(an: int, dn: int, cap: int, k: int, r: int) -> dict[Key, Fraction]:
    """P(Y = 6k + r) times the attack's classes against d = 6m + 6k + r, the miss left out."""
    weight = Fraction(1, 6 ** (k + 1))
    classes = _attack_open(an, 6 * dn + 6 * k + r, cap)
    return {key: weight * q for key, q in classes.items() if key[0] > 0}


@cache
def _both_open(an: int, dn: int, cap: int) -> dict[Key, Fraction]:
    """Classes when both sides explode, conditional on both all-six."""
    start = max(6 * an, cap + 1) - 6 * dn  # from here on d >= 6n and d > cap: regular terms
    k0 = max(0, -(-start // 6)) + 1
    total: dict[Key, Fraction] = {}

    def add(terms: dict[Key, Fraction], times: Fraction = Fraction(1)) -> None:
        for key, q in terms.items():
            total[key] = total.get(key, Fraction(0)) + q * times

    for r in range(1, 6):
        for k in range(k0):
            add(_defence_term(an, dn, cap, k, r))
        first = _defence_term(an, dn, cap, k0, r)
        second = _defence_term(an, dn, cap, k0 + 1, r)
        for key in first.keys() | second.keys():
            t0, t1 = first.get(key, Fraction(0)), second.get(key, Fraction(0))
            beta = (t0 / 36 - t1) * Fraction(216, 5)
            alpha = t0 - beta
            add({key: alpha * Fraction(36, 35) + beta * Fraction(216, 215)})
    total[(0, False)] = 1 - sum(total.values(), Fraction(0))
    return total
