"""Rolling a parsed expression with any `DiceSource`, keeping every die for the record.

Order of the dice (the audit trail): terms left to right; within a term, die after die; within
a die, its first roll, its rerolls, then its explosions (each explosion roll rerolled the same
way). `RollResult.dice` lists them all in that order, rerolled-away values included, so a
seeded `Roller` replays the same record. Fudge dice (dF) are recorded as -1, 0 or 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

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
from ecran.dice.notation.parser import _parse_cached, parse
from ecran.dice.roller import DiceSource, Roller
from ecran.record import slotted

_FATE = (-1, 0, 1)


class Face:
    """One roll of a die. `discarded`: replaced by a reroll. `exploded`: it rolled another."""

    __slots__ = ("discarded", "exploded", "value")

    def __init__(self, value: int, discarded: bool = False, exploded: bool = False) -> None:
        self.value = value
        self.discarded = discarded
        self.exploded = exploded


class PoolDie:
    """One die of a term's pool: its faces (several when rerolled or compounded)."""

    __slots__ = ("faces", "failed", "kept", "matched", "passed", "value")

    def __init__(self, faces: list[Face], value: int) -> None:
        self.faces = faces
        self.value = value
        self.kept = True
        self.passed = False
        self.failed = False
        self.matched = False


class TermRoll:
    """One rolled dice term: the value of each die of its pool, which are kept, and its value.

    The per-die detail (`pool`: rerolled faces, explosions, kept, success) is built on demand:
    plain terms roll as bare integers, which is what keeps rolling cheap.
    """

    __slots__ = ("_pool", "kept", "node", "value", "values")

    def __init__(
        self,
        node: Dice,
        values: list[int],
        kept: list[bool] | None,
        value: int,
        pool: list[PoolDie] | None = None,
    ) -> None:
        self.node = node
        self.values = values
        self.kept = kept
        self.value = value
        self._pool = pool

    @property
    def pool(self) -> list[PoolDie]:
        pool = self._pool
        node = self.node
        if pool is None:
            pool = [PoolDie([Face(v)], v) for v in self.values]
            if node.explode is not None:  # rolled by `_Dice.exploding`: mark the explosions
                _mark_explosions(pool, node.explode.faces, _most(node))
        hit = node.success.test if node.success is not None else None
        miss = node.failure.test if node.failure is not None else None
        for index, die in enumerate(pool):
            die.kept = self.kept is None or self.kept[index]
            die.passed = die.kept and hit is not None and hit(die.value)
            die.failed = die.kept and miss is not None and miss(die.value)
        if node.match is not None:
            counts = Counter(d.value for d in pool if d.kept)
            for die in pool:
                die.matched = die.kept and counts[die.value] >= node.match.size
        self._pool = pool
        return pool


@slotted
class SumRoll:
    node: Sum
    parts: list[tuple[int, Rolled]]
    value: Value


@slotted
class OpRoll:
    node: BinOp
    left: Rolled
    right: Rolled
    value: Value


@slotted
class CallRoll:
    node: Call
    arg: SumRoll
    value: Value


@slotted
class LabelRoll:
    node: Labelled
    inner: Rolled
    value: Value


@slotted
class GroupRoll:
    """`{…}`: each sub-roll, which are kept (over the sub-rolls' totals, or, in a one-roll
    group, over its dice: then the terms' own `kept` say which dice) and the group's value."""

    node: Group
    items: list[SumRoll]
    kept: list[bool]
    value: Value


Rolled = TermRoll | SumRoll | Constant | OpRoll | CallRoll | LabelRoll | GroupRoll


class RollResult:
    """A rolled expression: its total, every die in the order rolled, and the tree to show.

    A roll of the commonest shapes (`_plan`) leaves `tree` to be built on first use, from its
    dice: the same tree the general walk builds (a test holds them equal)."""

    __slots__ = ("_text", "_tree", "dice", "expression", "total")

    def __init__(
        self, expression: Expression, total: Value, dice: list[int], tree: SumRoll | None = None
    ) -> None:
        self.expression = expression
        self.total = total
        self.dice = dice
        self._tree = tree
        self._text: str | None = None

    @property
    def tree(self) -> SumRoll:
        tree = self._tree
        if tree is None:
            tree = self._tree = _planned_tree(self.expression, list(self.dice), self.total)
        return tree

    @property
    def text(self) -> str:
        """The work shown, e.g. `4d6kh3 (4, 4, 6, ~~3~~) = 14` (computed on first use)."""
        if self._text is None:
            from ecran.dice.notation.text import roll_text

            self._text = roll_text(self)
        return self._text

    def __repr__(self) -> str:
        return f"RollResult({self.expression.source!r}, total={self.total!r}, dice={self.dice!r})"


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
    return _walk(expr, dice)


def _walk(expr: Expression, dice: DiceSource) -> RollResult:
    """The general roll: the tree walked node by node, every die recorded."""
    rolled: list[int] = []
    tree = _sum(expr.root, _Dice(dice, rolled))  # type: ignore[arg-type]  # a root is a Sum
    return RollResult(expr, tree.value, rolled, tree)


Plan = Callable[[DiceSource], RollResult]

_PLANS: dict[str, Plan] = {}
"""Text -> how to roll it, built once (as parses are cached): the commonest shapes roll in a few
lines; the rest walk the tree. Bounded: emptied when full."""

_MAX_PLANS = 512


def _plan(text: str) -> Plan:
    """How to roll `text`: `NdX`, `NdX` with keep/drop, or `NdX!` (a plain explosion), then
    integer constants added or taken off, with a `Roller`: the dice drawn by the roller's own
    loops, the total summed, the tree left for later (`_planned_tree`). Any other shape, or
    another dice source, walks the tree."""
    expr = _parse_cached(text)  # raises NotationError on bad input: nothing stored

    def walk(dice: DiceSource) -> RollResult:
        return _walk(expr, dice)

    plan: Plan = walk
    planned = _planned_term(expr)
    if planned is not None:
        plan = _fast(expr, *planned, walk)
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


def _fast(expr: Expression, node: Dice, shift: int, walk: Plan) -> Plan:
    sides, count = node.sides, node.count
    if node.reroll is not None:
        return _rerolling(expr, node, shift, walk)
    if node.explode is not None:
        faces, most = node.explode.faces, _most(node)

        def exploding(dice: DiceSource) -> RollResult:
            if type(dice) is not Roller:
                return walk(dice)
            values = dice.exploding(sides, count, faces, most, limits.MAX_ROLLS)
            if len(values) > limits.MAX_ROLLS:
                _Dice(dice, []).budget(len(values))
            return RollResult(expr, sum(values) + shift, values)

        return exploding
    if node.keeps:
        lo, hi = kept_range(node.keeps, count)
        start, stop = count - hi, count - lo  # the kept ranks in increasing order

        def kept(dice: DiceSource) -> RollResult:
            if type(dice) is not Roller:
                return walk(dice)
            values = dice.many(sides, count)
            return RollResult(expr, sum(sorted(values)[start:stop]) + shift, values)

        return kept
    if count == 1:

        def one(dice: DiceSource) -> RollResult:
            if type(dice) is not Roller:
                return walk(dice)
            value = dice.d(sides)
            return RollResult(expr, value + shift, [value])

        return one

    def bare(dice: DiceSource) -> RollResult:
        if type(dice) is not Roller:
            return walk(dice)
        values = dice.many(sides, count)
        return RollResult(expr, sum(values) + shift, values)

    return bare


def _rerolling(expr: Expression, node: Dice, shift: int, walk: Plan) -> Plan:
    """`NdX` with `r`/`ro` (and keep/drop): every roll recorded, rerolled-away ones included,
    in the order `_chain` rolls them (#32: `3d6r1` walked the tree at 2.5x d20)."""
    sides, count = node.sides, node.count
    assert node.reroll is not None
    faces, once = node.reroll.faces, node.reroll.once
    lo, hi = kept_range(node.keeps, count) if node.keeps else (0, count)
    start, stop = count - hi, count - lo

    def rerolling(dice: DiceSource) -> RollResult:
        if type(dice) is not Roller:
            return walk(dice)
        record, standing = dice.rerolled(sides, count, faces, once, limits.MAX_ROLLS)
        if len(record) > limits.MAX_ROLLS:
            _Dice(dice, []).budget(len(record))
        total = sum(sorted(standing)[start:stop]) if node.keeps else sum(standing)
        return RollResult(expr, total + shift, record)

    return rerolling


def _planned_tree(expr: Expression, rolled: list[int], total: Value) -> SumRoll:
    """The tree `_walk` builds for a shape `_plan` rolled directly, from its dice."""
    root = expr.root
    assert isinstance(root, Sum)
    (_, node), *rest = root.terms
    assert isinstance(node, Dice)
    pool = _rerolled_pool(node, rolled) if node.reroll is not None else None
    values = rolled if pool is None else [die.value for die in pool]
    kept = _kept(values, kept_range(node.keeps, len(values))) if node.keeps else None
    term = TermRoll(node, values, kept, _value(node, values, kept), pool)
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


class _Dice:
    """The dice source plus the record and the roll budget."""

    __slots__ = ("face", "rolled", "source")

    def __init__(self, source: DiceSource, rolled: list[int]) -> None:
        self.rolled = rolled
        self.source = source

    def roll(self, node: Dice) -> int:
        self.budget(1)
        value = self.source.face(_FATE) if node.fate else self.source.d(node.sides)
        self.rolled.append(value)
        return value

    def many(self, sides: int, count: int) -> list[int]:
        if len(self.rolled) + count > limits.MAX_ROLLS:
            self.budget(count)
        if type(self.source) is Roller:  # its own loop: the same draws, no call per die
            values = self.source.many(sides, count)
        else:
            d = self.source.d
            values = [d(sides) for _ in range(count)]
        self.rolled.extend(values)
        return values

    def exploding(self, sides: int, count: int, faces: frozenset[int], most: int) -> list[int]:
        """`count` dice of a plain `!` term, each explosion a die of its own: the same dice in
        the same order as `_chain` rolls them, as bare values (no per-die objects)."""
        self.budget(count)
        left = limits.MAX_ROLLS - len(self.rolled)
        if type(self.source) is Roller:  # its own loop: the same draws, no call per die
            drawn = self.source.exploding(sides, count, faces, most, left)
            if len(drawn) > left:
                self.budget(len(drawn))
            self.rolled.extend(drawn)
            return drawn
        d = self.source.d
        values: list[int] = []
        append = values.append
        extra = 0  # explosion rolls so far: with the `count` first rolls, within the budget
        for _ in range(count):
            value = d(sides)
            append(value)
            run = 0
            while value in faces and run < most:
                extra += 1
                if count + extra > left:
                    self.budget(count + extra)
                value = d(sides)
                append(value)
                run += 1
        self.rolled.extend(values)
        return values

    def budget(self, count: int) -> None:
        if len(self.rolled) + count > limits.MAX_ROLLS:
            raise NotationError(
                f"trop de dés lancés (plus de {limits.MAX_ROLLS})",
                f"too many dice rolled (more than {limits.MAX_ROLLS})",
            )


def _most(node: Dice) -> int:
    explode = node.explode
    assert explode is not None
    return explode.limit if explode.limit is not None else limits.ROLL_MAX_EXPLOSIONS


def _mark_explosions(pool: list[PoolDie], faces: frozenset[int], most: int) -> None:
    """The explosions of a `!` term rolled as bare values: a roll exploded when it shows an
    exploding face and its chain had not reached `most` extra rolls (as `_chain` rolls them)."""
    run = 0
    for die in pool:
        face = die.faces[0]
        if face.value in faces and run < most:
            face.exploded = True
            run += 1
        else:
            run = 0


def _node(node: Node, dice: _Dice) -> Rolled:
    if isinstance(node, Dice):
        return _term(node, dice)
    if isinstance(node, Sum):
        return _sum(node, dice)
    if isinstance(node, BinOp):
        left, right = _node(node.left, dice), _node(node.right, dice)
        return OpRoll(node, left, right, arith.apply(node.op, left.value, right.value))
    if isinstance(node, Call):
        arg = _sum(node.arg, dice)
        return CallRoll(node, arg, arith.call(node.name, arg.value))
    if isinstance(node, Labelled):
        inner = _node(node.node, dice)
        return LabelRoll(node, inner, inner.value)
    if isinstance(node, Group):
        return _group(node, dice)
    return node


def _sum(node: Sum, dice: _Dice) -> SumRoll:
    parts: list[tuple[int, Rolled]] = []
    total: Value = 0
    for sign, child in node.terms:
        part: Rolled
        if isinstance(child, Dice):  # the common terms first: no walk through `_node`
            part = _term(child, dice)
        elif isinstance(child, Constant):
            part = child
        else:
            part = _node(child, dice)
        parts.append((sign, part))
        total += sign * part.value
    return SumRoll(node, parts, total if type(total) is int else arith.normal(total))


def _term(node: Dice, dice: _Dice) -> TermRoll:
    if node.bare:  # `NdX`: the sum of its dice
        values = dice.many(node.sides, node.count)
        return TermRoll(node, values, None, sum(values))
    pool: list[PoolDie] | None = None
    plain = node.reroll is None and not node.fate and not node.clamped
    explode = node.explode
    if plain and explode is None:
        values = dice.many(node.sides, node.count)
    elif plain and explode is not None and not explode.into_die:
        values = dice.exploding(node.sides, node.count, explode.faces, _most(node))
    else:
        pool = []
        for _ in range(node.count):
            _chain(node, dice, pool)
        values = [die.value for die in pool]
    kept = _kept(values, kept_range(node.keeps, len(values))) if node.keeps else None
    return TermRoll(node, values, kept, _value(node, values, kept), pool)


def _value(node: Dice, values: list[int], kept: list[bool] | None) -> int:
    standing = values if kept is None else [v for v, k in zip(values, kept, strict=True) if k]
    if node.match is not None and node.match.total:
        size = node.match.size
        return sum(1 for n in Counter(standing).values() if n >= size)
    if node.success is not None:
        hit, miss = node.success.test, node.failure.test if node.failure else None
        return sum(1 for v in standing if hit(v)) - sum(1 for v in standing if miss and miss(v))
    return sum(standing)


def _chain(node: Dice, dice: _Dice, pool: list[PoolDie]) -> None:
    """Roll one die of the term with its rerolls and explosions, adding it to the pool."""
    explode = node.explode
    faces = _rerolled(node, dice)
    if explode is None:
        pool.append(PoolDie(faces, node.clamp(faces[-1].value)))
        return
    current = faces
    total = faces[-1].value
    most = explode.limit if explode.limit is not None else limits.ROLL_MAX_EXPLOSIONS
    for _ in range(most):
        if faces[-1].value not in explode.faces:
            break
        faces[-1].exploded = True
        faces = _rerolled(node, dice)
        if explode.into_die:
            current.extend(faces)
            total += faces[-1].value - (1 if explode.penetrate else 0)
        else:
            pool.append(PoolDie(current, node.clamp(total)))
            current, total = faces, faces[-1].value
    pool.append(PoolDie(current, node.clamp(total)))


def _rerolled(node: Dice, dice: _Dice) -> list[Face]:
    """One roll and its rerolls; the last face is the one that stands."""
    reroll = node.reroll
    value = dice.roll(node)
    if reroll is None or value not in reroll.faces:
        return [Face(value)]
    faces = [Face(value, discarded=True)]
    while True:
        value = dice.roll(node)
        if reroll.once or value not in reroll.faces:
            faces.append(Face(value))
            return faces
        faces.append(Face(value, discarded=True))


def _kept(values: Sequence[Value], ranks: tuple[int, int]) -> list[bool]:
    """Which values the kept ranks `[lo, hi)` (0 = highest) keep; among equal values the first
    rolled is kept first (ranked from the side the kept ranks are nearest)."""
    n = len(values)
    lo, hi = ranks
    # a stable sort keeps equal values in the order rolled, descending too (`reverse` keeps it)
    if hi <= n - lo:
        order = sorted(range(n), key=values.__getitem__, reverse=True)
    else:
        order = sorted(range(n), key=values.__getitem__)
        lo, hi = n - hi, n - lo
    kept = [False] * n
    for i in order[lo:hi]:
        kept[i] = True
    return kept


def _group(node: Group, dice: _Dice) -> GroupRoll:
    items = [_sum(item, dice) for item in node.items]
    pooled = node.pooled()
    if pooled is not None:
        if not pooled:
            from ecran.dice.notation.exact_groups import one_roll_group

            raise one_roll_group(node)
        if len(node.keeps) > 1 and any(t.explode and not t.explode.into_die for t in pooled):
            from ecran.dice.notation.exact_dice import chained_on_exploded

            raise chained_on_exploded(node.text)
        return _pooled_group(node, items[0], dice)
    values = [item.value for item in items]
    kept = _group_kept(node, values)
    standing = [v for v, k in zip(values, kept, strict=True) if k]
    value = _successes(node, standing)
    return GroupRoll(node, items, kept, arith.normal(sum(standing)) if value is None else value)


def _pooled_group(node: Group, item: SumRoll, dice: _Dice) -> GroupRoll:
    """A one-roll group: keep/drop and targets over every die of its terms (Roll20)."""
    terms: list[TermRoll] = []
    for _, part in item.parts:
        while isinstance(part, LabelRoll):
            part = part.inner
        if not isinstance(part, TermRoll) or part.node.keeps or part.node.success:
            from ecran.dice.notation.exact_groups import one_roll_group

            raise one_roll_group(node)
        terms.append(part)
    values: list[Value] = [v for t in terms for v in t.values]
    kept = _group_kept(node, values)
    start = 0
    for t in terms:
        t.kept = kept[start : start + len(t.values)]
        start += len(t.values)
    standing = [v for v, k in zip(values, kept, strict=True) if k]
    value = _successes(node, standing)
    return GroupRoll(node, [item], [True], sum(standing) if value is None else value)


def _group_kept(node: Group, values: list[Value]) -> list[bool]:
    """Which of a group's values its keeps and drops keep (all of them without any)."""
    if not node.keeps:
        return [True] * len(values)
    return _kept(values, kept_range(node.keeps, len(values)))


def _successes(node: Group, standing: list[Value]) -> Value | None:
    """Successes minus failures among a group's kept values; None for a group without a
    target (its value is their sum)."""
    if node.success is None:
        return None
    hit, miss = node.success.test, node.failure.test if node.failure else None
    return sum(1 for v in standing if hit(v)) - sum(1 for v in standing if miss and miss(v))
