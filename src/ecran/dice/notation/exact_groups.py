"""Exact distribution of a group `{a, b, ...}`: the items' values kept or dropped by rank, or
counted as successes."""

from __future__ import annotations

from collections.abc import Callable

from ecran.dice.distribution import Distribution
from ecran.dice.notation import arith, limits
from ecran.dice.notation.ast import (
    Group,
    Value,
)
from ecran.dice.notation.errors import NotationError


def extreme_rank(kept: tuple[int, int], n: int) -> bool | None:
    """True when the kept range is the highest sub-roll alone, False the lowest alone, else
    None (in `kept_items`'s terms: one rank at the end it visits from)."""
    lo, hi = kept
    if hi <= n - lo:
        return True if (lo, hi) == (0, 1) else None
    return False if (n - hi, n - lo) == (0, 1) else None


def extreme_items(
    items: list[Distribution[Value]], highest: bool, score: Callable[[int], int] | None
) -> Distribution[Value]:
    """The highest (or lowest) of independent sub-rolls, `{A, B}kh1`: P(max <= x) is the product
    of each sub-roll's P(<= x), so one pass over their totals in order, instead of following
    every pair of totals (`{300d4, 300d4}kh1` took 1.2 s that way)."""
    points = sorted({v for item in items for v in item.weights()}, reverse=not highest)
    tables = [item.weights() for item in items]
    running = [0] * len(items)
    weights: dict[Value, int] = {}
    below = 0  # the product of the running weights at the previous total
    for x in points:
        product = 1
        for i, table in enumerate(tables):
            running[i] += table.get(x, 0)
            product *= running[i]
        value = arith.normal(score(x) if score is not None else x)  # type: ignore[arg-type]
        weights[value] = weights.get(value, 0) + product - below
        below = product
    denominator = 1
    for item in items:
        denominator *= item.denominator
    return Distribution(weights, denominator).reduced()


def kept_items(
    items: list[Distribution[Value]],
    kept: tuple[int, int],
    score: Callable[[int], int] | None,
) -> Distribution[Value]:
    """Keep/drop over sub-rolls that differ: follow the `hi` best totals seen so far (in the
    visit order nearest the kept ranks), one sub-roll after another."""
    n = len(items)
    lo, hi = kept
    descending = hi <= n - lo
    if not descending:
        lo, hi = n - hi, n - lo
    states: dict[tuple[Value, ...], int] = {(): 1}
    for item in items:
        if len(states) * len(item) > limits.MAX_PAIRS:
            raise _too_many_states()
        nxt: dict[tuple[Value, ...], int] = {}
        for best, w in states.items():
            for outcome, wv in item.weights().items():
                merged = sorted((*best, outcome), reverse=descending)[:hi]
                key = tuple(merged)
                nxt[key] = nxt.get(key, 0) + w * wv
        if len(nxt) > limits.MAX_GROUP_STATES:
            raise _too_many_states()
        states = nxt
    weights: dict[Value, int] = {}
    for best, w in states.items():
        chosen = best[lo:hi]
        value: Value = 0
        for x in chosen:
            value += score(x) if score is not None else x  # type: ignore[arg-type]
        value = arith.normal(value)
        weights[value] = weights.get(value, 0) + w
    denominator = 1
    for item in items:
        denominator *= item.denominator
    return Distribution(weights, denominator).reduced()


def one_roll_group(node: Group) -> NotationError:
    return NotationError(
        f"« {node.text} » : dans un groupe d'un seul jet, garder et compter portent sur ses dés ; "
        "n'y mettez que des dés additionnés sans modificateur de garde ni de cible "
        "(ex. {4d6+3d8}kh3), ou séparez les jets par des virgules",
        f"'{node.text}': in a one-roll group, keep/drop and targets apply to its dice; put only "
        "dice added together there, without their own keep or target (e.g. {4d6+3d8}kh3), or "
        "separate the rolls with commas",
    )


def _too_many_states() -> NotationError:
    return NotationError(
        "calcul exact trop gros pour garder des jets d'un groupe ; lancez plutôt les dés",
        "exact odds too large to keep sub-rolls of a group; roll the dice instead",
    )
