"""The parsed form of a dice expression: small immutable nodes, no behaviour but naming.

Comparisons are resolved to face sets at parse time where the faces are known (reroll,
explosion); success counting keeps its comparison because a compounded die can exceed its faces.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field

OPERATORS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "=": operator.eq,
}


@dataclass(frozen=True, slots=True)
class Comparison:
    """`op value`, e.g. `>= 5`. The operators mean what they say: `>` is strict."""

    op: str
    value: int

    def test(self, x: int) -> bool:
        return OPERATORS[self.op](x, self.value)

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """`r` (reroll until the face is outside `faces`) or `ro` (reroll once)."""

    faces: frozenset[int]
    once: bool
    text: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Explode:
    """`!` (each extra roll is a die of its own) or `!!` (extra rolls add into the die)."""

    faces: frozenset[int]
    compound: bool
    text: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Dice:
    """`NdX` with its modifiers, applied in a fixed order whatever the order written:
    roll -> reroll -> explode -> keep/drop -> count successes."""

    count: int
    sides: int
    reroll: Reroll | None = None
    explode: Explode | None = None
    keep: Keep | None = None
    success: Comparison | None = None
    text: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Constant:
    value: int


@dataclass(frozen=True, slots=True)
class Sum:
    """Signed terms: `terms[i] = (+1 or -1, node)`. Parentheses make a nested `Sum`."""

    terms: tuple[tuple[int, Node], ...]
    grouped: bool = False


Node = Dice | Constant | Sum


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed expression: its source text and its tree."""

    source: str
    root: Node

    def dice_terms(self) -> list[Dice]:
        out: list[Dice] = []
        _collect(self.root, out)
        return out


def _collect(node: Node, out: list[Dice]) -> None:
    if isinstance(node, Dice):
        out.append(node)
    elif isinstance(node, Sum):
        for _, child in node.terms:
            _collect(child, out)
