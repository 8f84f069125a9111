"""Rolling a text or a parsed expression (`roll`): the commonest shapes (`NdX`, keep/drop, a
plain `!`, a reroll, integer constants) by a short plan drawn from the `Roller`'s own loops,
the tree left to be built from the dice on first use (`planned_tree`); anything else walks the
tree (`walk.py`). A plan gives the very dice, total and tree the walk gives (a test holds them
equal)."""

from __future__ import annotations

from collections.abc import Callable

from ecran.dice.notation import limits
from ecran.dice.notation.ast import Constant, Dice, Expression, Sum, Value, kept_range
from ecran.dice.notation.parser import _parse_cached, parse
from ecran.dice.notation.walk import (
    Face,
    PoolDie,
    Recording,
    RollResult,
    SumRoll,
    TermRoll,
    kept_flags,
    most_rolls,
    term_value,
    walk,
)
from ecran.dice.roller import DiceSource, Roller


def roll(expression: Expression | str, dice: DiceSource) -> RollResult:
    """Roll the expression with `dice` (a seeded `Roller` to replay it). A roll of its own: a
    `Roller`'s `rolled` then holds this roll's dice only, however long the roller lives."""
    if isinstance(dice, Roller):
        dice.new_roll()
    if type(expression) is str:
        plan = _PLANS.get(expression)
        if plan is None:
            plan = _plan(expression)
        return plan(dice)
    expr = parse(expression) if isinstance(expression, str) else expression
    return walk(expr, dice)


Plan = Callable[[DiceSource], RollResult]

_PLANS: dict[str, Plan] = {}
"""Text -> how to roll it, built once (as parses are cached): the commonest shapes roll in a few
lines; the rest walk the tree. Bounded: emptied when full."""

_MAX_PLANS = 512


def _plan(text: str) -> Plan:
    """How to roll `text`: `NdX`, `NdX` with keep/drop, or `NdX!` (a plain explosion), then
    integer constants added or taken off, with a `Roller`: the dice drawn by the roller's own
    loops, the total summed, the tree left for later (`planned_tree`). Any other shape, or
    another dice source, walks the tree."""
    expr = _parse_cached(text)  # raises NotationError on bad input: nothing stored

    def walked(dice: DiceSource) -> RollResult:
        return walk(expr, dice)

    plan: Plan = walked
    planned = _planned_term(expr)
    if planned is not None:
        plan = _fast(expr, *planned, walked)
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    _PLANS[text] = plan
    return plan


def _planned_term(expr: Expression) -> tuple[Dice, int] | None:
    """The dice term of a shape `_plan` rolls directly and the constant added to it, else None."""
    root = expr.root
    if not isinstance(root, Sum) or not root.terms:
        return None
    (sign, node), *rest = root.terms
    if sign != 1 or not isinstance(node, Dice):
        return None
    shift = 0
    for sign_c, constant in rest:
        if not isinstance(constant, Constant) or type(constant.value) is not int:
            return None
        shift += sign_c * constant.value
    if node.fate or node.clamped or node.success or node.match:
        return None
    if node.explode is not None and (node.explode.into_die or node.keeps or node.reroll):
        return None
    return node, shift


def _fast(expr: Expression, node: Dice, shift: int, walked: Plan) -> Plan:
    sides, count = node.sides, node.count
    if node.reroll is not None:
        return _rerolling(expr, node, shift, walked)
    if node.explode is not None:
        faces, most = node.explode.faces, most_rolls(node)

        def exploding(dice: DiceSource) -> RollResult:
            if type(dice) is not Roller:
                return walked(dice)
            values = dice.exploding(sides, count, faces, most, limits.MAX_ROLLS)
            if len(values) > limits.MAX_ROLLS:
                Recording(dice, []).budget(len(values))
            return RollResult(expr, sum(values) + shift, values)

        return exploding
    if node.keeps:
        lo, hi = kept_range(node.keeps, count)
        start, stop = count - hi, count - lo  # the kept ranks in increasing order

        def kept(dice: DiceSource) -> RollResult:
            if type(dice) is not Roller:
                return walked(dice)
            values = dice.many(sides, count)
            return RollResult(expr, sum(sorted(values)[start:stop]) + shift, values)

        return kept
    if count == 1:

        def one(dice: DiceSource) -> RollResult:
            if type(dice) is not Roller:
                return walked(dice)
            value = dice.d(sides)
            return RollResult(expr, value + shift, [value])

        return one

    def bare(dice: DiceSource) -> RollResult:
        if type(dice) is not Roller:
            return walked(dice)
        values = dice.many(sides, count)
        return RollResult(expr, sum(values) + shift, values)

    return bare


def _rerolling(expr: Expression, node: Dice, shift: int, walked: Plan) -> Plan:
    """`NdX` with `r`/`ro` (and keep/drop): every roll recorded, rerolled-away ones included,
    in the order `_chain` rolls them (#32: `3d6r1` walked the tree at 2.5x d20)."""
    sides, count = node.sides, node.count
    assert node.reroll is not None
    faces, once = node.reroll.faces, node.reroll.once
    lo, hi = kept_range(node.keeps, count) if node.keeps else (0, count)
    start, stop = count - hi, count - lo

    def rerolling(dice: DiceSource) -> RollResult:
        if type(dice) is not Roller:
            return walked(dice)
        record, standing = dice.rerolled(sides, count, faces, once, limits.MAX_ROLLS)
        if len(record) > limits.MAX_ROLLS:
            Recording(dice, []).budget(len(record))
        total = sum(sorted(standing)[start:stop]) if node.keeps else sum(standing)
        return RollResult(expr, total + shift, record)

    return rerolling


def planned_tree(expr: Expression, rolled: list[int], total: Value) -> SumRoll:
    """The tree `walk` builds for a shape `_plan` rolled directly, from its dice."""
    root = expr.root
    assert isinstance(root, Sum)
    (_, node), *rest = root.terms
    assert isinstance(node, Dice)
    pool = _rerolled_pool(node, rolled) if node.reroll is not None else None
    values = rolled if pool is None else [die.value for die in pool]
    kept = kept_flags(values, kept_range(node.keeps, len(values))) if node.keeps else None
    term = TermRoll(node, values, kept, term_value(node, values, kept), pool)
    return SumRoll(root, [(1, term), *rest], total)  # type: ignore[list-item]


def _rerolled_pool(node: Dice, rolled: list[int]) -> list[PoolDie]:
    """The pool `_chain` builds for a rerolled term (no explosion), read from its rolls."""
    reroll = node.reroll
    assert reroll is not None
    pool = []
    rolls = iter(rolled)
    for value in rolls:
        faces: list[Face] = []
        while value in reroll.faces and not (reroll.once and faces):
            faces.append(Face(value, discarded=True))
            value = next(rolls)
        faces.append(Face(value))
        pool.append(PoolDie(faces, value))
    return pool
