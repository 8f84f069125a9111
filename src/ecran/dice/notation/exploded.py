"""Keep/drop over a pool grown by explosions (`4d6!kh3`), exact.

Roll20's meaning (Dice Reference, "Exploding Dice" and "Keep / Drop Dice"): with `!` every extra
roll is a die of its own, added to the pool, and keep/drop then ranks the whole pool. So `4d6!kh3`
keeps the three highest of four dice *and* of all their explosions; `4d6!dl1` drops only the
lowest die of the whole grown pool.

The pool is walked roll by roll, one die's chain after another. The state is what the kept dice
can still become: for `khK` the K highest values seen so far, for `klK` the K lowest; for `dhD`
and `dlD` (whose kept count grows with the pool) the D values on the dropped side plus the sum of
every value seen. A chain rolls while it shows an exploding face, at most `depth` extra rolls:
a chain still exploding after that is left out, its mass the reported residual (as for a plain
`!` term). d20's `ra` (one extra roll, which does not explode) ends without residual. A target
number then counts over the kept dice (`4d6!kh3>5`: successes among the three kept).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from ecran.dice.distribution import Distribution
from ecran.dice.notation import limits
from ecran.dice.notation.ast import Keep
from ecran.dice.notation.errors import NotationError
from ecran.record import slotted

State = tuple[tuple[int, ...], int]
"""(the values on the tracked side, best first; the sum of every value so far, or 0)."""


@slotted
class ChainSpec:
    """`count` chains of one die type: the die (rerolled, its raw faces), the faces that explode
    (empty: the die does not), the most extra rolls of a chain and whether the last one may
    still explode (False for d20's `ra`: the chain always stops there), and the value a raw
    face stands for in the pool (clamped by `mi`/`ma`)."""

    die: Distribution[int]
    count: int
    on: frozenset[int]
    extra: int
    truncated: bool
    value: Callable[[int], int]


def kept_pool(
    specs: Sequence[ChainSpec], keep: Keep, score: Callable[[int], int] | None
) -> Distribution[int]:
    """Sum (or `score` sum) of the dice `keep` keeps from the pool the chains grow."""
    top = keep.highest if keep.count is not None else not keep.highest
    size = keep.count if keep.count is not None else keep.drop
    dropping = keep.count is None
    scored = score if score is not None else _identity

    def insert(state: State, face: int) -> State:
        side, total = state
        v = face
        merged = sorted((*side, v), reverse=top)[:size] if size else side
        return tuple(merged), total + scored(v) if dropping else 0

    states: dict[State, int] = {((), 0): 1}
    denominator = 1
    for spec in specs:
        for _ in range(spec.count):
            states, den = _chain(states, spec, insert)
            denominator *= den
            if len(states) > limits.MAX_GROUP_STATES:
                raise _too_costly()
    weights: dict[int, int] = {}
    for (side, total), w in states.items():
        part = sum(scored(v) for v in side)
        value = total - part if dropping else part
        weights[value] = weights.get(value, 0) + w
    return Distribution(weights, denominator).reduced()


def _chain(
    states: dict[State, int], spec: ChainSpec, insert: Callable[[State, int], State]
) -> tuple[dict[State, int], int]:
    """One die's chain added to every state: weights over the old denominator times `den`."""
    die_items = [(face, spec.value(face), w) for face, w in spec.die.weights().items()]
    den = spec.die.denominator
    levels = spec.extra + 1 if spec.on else 1
    result: dict[State, int] = {}
    frontier = states
    cache: dict[tuple[State, int], State] = {}
    for j in range(levels):
        scale = den ** (levels - j - 1)
        last = j + 1 == levels
        nxt: dict[State, int] = {}
        for state, w in frontier.items():
            for face, value, fw in die_items:
                key = (state, value)
                new = cache.get(key)
                if new is None:
                    new = cache[key] = insert(state, value)
                if face in spec.on and not last:
                    nxt[new] = nxt.get(new, 0) + w * fw
                elif face in spec.on and spec.truncated:
                    continue  # still exploding past the depth: the residual
                else:
                    result[new] = result.get(new, 0) + w * fw * scale
        frontier = nxt
        if not frontier:
            # every chain stopped early: the result is over den**(j+1), not den**levels
            return _rescale(result, den ** (levels - j - 1)), den ** (j + 1)
    return result, den**levels


def _rescale(weights: dict[State, int], factor: int) -> dict[State, int]:
    return {k: w // factor for k, w in weights.items()} if factor > 1 else weights


def work(shape: Sequence[tuple[int, int, int]], keep: Keep, span: int) -> int:
    """Estimated inner-loop steps of `kept_pool`: states times faces times rolls. `shape`:
    (dice, faces, rolls per chain) per term; `span`: the range of one roll's value (or score)."""
    faces = max((f for _, f, _ in shape), default=1)
    size = keep.count if keep.count is not None else keep.drop
    states = comb(faces + size, size)
    if keep.count is None:
        states *= sum(count * rolls for count, _, rolls in shape) * span + 1
    return states * sum(count * f * rolls for count, f, rolls in shape)


def _too_costly() -> NotationError:
    return NotationError(
        "calcul exact trop gros pour garder des dés parmi ceux qui explosent ; "
        "réduisez les dés ou --depth, ou lancez plutôt les dés",
        "exact odds too large to keep dice among exploding ones; use fewer dice or a smaller "
        "--depth, or roll the dice instead",
    )


def too_costly() -> NotationError:
    """The refusal when the estimated work is past the budget."""
    return _too_costly()


def _identity(x: int) -> int:
    return x
