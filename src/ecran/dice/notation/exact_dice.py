"""Exact distribution of one dice term: the fair die, rerolled, exploded (each roll adding the
next while it shows an exploding face), kept or dropped by rank, scored as successes."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import lcm
from typing import Any

from ecran.dice.distribution import Distribution
from ecran.dice.explode import chains_sum, explode, explode_chain
from ecran.dice.notation import exploded
from ecran.dice.notation.ast import (
    Comparison,
    Dice,
    Explode,
    Group,
    Keep,
    Value,
    kept_range,
)
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.order import kept_statistic, kept_sum


@lru_cache(maxsize=256)
def dice_distribution(node: Dice, depth: int) -> Distribution[Value]:
    # cached per (term, depth): Distributions are immutable, and `3d6+3d6` is one computation
    explosion = node.explode
    if explosion is not None and not explosion.into_die:
        # `!`, `e`, `ra`: every roll of a chain is a die of its own; kept by rank over the whole
        # grown pool (Roll20), else each roll is scored
        if node.keeps:
            return exploded_pool([node], node.keeps, node, depth)
        return _chains(node, explosion, depth)
    kept = kept_range(node.keeps, node.count) if node.keeps else ()
    return pool_distribution([node], kept, node, depth)


def pool_distribution(
    terms: list[Dice], kept: tuple[int, int] | tuple[()], scoring: Dice | Group, depth: int
) -> Distribution[Any]:
    """Dice of one or several terms pooled, then kept by rank and scored: the sum of the kept
    dice, successes minus failures, or (`mt`) the number of matching sets."""
    score = score_of(scoring.success, scoring.failure)
    match = scoring.match if isinstance(scoring, Dice) else None
    types = [(_die_value(t, depth, scoring), t.count) for t in terms]
    n = sum(count for _, count in types)
    lo, hi = kept if kept else (0, n)
    if match is not None and match.total:
        size = match.size
        die, count = types[0]
        return kept_statistic([(die, count)], lo, hi, lambda face, c: 1 if c >= size else 0)
    if lo == 0 and hi == n:
        result: Distribution[int] | None = None
        for die, count in types:
            part = (die.map(score) if score else die).repeat(count)
            result = part if result is None else result + part
        return result if result is not None else Distribution.constant(0)
    return kept_sum(types, lo, hi, score)


def exploded_pool(
    terms: list[Dice], keeps: tuple[Keep, ...], scoring: Dice | Group, depth: int
) -> Distribution[Any]:
    """Keep/drop over a pool that `!` explosions grow (`exploded.kept_pool`)."""
    if len(keeps) != 1:
        raise chained_on_exploded(scoring.text)
    specs = _chain_specs(terms, depth, scoring)
    return exploded.kept_pool(specs, keeps[0], score_of(scoring.success, scoring.failure))


def _chain_specs(terms: list[Dice], depth: int, scoring: Dice | Group) -> list[exploded.ChainSpec]:
    specs = []
    for t in terms:
        value: Callable[[int], int] = t.clamp
        explosion = t.explode
        if explosion is not None and not explosion.into_die:
            extra = explosion.limit if explosion.limit is not None else depth
            truncated = explosion.limit is None
            die, on = _rerolled(t), explosion.faces
        else:  # a plain, rerolled or compounded die: one roll of the pool
            die, on, extra, truncated = _die_value(t, depth, scoring), frozenset(), 0, False
            value = _same
        specs.append(exploded.ChainSpec(die, t.count, on, extra, truncated, value))
    return specs


def _same(x: int) -> int:
    return x


def chained_on_exploded(text: str) -> NotationError:
    return NotationError(
        f"« {text} » : sur des dés qui explosent avec !, une seule clause de garde "
        "(kh, kl, dh ou dl)",
        f"'{text}': on dice exploding with !, one keep/drop clause only (kh, kl, dh or dl)",
    )


def _die_value(node: Dice, depth: int, scoring: Dice | Group) -> Distribution[int]:
    """One die of the term as it stands for keep/drop: rerolled, compounded, clamped."""
    die = _rerolled(node)
    explosion = node.explode
    if explosion is not None and explosion.penetrate:
        die = _penetrating(die, explosion.faces, depth)
    elif explosion is not None:
        cap = _cap(scoring, node, depth)
        if cap is not None:
            die = explode(die, explosion.faces, cap=cap)
        else:
            die = explode_chain(die, explosion.faces, max_depth=depth)
    return die.map(node.clamp) if node.clamped else die


def _cap(scoring: Dice | Group, node: Dice, depth: int) -> int | None:
    """A compounded die under a target number: every total from the cap up scores alike (all
    pass `>N`, none is `<N` or `=N`), so the explosion saturates there exactly (DESIGN.md
    "Exactness") instead of being cut at `depth`."""
    if scoring.success is None or node.clamped:
        return None
    if isinstance(scoring, Dice) and scoring.match is not None:
        return None
    conds = [c for c in (scoring.success, scoring.failure) if c is not None]
    cap = max(c.value if c.op in (">", ">=") else c.value + 1 for c in conds)
    return cap if 1 <= cap <= (depth + 1) * node.sides else None


def _chains(node: Dice, explosion: Explode, depth: int) -> Distribution[Any]:
    """Σ score over the term's chains of rolls, each roll a die of its own."""
    die, value = _rerolled(node), _roll_value(node)
    if explosion.limit is None:  # `!`: the chains summed at once (`explode.chains_sum`)
        return chains_sum(die, explosion.faces, node.count, max_depth=depth, score=value)
    # d20's `ra`: a die showing an exploding face rolls once more, and that roll does not
    stop, going = _split(die, explosion.faces)
    once = die.map(value)
    return _mix(stop.map(value), going.map(value) + once).repeat(node.count)


def _roll_value(node: Dice) -> Callable[[int], int]:
    """What one roll of a `!` chain counts for: its face clamped (`mi`/`ma`), then scored
    against the target number if there is one."""
    score = score_of(node.success, node.failure)
    clamp = node.clamp
    return (lambda f: score(clamp(f))) if score is not None else clamp


def _penetrating(die: Distribution[int], faces: frozenset[int], depth: int) -> Distribution[int]:
    """`!p` (Roll20, from HackMaster): the die explodes like `!!`, each extra roll counting one
    less; the explosion is tested on the face rolled, before the one is taken off."""
    stop, going = _split(die, faces)
    if not going.weights() or depth == 0:
        return stop
    lowered = die.map(lambda f: f - 1)
    rest = explode_chain(lowered, {f - 1 for f in faces}, max_depth=depth - 1)
    return _mix(stop, going + rest)


def _split(die: Distribution[int], faces: frozenset[int]) -> tuple[Distribution[int], ...]:
    weights = die.weights()
    stop = {f: w for f, w in weights.items() if f not in faces}
    going = {f: w for f, w in weights.items() if f in faces}
    return Distribution(stop, die.denominator), Distribution(going, die.denominator)


def _mix(a: Distribution[int], b: Distribution[int]) -> Distribution[int]:
    """Two sub-distributions of disjoint events, as one."""
    common = lcm(a.denominator, b.denominator)
    weights: dict[int, int] = {}
    for dist in (a, b):
        scale = common // dist.denominator
        for outcome, w in dist.weights().items():
            weights[outcome] = weights.get(outcome, 0) + w * scale
    return Distribution(weights, common).reduced()


def score_of(success: Comparison | None, failure: Comparison | None) -> Callable[[int], int] | None:
    """Roll20's target numbers: a die counts +1 if it succeeds and -1 if it fails."""
    if success is None:
        return None
    hit = success.test
    if failure is None:
        return lambda face: 1 if hit(face) else 0
    miss = failure.test
    return lambda face: (1 if hit(face) else 0) - (1 if miss(face) else 0)


def _rerolled(node: Dice) -> Distribution[int]:
    faces = node.faces()
    die = Distribution.faces(faces)
    reroll = node.reroll
    if reroll is None or not reroll.faces:
        return die
    if not reroll.once:
        return die.condition(lambda face: face not in reroll.faces)
    # once: the faces in the set are replaced by one fresh roll, whatever it shows
    k, hit = len(faces), len(reroll.faces)
    weights = {f: (0 if f in reroll.faces else k) + hit for f in faces}
    return Distribution(weights, k * k).reduced()
