"""Oracles for artemis, written independently of the engine's walk: brute-force enumeration (plain
loops over every face combination, counted with Fractions) and exact distributions built with the
dice kernel (once the checks' own `distribution()`; the checks now walk their dice)."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from itertools import product

from ecran.dice import Distribution, keep_highest
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis import tables


def crit_value(first: int, second: int) -> int:
    """The seed's rule (L20-27), stated once more by hand: 6,6 -> 9; 1,1 -> -3; else the first."""
    if first == 6 and second == 6:
        return 9
    if first == 1 and second == 1:
        return -3
    return first


def brute_die(professional: bool) -> dict[int, Fraction]:
    """Value of the die by listing every (first, [second,] confirmation) face tuple."""
    counts: dict[int, Fraction] = {}
    n = 3 if professional else 2
    weight = Fraction(1, 6**n)
    for faces in product(range(1, 7), repeat=n):
        kept = max(faces[:-1])
        value = crit_value(kept, faces[-1])
        counts[value] = counts.get(value, Fraction(0)) + weight
    return counts


def brute_zone(total: int, difficulty: int) -> str:
    if total - difficulty >= 2:
        return "success"
    if difficulty - total >= 2:
        return "failure"
    return "uncertainty"


def brute_test(skill: int, difficulty: int, malus: int, professional: bool) -> dict[str, Fraction]:
    out = {"failure": Fraction(0), "uncertainty": Fraction(0), "success": Fraction(0)}
    for value, p in brute_die(professional).items():
        out[brute_zone(skill + value - malus, difficulty)] += p
    return out


# -- kernel-built distributions ----------------------------------------------------------------


def _confirmed(face: int) -> Distribution[int]:
    c = tables.core().criticals
    if face == c.high_face:
        return Distribution({c.high_value: 1, face: 5})
    if face == c.low_face:
        return Distribution({c.low_value: 1, face: 5})
    return Distribution.constant(face)


def kernel_die(professional: bool, reading: ad.PrivilegeReading = "kept_die") -> Distribution[int]:
    """Exact distribution of the value the die adds to the skill (L20-27, L46-53)."""
    single = Distribution.die(6).bind(_confirmed)
    if not professional:
        return single
    if reading == "kept_die":
        return keep_highest(Distribution.die(6), 2, 1).bind(_confirmed)
    return single.combine(single, max)


def kernel_zones(
    skill: int,
    difficulty: int,
    malus: int = 0,
    professional: bool = False,
    reading: ad.PrivilegeReading = "kept_die",
    spend_on: Collection[str] = (),
) -> Distribution[str]:
    """Zones of `skill + die - malus` against `difficulty`; with `spend_on`, an experience point
    turns the die into a 6 whenever the first result lands in one of those zones (L29-39)."""
    forced = _confirmed(tables.core().experience_force.forced_face)

    def after(die: int) -> Distribution[str]:
        first = ad.zone(skill + die - malus, difficulty)
        if first not in spend_on:
            return Distribution.constant(first)
        return forced.map(lambda value: ad.zone(skill + value - malus, difficulty))

    return kernel_die(professional, reading).bind(after)


def kernel_duel(
    a: int, b: int, a_pro: bool, b_pro: bool, reading: ad.PrivilegeReading = "kept_die"
) -> Distribution[str]:
    """Side A's zone with side B's total as its difficulty."""
    return (kernel_die(a_pro, reading) + a).combine(kernel_die(b_pro, reading) + b, ad.zone)
