"""Exact distribution of a parsed expression, computed analytically (never by listing rolls).

Per dice term: the fair die, then the reroll (`r` conditions the die on the faces it keeps, `ro`
mixes one reroll in), then the explosion (each roll adds the next while it shows an exploding
face, followed `depth` extra rolls deep: the mass beyond is the reported residual), then keep /
drop by rank (`order.kept_sum`), then successes minus failures, or matching sets. Terms are
convolved; `* / % **` combine every pair of outcomes exactly (fractions stay fractions).
Before any heavy step the cost is estimated and refused past the limits in `limits`.
"""

from __future__ import annotations

from functools import lru_cache
from math import log2

from ecran.dice.distribution import Distribution
from ecran.dice.notation import arith, limits
from ecran.dice.notation.ast import (
    BinOp,
    Call,
    Constant,
    Dice,
    Expression,
    Group,
    Labelled,
    Node,
    Sum,
    Value,
    kept_range,
)
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.exact_cost import bounded_size, check_size, keep_work, node_cost
from ecran.dice.notation.exact_dice import (
    dice_distribution,
    exploded_pool,
    pool_distribution,
    score_of,
)
from ecran.dice.notation.exact_groups import extreme_items, extreme_rank, kept_items, one_roll_group
from ecran.dice.notation.order import kept_sum
from ecran.dice.notation.parser import parse
from ecran.dice.notation.shortcuts import bare_numbers, kept_numbers


def distribution(
    expression: Expression | str, depth: int = limits.DEFAULT_DEPTH
) -> Distribution[Value]:
    """The exact distribution of the expression's total (a sub-distribution if truncated)."""
    if type(expression) is str and 0 <= depth <= limits.MAX_DEPTH:
        numbers = bare_numbers(expression)  # `NdX ± C`: no tree to build
        if numbers is not None:
            return _fair_sum(*numbers)
        kept = kept_numbers(expression)  # `NdXkhK ± C`, `NdXklK ± C`: no tree either
        if kept is not None:
            return _fair_kept(*kept)
    expr = parse(expression) if isinstance(expression, str) else expression
    if not 0 <= depth <= limits.MAX_DEPTH:
        raise NotationError(
            f"profondeur d'explosion entre 0 et {limits.MAX_DEPTH}, pas {depth}",
            f"explosion depth must be between 0 and {limits.MAX_DEPTH}, not {depth}",
        )
    quick = _bare(expr.root)
    if quick is None:
        quick = _kept_quick(expr.root, depth)
    if quick is not None:
        return quick
    check_size(expr.root, depth)
    return _node(expr.root, depth)


def _single_term(root: Node) -> tuple[Dice, int] | None:
    """`root` as one dice term plus an integer constant (0 if none), else None."""
    if not isinstance(root, Sum) or not 1 <= len(root.terms) <= 2:
        return None
    (sign, term), *rest = root.terms
    if sign != 1 or not isinstance(term, Dice):
        return None
    shift = 0
    if rest:
        (sign, constant), *_ = rest
        if not isinstance(constant, Constant) or type(constant.value) is not int:
            return None
        shift = sign * constant.value
    return term, shift


def _bare(root: Node) -> Distribution[Value] | None:
    """`NdX` or `NdX ± C`, the commonest question, straight to the kernel's power of one die
    (the same distribution the general way gives; fewer steps on a first call)."""
    single = _single_term(root)
    if single is None or not single[0].bare:
        return None
    term, shift = single
    return _fair_sum(term.count, term.sides, shift)


def _fair_sum(count: int, sides: int, shift: int) -> Distribution[Value]:
    """`count` fair dice of `sides` faces summed, plus `shift`, within the size limits."""
    bounded_size((count * (sides - 1), count * log2(sides)))
    return _bare_sum(count, sides, shift)


@lru_cache(maxsize=256)
def _bare_sum(count: int, sides: int, shift: int) -> Distribution[Value]:
    # cached like `dice_distribution`: asked again, `40d6` is a lookup
    total: Distribution[Value] = Distribution.dice_sum(count, sides)  # type: ignore[assignment]
    return total.map(lambda x: x + shift) if shift else total


def _kept_quick(root: Node, depth: int) -> Distribution[Value] | None:
    """`NdX` kept by rank (`kh`, `kl`, `dh`, `dl`, chained) `± C`, the next commonest, straight
    to the kernel's keep (the same refusals and the same distribution as the general way,
    cached by its numbers rather than by its tree)."""
    single = _single_term(root)
    if single is None:
        return None
    term, shift = single
    if not term.keeps or term.fate or term.clamped:
        return None
    if term.reroll or term.explode or term.success or term.match:
        return None
    node_cost(term, depth)
    lo, hi = kept_range(term.keeps, term.count)
    return _kept_sum(term.count, term.sides, lo, hi, shift)


def _fair_kept(
    count: int, sides: int, highest: bool, k: int, shift: int, text: str
) -> Distribution[Value]:
    """The `k` highest (or lowest) of `count` fair dice, plus `shift`: the refusals of the
    general way (`_pool_cost` for one plain die) from the numbers alone, then the kernel."""
    lo, hi = (0, k) if highest else (count - k, count)
    bits = count * log2(sides)
    keep_work(text, sides, count, lo, hi, k * sides + 1, 1, bits)
    bounded_size((sides * k, bits))
    return _kept_sum(count, sides, lo, hi, shift)


@lru_cache(maxsize=256)
def _kept_sum(count: int, sides: int, lo: int, hi: int, shift: int) -> Distribution[Value]:
    kept: Distribution[Value] = kept_sum([(Distribution.die(sides), count)], lo, hi)  # type: ignore[assignment]
    return kept.map(lambda x: x + shift) if shift else kept


def _node(node: Node, depth: int) -> Distribution[Value]:
    if isinstance(node, Constant):
        return Distribution.constant(node.value)
    if isinstance(node, Dice):
        return dice_distribution(node, depth)
    if isinstance(node, Labelled):
        return _node(node.node, depth)
    if isinstance(node, Call):
        name = node.name
        return _node(node.arg, depth).map(lambda x: arith.call(name, x))
    if isinstance(node, BinOp):
        return _combine(_node(node.left, depth), _node(node.right, depth), node.op)
    if isinstance(node, Group):
        return _group(node, depth)
    return _sum(node, depth)


def _sum(node: Sum, depth: int) -> Distribution[Value]:
    shift: Value = 0
    result: Distribution[Value] | None = None
    for sign, child in node.terms:
        if isinstance(child, Constant):
            shift += sign * child.value
            continue
        part = _node(child, depth)
        if result is None:
            result = part if sign > 0 else -part
        else:
            result = _combine(result, part, "+" if sign > 0 else "-")
    shift = arith.normal(shift)
    if result is None:
        return Distribution.constant(shift)
    return result.map(lambda x: arith.normal(x + shift)) if shift else result


def _combine(a: Distribution[Value], b: Distribution[Value], op: str) -> Distribution[Value]:
    whole = all(type(x) is int for x in a.weights()) and all(type(x) is int for x in b.weights())
    if op in "+-" and whole:
        return a + b if op == "+" else a - b  # the kernel's convolution (packed when large)
    if len(a) * len(b) > limits.MAX_PAIRS:
        raise NotationError(
            f"calcul exact trop gros : {len(a)} × {len(b)} paires de résultats à combiner par "
            f"« {op} » (au plus {limits.MAX_PAIRS}) ; lancez plutôt les dés",
            f"exact odds too large: {len(a)} × {len(b)} pairs of outcomes to combine with "
            f"'{op}' (at most {limits.MAX_PAIRS}); roll the dice instead",
        )
    if op in "/%" and b.weight(0):
        raise NotationError(
            f"division par zéro possible (« {op} » par un total qui peut valoir 0)",
            f"possible division by zero ('{op}' by a total that can be 0)",
        )
    return a.combine(b, lambda x, y: arith.apply(op, x, y))


def _group(node: Group, depth: int) -> Distribution[Value]:
    pooled = node.pooled()
    if pooled is not None:
        if not pooled or any(t.keeps or t.success or t.match for t in pooled):
            raise one_roll_group(node)
        if any(t.explode and not t.explode.into_die for t in pooled):
            if node.keeps:
                return exploded_pool(pooled, node.keeps, node, depth)
            score = score_of(node.success, node.failure)
            result: Distribution[Value] = Distribution.constant(0)
            for t in pooled:
                scored = Dice(
                    t.count,
                    t.sides,
                    t.reroll,
                    t.explode,
                    fate=t.fate,
                    success=node.success,
                    failure=node.failure,
                    minimum=t.minimum,
                    maximum=t.maximum,
                )
                assert score is not None
                result = result + dice_distribution(scored, depth)
            return result
        n = sum(t.count for t in pooled)
        kept = kept_range(node.keeps, n) if node.keeps else ()
        return pool_distribution(pooled, kept, node, depth)
    items = [_node(item, depth) for item in node.items]
    score = score_of(node.success, node.failure)
    if not node.keeps or kept_range(node.keeps, len(items)) == (0, len(items)):  # all kept
        total: Distribution[Value] = Distribution.constant(0)
        for item in items:
            total = _combine(total, item.map(score) if score else item, "+")  # type: ignore[arg-type]
        return total
    kept = kept_range(node.keeps, len(items))
    extreme = extreme_rank(kept, len(items))
    if extreme is not None:
        return extreme_items(items, extreme, score)
    return kept_items(items, kept, score)
