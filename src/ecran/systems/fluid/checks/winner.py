"""The exact law of the winner's own score in an opposed roll, for rules that read the winner's
score rather than the difference (the chase under reading A26: the winner's MR, L1659-1661).

The difference law (dice.difference) forgets each score. Here, for each atom of the winner's
score, the values that matter are finitely many (a `key` that stops changing below `lo` and
above `hi`); their probabilities are summed against the loser's distribution function, and the
infinite tail of the atom's chain gets what is left of P(atom beats the loser), which the
kernel computes exactly. Nothing is truncated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from ecran.dice import Distribution
from ecran.systems.fluid.dice import Atom, difference, score_law


def tie_probability(a: Distribution[Atom], b: Distribution[Atom]) -> Fraction:
    return difference(a, b, -1, 1).probability(0)


def winner_law(
    a: Distribution[Atom],
    b: Distribution[Atom],
    key: Callable[[int], str],
    lo: int,
    hi: int,
) -> dict[str, Fraction]:
    """P(A > B and key(A) = k) for each k; `key` must be constant on scores <= lo and on scores
    >= hi (lo < hi). The sum over k is P(A > B)."""
    finite = {atom: _finite_values(atom, lo, hi) for atom, _ in a.items()}
    below = _below(b, (x for values in finite.values() for x in values))
    out: dict[str, Fraction] = {}

    def add(k: str, p: Fraction) -> None:
        if p:
            out[k] = out.get(k, Fraction(0)) + p

    for atom, p in a.items():
        beats = difference(Distribution.constant(atom), b, 0, 1).probability(1)
        for x, q in finite[atom].items():
            add(key(x), p * q * below(x))
            beats -= q * below(x)
        # what is left is the chain's tail, beyond the window where the key no longer changes
        add(key(hi if atom[0] == "up" else lo), p * beats)
    return out


def _finite_values(atom: Atom, lo: int, hi: int) -> dict[int, Fraction]:
    """The atom's values as exact probabilities, except an endless chain's tail past the window
    (an upward chain's values >= hi, a downward one's <= lo)."""
    kind, v = atom
    if kind == "fin":
        return {v: Fraction(1)}
    # an upward chain is worth v + U (U >= 1), a downward one v - V (V >= 2)
    first, last = (v + 1, hi - 1) if kind == "up" else (lo + 1, v - 2)
    if first > last:
        return {}
    law = score_law(Distribution.constant(atom), first - 1, last + 1)
    return {x: law.probability(x) for x in range(first, last + 1) if law.probability(x)}


def _below(b: Distribution[Atom], points: Iterable[int]) -> Callable[[int], Fraction]:
    """x -> P(B < x) for the given points, from one clipped law of B."""
    xs = sorted(set(points))
    if not xs:
        return lambda x: Fraction(0)
    low, high = xs[0] - 1, xs[-1]
    law = score_law(b, low, high)
    cumulative: dict[int, Fraction] = {}
    running = Fraction(0)
    for y in range(low, high):
        running += law.probability(y)
        cumulative[y + 1] = running
    return lambda x: cumulative[x]
