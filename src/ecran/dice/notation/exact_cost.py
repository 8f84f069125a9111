"""Cost estimates of an exact distribution: the size and work of each step, checked against
`limits` before any heavy step runs."""

from __future__ import annotations

from math import log2

from ecran.dice.notation import exploded, limits
from ecran.dice.notation.ast import (
    BinOp,
    Call,
    Comparison,
    Constant,
    Dice,
    Group,
    Keep,
    Labelled,
    Node,
    Sum,
    kept_range,
)
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.exact_dice import chained_on_exploded
from ecran.dice.notation.order import weighted, work


def check_size(node: Node, depth: int) -> None:
    """Refuse before computing: every distribution the computation builds (the whole's and each
    part's, `{1000d10, 3d6}>5` builds `1000d10` first) within the size limits."""
    node_cost(node, depth)


def bounded_size(size: tuple[int, float]) -> tuple[int, float]:
    """`size` (width of the range of totals, denominator bits) if within the limits, else the
    one-line refusal."""
    span, bits = size
    if span + 1 > limits.MAX_OUTCOMES or (span + 1) * bits > limits.MAX_RESULT_BITS:
        raise NotationError(
            f"calcul exact trop gros : environ {span + 1} totaux possibles sur un dénominateur "
            f"de {round(bits)} bits ; réduisez les dés ou --depth, ou lancez plutôt les dés",
            f"exact odds too large: about {span + 1} possible totals over a {round(bits)}-bit "
            "denominator; use fewer dice or a smaller --depth, or roll the dice instead",
        )
    return size


def node_cost(node: Node, depth: int) -> tuple[int, float]:
    """(width of the range of totals, bits of the denominator): the size of the result, each
    node's checked against the limits (a part may be larger than the whole it scores)."""
    return bounded_size(_size(node, depth))


def _size(node: Node, depth: int) -> tuple[int, float]:
    if isinstance(node, Constant):
        return 0, 0.0
    if isinstance(node, Labelled | Call):
        return node_cost(node.node if isinstance(node, Labelled) else node.arg, depth)
    if isinstance(node, BinOp):
        (sa, ba), (sb, bb) = node_cost(node.left, depth), node_cost(node.right, depth)
        return (sa + 1) * (sb + 1) - 1, ba + bb
    if isinstance(node, Sum):
        costs = [node_cost(child, depth) for _, child in node.terms]
        return sum(c[0] for c in costs), sum(c[1] for c in costs)
    if isinstance(node, Group):
        pooled = node.pooled()
        if pooled:
            scored = node.success is not None
            return _pool_cost(pooled, node.keeps, scored, node.text, depth, node.failure)
        costs = [node_cost(child, depth) for child in node.items]
        if node.success is not None:
            return len(costs), sum(c[1] for c in costs)
        return sum(c[0] for c in costs), sum(c[1] for c in costs)
    scored = node.success is not None or (node.match is not None and node.match.total)
    return _pool_cost([node], node.keeps, scored, node.text, depth, node.failure)


def _pool_cost(
    terms: list[Dice],
    keeps: tuple[Keep, ...],
    scored: bool,
    text: str,
    depth: int,
    failure: Comparison | None = None,
) -> tuple[int, float]:
    if keeps and any(t.explode and not t.explode.into_die for t in terms):
        return _exploded_cost(terms, keeps, scored, text, depth)
    span = 0
    bits = 0.0
    faces = 0
    count = sum(t.count for t in terms)
    for t in terms:
        rolls = (t.explode.limit or depth) + 1 if t.explode else 1
        once = 2 if t.reroll and t.reroll.once else 1
        bits += log2(len(t.faces())) * rolls * once * t.count
        per_die = len(t.faces()) * rolls
        faces = max(faces, per_die)
        span += t.count * (rolls if scored else per_die)
    matching = len(terms) == 1 and terms[0].match is not None and terms[0].match.total
    if not keeps and not matching:
        return span, bits
    lo, hi = kept_range(keeps, count) if keeps else (0, count)
    kept = max(hi - lo, 0)
    # running totals: a count of successes spans 0..kept, minus failures -kept..kept
    sums = ((2 if failure is not None else 1) * kept + 1) if scored else kept * faces + 1
    keep_work(text, faces, count, lo, hi, sums, len(terms), bits)
    return (1 if scored else faces) * kept, bits


def keep_work(
    text: str, faces: int, count: int, lo: int, hi: int, sums: int, types: int, bits: float
) -> None:
    """Refuse a keep/drop whose estimated steps (`order.work`), weighted by the size of their
    integers, are past the budget."""
    if weighted(work(faces, count, lo, hi, sums, types), bits) > limits.MAX_KEEP_WORK:
        kept = max(hi - lo, 0)
        raise NotationError(
            f"« {text} » : garder {kept} dés sur {count} est trop coûteux "
            "à calculer exactement ; lancez plutôt les dés",
            f"'{text}': keeping {kept} of {count} dice is too costly to compute "
            "exactly; roll the dice instead",
        )


def _exploded_cost(
    terms: list[Dice], keeps: tuple[Keep, ...], scored: bool, text: str, depth: int
) -> tuple[int, float]:
    """A pool grown by `!` explosions, kept by rank (`exploded.work` against the budget)."""
    if len(keeps) != 1:
        raise chained_on_exploded(text)
    shape: list[tuple[int, int, int]] = []
    bits = 0.0
    value = 0
    for t in terms:
        faces = len(t.faces())
        if t.explode is not None and not t.explode.into_die:
            rolls = (t.explode.limit or depth) + 1
            shape.append((t.count, faces, rolls))
            value = max(value, max(abs(f) for f in t.faces()))
        else:
            rolls = (t.explode.limit or depth) + 1 if t.explode else 1
            shape.append((t.count, faces * rolls, 1))
            value = max(value, faces * rolls)
        bits += log2(faces) * rolls * t.count
    span = 2 if scored else value
    rolls_in_all = sum(count * rolls for count, _, rolls in shape)
    steps = exploded.work(shape, keeps[0], span + 1)
    if steps > limits.MAX_KEEP_WORK:
        raise exploded.too_costly()
    return rolls_in_all * span, bits
