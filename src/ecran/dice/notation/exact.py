"""Exact distribution of a parsed expression, computed analytically (never by listing rolls).

Per dice term: the fair die, then the reroll (`r` conditions the die on the faces it keeps, `ro`
mixes one reroll in), then the explosion (each roll adds the next while it shows an exploding
face, followed `depth` extra rolls deep: the mass beyond is the reported residual), then keep /
drop on the pool (the pool DP of `ecran.dice.pool`), then success counting. Terms are convolved.
Before any heavy step the cost is estimated and refused past the limits in `limits`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import log2

from ecran.dice.distribution import Distribution
from ecran.dice.explode import explode, explode_chain
from ecran.dice.notation import limits
from ecran.dice.notation.ast import Comparison, Constant, Dice, Expression, Node, Sum
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.parser import parse
from ecran.dice.pool import keep_scored


def distribution(
    expression: Expression | str, depth: int = limits.DEFAULT_DEPTH
) -> Distribution[int]:
    """The exact distribution of the expression's total (a sub-distribution if truncated)."""
    expr = parse(expression) if isinstance(expression, str) else expression
    if not 0 <= depth <= limits.MAX_DEPTH:
        raise NotationError(
            f"profondeur d'explosion entre 0 et {limits.MAX_DEPTH}, pas {depth}",
            f"explosion depth must be between 0 and {limits.MAX_DEPTH}, not {depth}",
        )
    _check_size(expr.root, depth)
    return _node(expr.root, depth)


def _node(node: Node, depth: int) -> Distribution[int]:
    if isinstance(node, Constant):
        return Distribution.constant(node.value)
    if isinstance(node, Dice):
        return _dice(node, depth)
    shift = 0
    result: Distribution[int] | None = None
    for sign, child in node.terms:
        if isinstance(child, Constant):
            shift += sign * child.value
            continue
        part = _node(child, depth)
        if result is None:
            result = part if sign > 0 else -part
        else:
            result = result + part if sign > 0 else result - part
    if result is None:
        return Distribution.constant(shift)
    return result + shift if shift else result


@lru_cache(maxsize=256)
def _dice(node: Dice, depth: int) -> Distribution[int]:
    # cached per (term, depth): Distributions are immutable, and `3d6+3d6` is one computation
    die = _rerolled(node)
    success = node.success
    explosion = node.explode
    if explosion is not None and not explosion.compound and success is not None:
        # `!`: every roll of the chain is a die of its own, so each one is tested
        per_die = explode_chain(die, explosion.faces, max_depth=depth, score=_indicator(success))
        return per_die.repeat(node.count)
    if explosion is not None:
        die = _exploded(die, explosion.faces, depth, success, node.sides)
    if node.keep is not None:
        kept = node.keep.kept(node.count)
        score = _indicator(success) if success is not None else None
        return keep_scored(die, node.count, kept, highest=node.keep.highest, score=score)
    if success is not None:
        return die.map(_indicator(success)).repeat(node.count)
    return die.repeat(node.count)


def _exploded(
    die: Distribution[int],
    faces: frozenset[int],
    depth: int,
    success: Comparison | None,
    sides: int,
) -> Distribution[int]:
    """One compounded die. Under a success test every total past the threshold is in one class
    (all pass for `>=`/`>`, all fail otherwise), so the explosion saturates there exactly
    (DESIGN.md "Exactness") instead of being cut at `depth`."""
    if success is not None:
        cap = success.value if success.op == ">=" else success.value + 1
        if cap <= (depth + 1) * sides:
            return explode(die, faces, cap=cap)
    return explode_chain(die, faces, max_depth=depth)


def _indicator(success: Comparison) -> Callable[[int], int]:
    test = success.test
    return lambda face: 1 if test(face) else 0


def _rerolled(node: Dice) -> Distribution[int]:
    die = Distribution.die(node.sides)
    reroll = node.reroll
    if reroll is None or not reroll.faces:
        return die
    if not reroll.once:
        return die.condition(lambda face: face not in reroll.faces)
    # once: the faces in the set are replaced by one fresh roll, whatever it shows
    hit = len(reroll.faces)
    weights = {f: (0 if f in reroll.faces else node.sides) + hit for f in range(1, node.sides + 1)}
    return Distribution(weights, node.sides * node.sides).reduced()


# -- cost estimates ------------------------------------------------------------------------------


def _check_size(node: Node, depth: int) -> None:
    span, bits = _cost(node, depth)
    if span + 1 > limits.MAX_OUTCOMES or (span + 1) * bits > limits.MAX_RESULT_BITS:
        raise NotationError(
            f"calcul exact trop gros : environ {span + 1} totaux possibles sur un dénominateur "
            f"de {round(bits)} bits ; réduisez les dés ou --depth, ou lancez plutôt les dés",
            f"exact odds too large: about {span + 1} possible totals over a {round(bits)}-bit "
            "denominator; use fewer dice or a smaller --depth, or roll the dice instead",
        )


def _cost(node: Node, depth: int) -> tuple[int, float]:
    """(width of the range of totals, bits of the denominator): the size of the result."""
    if isinstance(node, Constant):
        return 0, 0.0
    if isinstance(node, Sum):
        costs = [_cost(child, depth) for _, child in node.terms]
        return sum(c[0] for c in costs), sum(c[1] for c in costs)
    rolls = depth + 1 if node.explode else 1
    die_bits = log2(node.sides) * rolls * (2 if node.reroll and node.reroll.once else 1)
    bits = die_bits * node.count
    if node.success is not None and node.keep is None:
        return node.count * rolls, bits
    per_die = node.sides * rolls
    if node.keep is None:
        return node.count * per_die, bits
    kept = node.keep.kept(node.count)
    work = per_die * kept * node.count * kept * per_die
    if work > limits.MAX_KEEP_WORK:
        raise NotationError(
            f"« {node.text} » : garder {kept} dés sur {node.count} est trop coûteux "
            "à calculer exactement ; lancez plutôt les dés",
            f"'{node.text}': keeping {kept} of {node.count} dice is too costly to compute "
            "exactly; roll the dice instead",
        )
    return (1 if node.success is not None else per_die) * kept, bits
