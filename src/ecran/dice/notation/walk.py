"""The general roll: a parsed expression's tree walked node by node with any `DiceSource`,
every die kept for the record, and the rolled tree it gives (`RollResult`). The commonest shapes
are rolled by shorter plans (`roll.py`) that give the same dice and the same tree.

Order of the dice (the audit trail): terms left to right; within a term, die after die; within
a die, its first roll, its rerolls, then its explosions (each explosion roll rerolled the same
way). `RollResult.dice` lists them all in that order, rerolled-away values included, so a
seeded `Roller` replays the same record. Fudge dice (dF) are recorded as -1, 0 or 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

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
                mark_explosions(pool, node.explode.faces, most_rolls(node))
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

    A roll of the commonest shapes (`roll.py`'s plans) leaves `tree` to be built on first use,
    from its dice: the same tree the general walk builds (a test holds them equal)."""

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
            from ecran.dice.notation.roll import planned_tree  # the plans' own, built on use

            tree = self._tree = planned_tree(self.expression, list(self.dice), self.total)
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


def walk(expr: Expression, dice: DiceSource) -> RollResult:
    """The general roll: the tree walked node by node, every die recorded."""
    rolled: list[int] = []
    tree = _sum(expr.root, Recording(dice, rolled))  # type: ignore[arg-type]  # a root is a Sum
    return RollResult(expr, tree.value, rolled, tree)


class Recording:
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


def most_rolls(node: Dice) -> int:
    explode = node.explode
    assert explode is not None
    return explode.limit if explode.limit is not None else limits.ROLL_MAX_EXPLOSIONS


def mark_explosions(pool: list[PoolDie], faces: frozenset[int], most: int) -> None:
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


def _node(node: Node, dice: Recording) -> Rolled:
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


def _sum(node: Sum, dice: Recording) -> SumRoll:
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


def _term(node: Dice, dice: Recording) -> TermRoll:
    if node.bare:  # `NdX`: the sum of its dice
        values = dice.many(node.sides, node.count)
        return TermRoll(node, values, None, sum(values))
    pool: list[PoolDie] | None = None
    plain = node.reroll is None and not node.fate and not node.clamped
    explode = node.explode
    if plain and explode is None:
        values = dice.many(node.sides, node.count)
    elif plain and explode is not None and not explode.into_die:
        values = dice.exploding(node.sides, node.count, explode.faces, most_rolls(node))
    else:
        pool = []
        for _ in range(node.count):
            _chain(node, dice, pool)
        values = [die.value for die in pool]
    kept = kept_flags(values, kept_range(node.keeps, len(values))) if node.keeps else None
    return TermRoll(node, values, kept, term_value(node, values, kept), pool)


def term_value(node: Dice, values: list[int], kept: list[bool] | None) -> int:
    standing = values if kept is None else [v for v, k in zip(values, kept, strict=True) if k]
    if node.match is not None and node.match.total:
        size = node.match.size
        return sum(1 for n in Counter(standing).values() if n >= size)
    if node.success is not None:
        hit, miss = node.success.test, node.failure.test if node.failure else None
        return sum(1 for v in standing if hit(v)) - sum(1 for v in standing if miss and miss(v))
    return sum(standing)


def _chain(node: Dice, dice: Recording, pool: list[PoolDie]) -> None:
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


def _rerolled(node: Dice, dice: Recording) -> list[Face]:
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


def kept_flags(values: Sequence[Value], ranks: tuple[int, int]) -> list[bool]:
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


def _group(node: Group, dice: Recording) -> GroupRoll:
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


def _pooled_group(node: Group, item: SumRoll, dice: Recording) -> GroupRoll:
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
    return kept_flags(values, kept_range(node.keeps, len(values)))


def _successes(node: Group, standing: list[Value]) -> Value | None:
    """Successes minus failures among a group's kept values; None for a group without a
    target (its value is their sum)."""
    if node.success is None:
        return None
    hit, miss = node.success.test, node.failure.test if node.failure else None
    return sum(1 for v in standing if hit(v)) - sum(1 for v in standing if miss and miss(v))
