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

from collections.abc import Collection

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
    return Distribution(weights, denominator**level).reduced()
