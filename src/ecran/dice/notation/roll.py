"""Rolling a parsed expression with any `DiceSource`, keeping every die for the record.

Order of the dice (the audit trail): terms left to right; within a term, die after die; within
a die, its first roll, its rerolls, then its explosions (each explosion roll rerolled the same
way). `RollResult.dice` lists them all in that order, rerolled-away values included, so a
seeded `Roller` replays the same record.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ecran.dice.notation import limits
from ecran.dice.notation.ast import Constant, Dice, Expression, Node, Sum
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.parser import parse
from ecran.dice.roller import DiceSource


class Face:
    """One roll of a die. `discarded`: replaced by a reroll. `exploded`: it rolled another."""

    __slots__ = ("discarded", "exploded", "value")

    def __init__(self, value: int, discarded: bool = False, exploded: bool = False) -> None:
        self.value = value
        self.discarded = discarded
        self.exploded = exploded


class PoolDie:
    """One die of a term's pool: its faces (several when rerolled or compounded)."""

    __slots__ = ("faces", "kept", "passed", "value")

    def __init__(self, faces: list[Face], value: int) -> None:
        self.faces = faces
        self.value = value
        self.kept = True
        self.passed = False


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
        if pool is None:
            pool = [PoolDie([Face(v)], v) for v in self.values]
        test = self.node.success.test if self.node.success is not None else None
        for index, die in enumerate(pool):
            die.kept = self.kept is None or self.kept[index]
            die.passed = die.kept and test is not None and test(die.value)
        self._pool = pool
        return pool


@dataclass(slots=True)
class SumRoll:
    node: Sum
    parts: list[tuple[int, TermRoll | SumRoll | Constant]]
    value: int


@dataclass(slots=True)
class RollResult:
    """A rolled expression: its total, every die in the order rolled, and the tree to show."""

    expression: Expression
    total: int
    dice: list[int]
    tree: SumRoll
    _text: str | None = field(default=None, repr=False)

    @property
    def text(self) -> str:
        """The work shown, e.g. `4d6kh3 (4, 4, 6, ~~3~~) = 14` (computed on first use)."""
        if self._text is None:
            from ecran.dice.notation.text import roll_text

            self._text = roll_text(self)
        return self._text


def roll(expression: Expression | str, dice: DiceSource) -> RollResult:
    """Roll the expression with `dice` (a seeded `Roller` to replay it)."""
    expr = parse(expression) if isinstance(expression, str) else expression
    rolled: list[int] = []
    root = expr.root
    assert isinstance(root, Sum)
    tree = _sum(root, _Dice(dice, rolled))
    return RollResult(expr, tree.value, rolled, tree)


class _Dice:
    """The dice source plus the record and the roll budget."""

    __slots__ = ("d", "rolled")

    def __init__(self, source: DiceSource, rolled: list[int]) -> None:
        self.rolled = rolled
        self.d = source.d

    def roll(self, sides: int) -> int:
        self.budget(1)
        value = self.d(sides)
        self.rolled.append(value)
        return value

    def many(self, sides: int, count: int) -> list[int]:
        self.budget(count)
        d = self.d
        values = [d(sides) for _ in range(count)]
        self.rolled.extend(values)
        return values

    def budget(self, count: int) -> None:
        if len(self.rolled) + count > limits.MAX_ROLLS:
            raise NotationError(
                f"trop de dés lancés (plus de {limits.MAX_ROLLS})",
                f"too many dice rolled (more than {limits.MAX_ROLLS})",
            )


def _node(node: Node, dice: _Dice) -> TermRoll | SumRoll | Constant:
    if isinstance(node, Dice):
        return _term(node, dice)
    if isinstance(node, Sum):
        return _sum(node, dice)
    return node


def _sum(node: Sum, dice: _Dice) -> SumRoll:
    parts: list[tuple[int, TermRoll | SumRoll | Constant]] = []
    total = 0
    for sign, child in node.terms:
        part = _node(child, dice)
        parts.append((sign, part))
        total += sign * part.value
    return SumRoll(node, parts, total)


def _term(node: Dice, dice: _Dice) -> TermRoll:
    pool: list[PoolDie] | None = None
    if node.reroll is None and node.explode is None:
        values = dice.many(node.sides, node.count)
    else:
        pool = []
        for _ in range(node.count):
            _chain(node, dice, pool)
        values = [die.value for die in pool]
    kept = _kept(node, values) if node.keep is not None else None
    if node.success is not None:
        test = node.success.test
        value = sum(1 for i, v in enumerate(values) if (kept is None or kept[i]) and test(v))
    elif kept is None:
        value = sum(values)
    else:
        value = sum(v for v, k in zip(values, kept, strict=True) if k)
    return TermRoll(node, values, kept, value, pool)


def _chain(node: Dice, dice: _Dice, pool: list[PoolDie]) -> None:
    """Roll one die of the term with its rerolls and explosions, adding it to the pool."""
    explode = node.explode
    faces = _rerolled(node, dice)
    if explode is None:
        pool.append(PoolDie(faces, faces[-1].value))
        return
    current = faces
    total = faces[-1].value
    for _ in range(limits.ROLL_MAX_EXPLOSIONS):
        if faces[-1].value not in explode.faces:
            break
        faces[-1].exploded = True
        faces = _rerolled(node, dice)
        if explode.compound:
            current.extend(faces)
            total += faces[-1].value
        else:
            pool.append(PoolDie(current, total))
            current, total = faces, faces[-1].value
    pool.append(PoolDie(current, total))


def _rerolled(node: Dice, dice: _Dice) -> list[Face]:
    """One roll and its rerolls; the last face is the one that stands."""
    reroll = node.reroll
    value = dice.roll(node.sides)
    if reroll is None or value not in reroll.faces:
        return [Face(value)]
    faces = [Face(value, discarded=True)]
    while True:
        value = dice.roll(node.sides)
        if reroll.once or value not in reroll.faces:
            faces.append(Face(value))
            return faces
        faces.append(Face(value, discarded=True))


def _kept(node: Dice, values: list[int]) -> list[bool]:
    """Which dice the keep/drop clause keeps; among equal dice, the first rolled first."""
    keep = node.keep
    assert keep is not None
    count = keep.kept(len(values))
    if keep.highest:
        order = sorted(range(len(values)), key=lambda i: (-values[i], i))
    else:
        order = sorted(range(len(values)), key=lambda i: (values[i], i))
    kept = [False] * len(values)
    for i in order[:count]:
        kept[i] = True
    return kept
