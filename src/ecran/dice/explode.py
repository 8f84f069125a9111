"""Exploding dice, exact.

An explosion adds another roll whenever the die shows a face in `on`. Two exact forms:

* with a `cap` (upward, faces all >= 1): once the running total reaches the cap no further die can
  change the outcome class, so every total >= cap is summed up into the single outcome `cap`.
  The recursion ends by itself because every die adds at least 1: no truncation, no lost mass.
  Fluid's ">= 21" and WaRP's "beats the difficulty" are such caps.
* with no cap: the explosion is followed `max_depth` times and the mass that would explode
  further is left out, reported as the distribution's `residual`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the exact law's type loads where a law is computed: a roll needs none (#32)
    from ecran.dice.distribution import Distribution

DEFAULT_MAX_DEPTH = 20


def explode(
    die: Distribution[int],
    on: Collection[int],
    *,
    cap: int | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Distribution[int]:
    """Distribution of the exploding total of `die` (see module docstring for `cap`)."""
    if not on:
        return die
    if all(face in on for face in die.outcomes()):
        raise ValueError("a die that explodes on every face never stops")
    if cap is not None and die.min() < 1:
        raise ValueError("a capped explosion needs faces of at least 1")
    depth_limit = None if cap is not None else max_depth
    denominator = die.denominator
    # frontier: running totals still exploding, with weights over denominator**level
    frontier: dict[int, int] = {0: 1}
    finished: list[tuple[int, dict[int, int]]] = []
    level = 0
    while frontier:
        level += 1
        done: dict[int, int] = {}
        going: dict[int, int] = {}
        for total, w in frontier.items():
            for face, fw in die.weights().items():
                value = total + face
                weight = w * fw
                if cap is not None and value >= cap:
                    done[cap] = done.get(cap, 0) + weight
                elif face in on:
                    going[value] = going.get(value, 0) + weight
                else:
                    done[value] = done.get(value, 0) + weight
        finished.append((level, done))
        frontier = going
        if depth_limit is not None and level > depth_limit:
            break  # the mass still in `frontier` is the reported residual
    weights: dict[int, int] = {}
    for lvl, done in finished:
        scale = denominator ** (level - lvl)
        for value, w in done.items():
            weights[value] = weights.get(value, 0) + w * scale
    from ecran.dice.distribution import Distribution

    return Distribution(weights, denominator**level).reduced()


def explode_chain(
    die: Distribution[int],
    on: Collection[int],
    *,
    max_depth: int = DEFAULT_MAX_DEPTH,
    score: Callable[[int], int] | None = None,
) -> Distribution[int]:
    """Sum of `score(face)` over one die's explosion chain, at most `max_depth` extra rolls.

    The chain rolls `die`, and rolls again while the face shown is in `on`. With `score` None
    the faces themselves are summed (the exploding total, like `explode` without a cap); with an
    indicator it counts the rolls of the chain that pass a test. Chains still exploding after
    `max_depth` extra rolls are left out: their mass is the result's `residual`.
    """
    if max_depth < 0:
        raise ValueError("max_depth must be non-negative")
    weights = die.weights()
    if weights and all(face in on for face in weights):
        raise ValueError("a die that explodes on every face never stops")
    going, stopping = _split(weights, on, score)
    from ecran.dice.distribution import Distribution

    if not going:
        return Distribution(stopping, die.denominator).reduced()
    den = die.denominator
    levels = max_depth + 1
    result: dict[int, int] = {}
    frontier: dict[int, int] = {0: 1}  # totals after j exploding rolls, weights over den**j
    going_items = list(going.items())
    stopping_items = list(stopping.items())
    for j in range(levels):
        scale = den ** (levels - j - 1)
        for total, w in frontier.items():
            ws = w * scale
            for key, fw in stopping_items:
                k = total + key
                result[k] = result.get(k, 0) + ws * fw
        if j + 1 == levels:
            break
        nxt: dict[int, int] = {}
        for total, w in frontier.items():
            for key, fw in going_items:
                k = total + key
                nxt[k] = nxt.get(k, 0) + w * fw
        frontier = nxt
    return Distribution(result, den**levels).reduced()


def chains_sum(
    die: Distribution[int],
    on: Collection[int],
    count: int,
    *,
    max_depth: int = DEFAULT_MAX_DEPTH,
    score: Callable[[int], int] | None = None,
) -> Distribution[int]:
    """Sum of `count` independent chains of `explode_chain` (the same distribution as
    `explode_chain(...).repeat(count)`).

    When every exploding face scores alike (`g`: a plain `!` explodes on the top face alone), a
    chain is `g * J + X`, J the number of explosions (0..max_depth) and X the stopping roll, and
    the weight of (J = j, X = x) is a product of a weight of j and a weight of x: J and X are
    independent. So `count` chains sum to `g * ΣJ + ΣX`, two short sums of independent copies
    (big-integer powers) and one convolution, instead of the power of a long chain (`10d10!`:
    210 outcomes raised to the 10th)."""
    weights = die.weights()
    going, stopping = _split(weights, on, score)
    if len(going) != 1 or not stopping or max_depth < 0 or count < 2:
        return explode_chain(die, on, max_depth=max_depth, score=score).repeat(count)
    ((g, wg),) = going.items()
    den = die.denominator
    # J = j: j exploding rolls, then any stopping roll; over den**(max_depth + 1) in all
    explosions = {j: wg**j * den ** (max_depth - j) for j in range(max_depth + 1)}
    # weights only: each part over its own total, the whole over den**((max_depth + 1) * count)
    from ecran.dice.distribution import Distribution

    jumps = Distribution._trusted(explosions, sum(explosions.values())).repeat(count)
    stops = Distribution._trusted(stopping, sum(stopping.values())).repeat(count)
    total = jumps.map(lambda j: g * j) + stops
    return Distribution._trusted(total.weights(), den ** ((max_depth + 1) * count)).reduced()


def _split(
    weights: dict[int, int], on: Collection[int], score: Callable[[int], int] | None
) -> tuple[dict[int, int], dict[int, int]]:
    """One roll of a chain by what it scores, weighted: the faces that explode again (in
    `on`), then the faces that stop it; the faces themselves where `score` is None."""
    value = score if score is not None else _identity
    going: dict[int, int] = {}
    stopping: dict[int, int] = {}
    for face, w in weights.items():
        table = going if face in on else stopping
        key = value(face)
        table[key] = table.get(key, 0) + w
    return going, stopping


def _identity(face: int) -> int:
    return face
