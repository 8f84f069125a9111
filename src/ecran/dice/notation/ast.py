"""The parsed form of a dice expression: small immutable nodes, no behaviour but naming.

Comparisons are resolved to face sets at parse time where the faces are known (reroll,
explosion); success counting keeps its comparison because a compounded die can exceed its faces.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import field
from fractions import Fraction

from ecran.record import slotted

Value = int | Fraction
"""An outcome: an integer, or an exact fraction once `/`, `**` or a decimal constant is used."""

OPERATORS: dict[str, Callable[[Value, Value], bool]] = {
    # Roll20's Dice Reference: a target number `>N` means N or more, `<N` N or less; `>=`/`<=`
    # are kept as aliases of the same meaning
    ">=": operator.ge,
    ">": operator.ge,
    "<=": operator.le,
    "<": operator.le,
    "=": operator.eq,
}


@slotted
class Comparison:
    """`op value`, e.g. `>5`: Roll20's meaning, `>` is "or more" and `<` "or less"."""

    op: str
    value: int

    def test(self, x: Value) -> bool:
        return OPERATORS[self.op](x, self.value)

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@slotted
class Reroll:
    """`r` (reroll until the face is outside `faces`) or `ro` (reroll once)."""

    faces: frozenset[int]
    once: bool
    text: str = field(default="", compare=False)


@slotted
class Explode:
    """`!` (each extra roll is a die of its own), `!!` (extra rolls add into the die) or `!p`
    (penetrating: like `!!`, each extra roll counting one less). `limit`: at most this many extra
    rolls per die (d20's `ra`, reroll-and-add: 1); None: as many as the faces ask for."""

    faces: frozenset[int]
    compound: bool
    text: str = field(default="", compare=False)
    penetrate: bool = False
    limit: int | None = None

    @property
    def into_die(self) -> bool:
        """The extra rolls add into the die that exploded (`!!`, `!p`): one die, one value."""
        return self.compound or self.penetrate


@slotted
class Keep:
    """Keep the `count` highest (or lowest) dice; drops are stored as the keep they mean."""

    highest: bool
    count: int | None
    """None: keep `dice - drop` (a drop clause, resolved against the pool size)."""
    drop: int
    text: str = field(default="", compare=False)

    def kept(self, pool: int) -> int:
        """How many dice of a pool of `pool` are kept."""
        if self.count is None:
            return max(0, pool - self.drop)
        return min(self.count, pool)


def kept_range(keeps: tuple[Keep, ...], pool: int) -> tuple[int, int]:
    """Chained keep/drop, applied in the order written, each to the dice the previous ones
    kept: the ranks `[lo, hi)` kept, rank 0 being the highest die."""
    lo, hi = 0, pool
    for keep in keeps:
        count = keep.kept(hi - lo)
        if keep.highest:
            hi = lo + count
        else:
            lo = hi - count
    return lo, hi


@slotted
class Match:
    """`m` (mark the dice that show the same face) or `mt` (the value is the number of sets of
    at least `size` equal dice)."""

    size: int
    total: bool


@slotted
class Dice:
    """`NdX` (or `NdF`) with its modifiers, applied in a fixed order whatever the order written:
    roll -> reroll -> explode -> min/max -> keep/drop -> count successes, failures or matches.
    Crit markers, sorting and `m` only change how the roll is shown."""

    count: int
    sides: int
    reroll: Reroll | None = None
    explode: Explode | None = None
    keeps: tuple[Keep, ...] = ()
    success: Comparison | None = None
    text: str = field(default="", compare=False)
    fate: bool = False
    failure: Comparison | None = None
    crit_success: Comparison | None = None
    crit_fail: Comparison | None = None
    sort: str | None = None
    """"a" ascending, "d" descending, None as rolled."""
    match: Match | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: The plainest term, `NdX` alone: its value is the sum of its dice (rolling's fast path).
    bare: bool = field(default=False, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        bare = (
            self.reroll is None
            and self.explode is None
            and not self.keeps
            and self.success is None
            and not self.fate
            and self.match is None
            and self.minimum is None
            and self.maximum is None
        )
        object.__setattr__(self, "bare", bare)

    @property
    def keep(self) -> Keep | None:
        """The first keep/drop clause (most terms have at most one)."""
        return self.keeps[0] if self.keeps else None

    def faces(self) -> list[int]:
        return [-1, 0, 1] if self.fate else list(range(1, self.sides + 1))

    def clamp(self, value: int) -> int:
        """d20's `mi`/`ma`: a die shows at least `minimum`, at most `maximum`."""
        if self.minimum is not None and value < self.minimum:
            value = self.minimum
        if self.maximum is not None and value > self.maximum:
            value = self.maximum
        return value

    @property
    def clamped(self) -> bool:
        return self.minimum is not None or self.maximum is not None

    def is_crit(self, value: int) -> tuple[bool, bool]:
        """(critical success, critical failure) as Roll20 marks them: `cs`/`cf` if given, else
        the highest and the lowest face."""
        top, bottom = (1, -1) if self.fate else (self.sides, 1)
        cs = self.crit_success.test(value) if self.crit_success else value == top
        cf = self.crit_fail.test(value) if self.crit_fail else value == bottom
        return cs, cf


@slotted
class Constant:
    value: Value


@slotted
class Sum:
    """Signed terms: `terms[i] = (+1 or -1, node)`. Parentheses make a nested `Sum`."""

    terms: tuple[tuple[int, Node], ...]
    grouped: bool = False


@slotted
class BinOp:
    """`left op right` for `*`, `/`, `%` (remainder, the sign of the left side) and `**`."""

    op: str
    left: Node
    right: Node


@slotted
class Call:
    """`floor(x)`, `ceil(x)`, `round(x)` (halves up, as Roll20) or `abs(x)`."""

    name: str
    arg: Sum


@slotted
class Labelled:
    """An inline label, `2d6[feu]`: shown with the roll, no effect on it."""

    node: Node
    label: str


@slotted
class Group:
    """`{a, b, …}` with keep/drop and target numbers over the sub-rolls' totals, or, when the
    group holds one roll, over its dice (Roll20)."""

    items: tuple[Sum, ...]
    keeps: tuple[Keep, ...] = ()
    success: Comparison | None = None
    failure: Comparison | None = None
    text: str = field(default="", compare=False)

    @property
    def modified(self) -> bool:
        return bool(self.keeps) or self.success is not None

    def pooled(self) -> list[Dice] | None:
        """The dice terms of a one-roll group whose modifiers apply to its dice, else None."""
        if len(self.items) != 1 or not self.modified:
            return None
        out: list[Dice] = []
        for sign, node in self.items[0].terms:
            while isinstance(node, Labelled):
                node = node.node
            if sign < 0 or not isinstance(node, Dice):
                return []
            out.append(node)
        return out


Node = Dice | Constant | Sum | BinOp | Call | Labelled | Group


@slotted
class Expression:
    """A parsed expression: its source text and its tree."""

    source: str
    root: Node

    def dice_terms(self) -> list[Dice]:
        out: list[Dice] = []
        _collect(self.root, out)
        return out


def children(node: Node) -> list[Node]:
    if isinstance(node, Sum):
        return [child for _, child in node.terms]
    if isinstance(node, BinOp):
        return [node.left, node.right]
    if isinstance(node, Call):
        return [node.arg]
    if isinstance(node, Labelled):
        return [node.node]
    if isinstance(node, Group):
        return list(node.items)
    return []


def _collect(node: Node, out: list[Dice]) -> None:
    if isinstance(node, Dice):
        out.append(node)
    for child in children(node):
        _collect(child, out)
